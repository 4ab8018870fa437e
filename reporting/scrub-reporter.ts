// The last reporter of every run: once the HTML, JUnit, blob and Allure reporters have
// written, it masks the password, cookie values and tokens in everything the run wrote
// (reports, traces, error contexts, attachments), zips included, and in nothing else; then it removes the
// empty per-test folders Playwright leaves in the output folders (a passed test that wrote nothing).
import { existsSync, readFileSync, readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter } from '@playwright/test/reporter';
import { scrubArtefacts } from './artefact-secrets.js';
import { loadEnv } from '../settings/env.js';
import { STORAGE_STATE } from '../settings/paths.js';
import { endReports } from '../settings/run.js';
import { ALLURE_REPORT, reportsPath, runPassword } from './report-options.js';

/** Secrets this process knows of: the run's password and the saved session's cookie values. */
export function knownSecrets(): string[] {
  const known = [runPassword(loadEnv())];
  if (existsSync(STORAGE_STATE)) {
    const state = JSON.parse(readFileSync(STORAGE_STATE, 'utf8')) as { cookies?: { value: string }[] };
    known.push(...(state.cookies ?? []).map((c) => c.value));
  }
  return known;
}

/**
 * Where a run leaves artefacts: the reports folder and every project's output folder. Not the Allure report, which only
 * `npm run report` writes and masks (scripts/report.ts): megabytes of base64 files built from results a run has masked
 * already, which a run leaves as they were.
 */
export function artefactDirs(config: FullConfig): string[] {
  const reports = reportsPath(loadEnv());
  const inReports = existsSync(reports)
    ? readdirSync(reports)
        .filter((name) => name !== ALLURE_REPORT)
        .map((name) => join(reports, name))
    : [];
  return [...new Set([...inReports, ...config.projects.map((p) => p.outputDir)])];
}

/** Remove the empty folders below `dir`, deepest first; true when `dir` itself is empty now. */
function removeEmptyFolders(dir: string, isRoot = true): boolean {
  if (!existsSync(dir)) return false;
  const entries = readdirSync(dir, { withFileTypes: true });
  const left = entries.filter((e) => !(e.isDirectory() && removeEmptyFolders(join(dir, e.name), false)));
  if (left.length || isRoot) return false;
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false; // written to meanwhile: kept
  }
}

/**
 * When this run began, as file times count (a second early: some file systems keep whole seconds). The runner makes its
 * reporters as the run starts, before any test or reporter writes; only what is written from then on is scrubbed.
 */
export const runStart = (): number => Date.now() - 1000;

export default class ScrubReporter implements Reporter {
  private config?: FullConfig;
  private readonly since = runStart();

  onBegin(config: FullConfig): void {
    this.config = config;
  }

  printsToStdio(): boolean {
    return false;
  }

  onEnd(): void {
    if (!this.config) return;
    // Listed now: the reports the run wrote at its end are in the folder.
    scrubArtefacts(artefactDirs(this.config), knownSecrets(), { since: this.since });
    for (const dir of new Set(this.config.projects.map((p) => p.outputDir))) removeEmptyFolders(dir);
    // The run's reports are whole (settings/run.ts): a later run or `npm run report` no longer takes them for a killed run's.
    endReports(reportsPath(loadEnv()));
  }
}
