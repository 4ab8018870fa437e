// What a run's results depend on besides luck: the commit, the uncommitted changes, and the HB_*
// settings that shape the suite. A run records it (playwright.config.ts metadata); a tool that reuses
// the run's results (npm run mutation) refuses them when its own fingerprint differs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

/** Variables that change from run to run without changing what is tested. */
const PER_RUN = /^HB_(RUN_ID|MOCK_SECRET|REPORTS_DIR|STORAGE_STATE|MOCK_STATS|ENV_FILE|SECRETS_LOG)$/;

const git = (...args: string[]): string => {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '(no git)';
  }
};

export interface RunFingerprint {
  commit: string;
  /** A hash of the uncommitted changes and the settings; equal fingerprints, equal suites. */
  hash: string;
}

/** The fingerprint of a run started now with `env`. */
export function runFingerprint(env: NodeJS.ProcessEnv = process.env): RunFingerprint {
  const commit = git('rev-parse', 'HEAD').trim();
  const settings = Object.entries(env)
    .filter(([k]) => k.startsWith('HB_') && !PER_RUN.test(k))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v ?? ''}`);
  const hash = createHash('sha256').update([commit, git('diff', 'HEAD'), ...settings].join('\n'));
  // Files git does not track yet (and does not ignore): their contents, not only their names.
  for (const file of git('ls-files', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean).sort()) {
    hash.update(`\n${file}\n`);
    try {
      hash.update(readFileSync(join(REPO_ROOT, file)));
    } catch {
      hash.update('(unreadable)');
    }
  }
  return { commit, hash: hash.digest('hex').slice(0, 16) };
}
