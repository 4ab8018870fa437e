// `.ci/run`: the figures the last run here wrote to reports/ci.json, or with --ci a run on a fresh clone of HEAD.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, REPO_ROOT, tempDir } from '../child-runs/child-run.js';
import { timed, type Measure } from './measure.js';
import { verdict } from './report.js';

/** Written by .ci/run: when it ran, its exit code, its seconds in all and per step. */
const CI_REPORT = join(REPO_ROOT, 'reports', 'ci.json');
interface CiFigures {
  at?: string;
  exitCode?: number | null;
  seconds?: number;
  steps?: Record<string, number>;
}

const readFigures = (file: string): CiFigures | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CiFigures) : undefined;

async function freshRun(): Promise<CiFigures> {
  const dir = tempDir('bench-ci');
  try {
    spawnSync('git', ['clone', '--quiet', REPO_ROOT, join(dir, 'repo')], { stdio: 'inherit' });
    const { value: exitCode, wallSeconds } = await timed(
      () =>
        new Promise<number | null>((resolve) =>
          spawn(join(dir, 'repo', '.ci', 'run'), [], {
            cwd: join(dir, 'repo'),
            env: childEnv({}),
            stdio: ['ignore', 'ignore', 'inherit'],
          }).on('close', resolve),
        ),
    );
    const steps = readFigures(join(dir, 'repo', 'reports', 'ci.json'))?.steps;
    return { at: new Date().toISOString(), exitCode, seconds: wallSeconds, steps };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const ci: Measure = async (o) => {
  const figures = o.ci ? await freshRun() : (readFigures(CI_REPORT) ?? {});
  const steps = figures.steps
    ? `: ${Object.entries(figures.steps)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`
    : '';
  const row =
    figures.seconds === undefined
      ? { value: 'not measured (run .ci/run, or npm run bench -- --ci)', status: '—' }
      : {
          value: `${figures.seconds} s${figures.exitCode ? ` (FAILED, exit ${figures.exitCode})` : ''}${steps}`,
          status: verdict(figures.exitCode === 0),
        };
  const measure = `.ci/run, wall${o.ci ? ', fresh clone' : figures.at ? `, last run ${figures.at}` : ''}`;
  return { result: { fresh: o.ci, ...figures }, rows: [{ measure, target: 'green', ...row }] };
};
