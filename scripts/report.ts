// `npm run report`: the Allure 3 report of the last run as one HTML file that opens from
// disk (reports/allure-report/index.html), with the history of earlier reports
// (reports/history/). `npm run report -- --merge <dir>` first merges the shards of a CI run
// found under <dir> (each shard's blob-report/ and allure-results/) into one Playwright HTML
// report, JUnit file and reports/summary.json, then builds one Allure report from all shards.
// `--quality-gate` then runs Allure's quality gate (allurerc.ts): it fails on a contract
// break; drift only warns.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { scrubArtefacts } from '../reporting/artefact-secrets.js';
import { knownSecrets } from '../reporting/scrub-reporter.js';
import { loadEnvOrExit } from '../settings/env.js';
import { ALLURE_HISTORY, ALLURE_REPORT, reportsPath } from '../reporting/report-options.js';
import { mergeShardCoverage } from '../coverage/merge.js';
import type { RunSummary } from '../reporting/summary-model.js';
import { REPO_ROOT } from '../settings/paths.js';
import { unfinishedRunRefusal } from '../settings/run.js';

const env = loadEnvOrExit();

function fail(message: string): never {
  console.error(`npm run report: ${message}`);
  process.exit(1);
}

/** The CLIs a report takes, run by this Node from the repository's own packages (npx's own start costs half a second). */
const CLI = {
  playwright: join(REPO_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
  allure: join(REPO_ROOT, 'node_modules', 'allure', 'cli.js'),
};

function run(tool: keyof typeof CLI, args: string[], extraEnv: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, [CLI[tool], ...args], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  if (result.status !== 0) fail(`${tool} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Directories named `name` anywhere under `dir`. */
function dirsNamed(dir: string, name: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === name) found.push(path);
    else found.push(...dirsNamed(path, name));
  }
  return found;
}

const hasResults = (dir: string) => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('-result.json'));

/** Merge every shard's blob into reports/playwright-report and reports/junit.xml. */
function mergeShards(shardsDir: string): string[] {
  if (!existsSync(shardsDir)) fail(`${shardsDir} does not exist`);
  const blobs = dirsNamed(shardsDir, 'blob-report').flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.zip'))
      .map((f) => join(d, f)),
  );
  if (!blobs.length) fail(`no blob-report/*.zip under ${shardsDir}: did the shards run with --shard?`);
  const merged = reportsPath(env, 'blob-merged');
  rmSync(merged, { recursive: true, force: true });
  mkdirSync(merged, { recursive: true });
  blobs.forEach((blob, i) => copyFileSync(blob, join(merged, `${i + 1}-${basename(blob)}`)));
  run('playwright', ['merge-reports', '--reporter=html,junit,./reporting/summary-reporter.ts', merged], {
    PLAYWRIGHT_HTML_OUTPUT_DIR: reportsPath(env, 'playwright-report'),
    PLAYWRIGHT_HTML_OPEN: 'never',
    PLAYWRIGHT_JUNIT_OUTPUT_FILE: reportsPath(env, 'junit.xml'),
  });
  console.log(
    `Merged ${blobs.length} blob report(s) into ${relative(REPO_ROOT, reportsPath(env, 'playwright-report'))}/, ` +
      `${relative(REPO_ROOT, reportsPath(env, 'junit.xml'))} and ${relative(REPO_ROOT, reportsPath(env, 'summary.json'))}`,
  );
  // Each shard's coverage.json adds up to reports/coverage.json; an unmet coverage gate fails here.
  if (mergeShardCoverage(shardsDir, reportsPath(env, 'coverage.json'), env.coverageGate ?? 'auto') === false) fail('coverage gate failed');
  return dirsNamed(shardsDir, 'allure-results').filter(hasResults);
}

const args = process.argv.slice(2);
const gate = args.includes('--quality-gate');
// Allure 3.18's quality gate calls Iterator.prototype.toArray, which Node 20 lacks.
if (gate && Number(process.versions.node.split('.')[0]) < 22) fail(`--quality-gate needs Node 22 or later (this is ${process.version})`);
const mergeAt = args.indexOf('--merge');
// The results of a run under way, or of one killed before its end, are partial: no report is made of them.
const unfinished = mergeAt < 0 ? unfinishedRunRefusal(reportsPath(env)) : undefined;
if (unfinished) fail(unfinished);
const resultsDirs =
  mergeAt >= 0 ? mergeShards(args[mergeAt + 1] ?? fail('--merge needs a directory')) : [reportsPath(env, 'allure-results')];
if (!resultsDirs.some(hasResults))
  fail(`no Allure results in ${resultsDirs.map((d) => relative(REPO_ROOT, d)).join(', ') || 'the shards'}: run npm test first`);

const output = reportsPath(env, ALLURE_REPORT);
rmSync(output, { recursive: true, force: true });
run('allure', ['generate', ...resultsDirs.filter(hasResults), '--config', join(REPO_ROOT, 'allurerc.ts'), '--output', output]);

// The awesome template loads an analytics script from the internet; an offline report needs none.
const index = join(output, 'index.html');
const html = readFileSync(index, 'utf8');
writeFileSync(
  index,
  html.replace(
    /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>[\s\S]*?gtag\('config'[\s\S]*?<\/script>/,
    '',
  ),
);
// The run's known secrets (the password, the saved session's cookies) and every value the artefacts show issued.
scrubArtefacts([output, reportsPath(env, 'playwright-report'), reportsPath(env, 'junit.xml')], knownSecrets());

const summary = JSON.parse(readFileSync(join(output, 'summary.json'), 'utf8')) as { stats: Record<string, number>; status: string };
const counts = Object.entries(summary.stats)
  .map(([k, v]) => `${v} ${k}`)
  .join(', ');
const history = reportsPath(env, ...ALLURE_HISTORY);
const runs = existsSync(history) ? readFileSync(history, 'utf8').split('\n').filter(Boolean).length : 0;
console.log(
  `Allure report: ${relative(REPO_ROOT, index)} (${Math.round(statSync(index).size / 1024)} KiB, ${counts}; ${summary.status}; ` +
    `history of ${runs} report(s) in ${relative(REPO_ROOT, history)}). Open it from disk in any browser.`,
);

if (gate) qualityGate(resultsDirs.filter(hasResults));

/** Allure's quality gate on the results (a contract break fails it); drift from reports/summary.json as warnings. */
function qualityGate(dirs: string[]): void {
  const actions = !!process.env.GITHUB_ACTIONS;
  const runSummary = reportsPath(env, 'summary.json');
  if (existsSync(runSummary)) {
    const { drift } = JSON.parse(readFileSync(runSummary, 'utf8')) as RunSummary;
    for (const d of drift) {
      const what = [
        ...d.unknownKeys.map((k) => `unknown key ${k}`),
        ...d.newBaselineKeys.map((k) => `new key ${k}`),
        ...(d.noBaseline ? ['no baseline for this target'] : []),
      ].join(', ');
      console.log(`${actions ? '::warning title=Contract drift::' : 'warning: drift: '}${d.project} ${d.endpointId}: ${what}`);
    }
  }
  // This Node (checked above), not whichever `npx` finds first on PATH.
  const result = spawnSync(process.execPath, [CLI.allure, 'quality-gate', ...dirs, '--config', join(REPO_ROOT, 'allurerc.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  if (result.status !== 0) {
    // A crash exits non-zero too: only Allure's own verdict counts as a contract break.
    if (!/quality gate rules? ha(s|ve) been failed/i.test(result.stdout + result.stderr)) {
      fail(`allure quality-gate did not give a verdict (exit ${result.status ?? result.signal})`);
    }
    if (actions) console.log('::error title=Quality gate::a contract broke (Allure category "Contract breaks"); see the report');
    fail('quality gate failed: a contract broke');
  }
  console.log('Quality gate passed: no contract break.');
}
