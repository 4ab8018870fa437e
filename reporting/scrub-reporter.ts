// The last reporter of every run: once the HTML, JUnit, blob and Allure reporters have
// written, it masks the password, cookie values and tokens in everything the run left
// (reports, traces, error contexts, attachments), zips included.
import { existsSync, readFileSync } from 'node:fs';
import type { FullConfig, Reporter } from '@playwright/test/reporter';
import { scrubArtefacts } from './artefact-secrets.js';
import { loadEnv } from '../settings/env.js';
import { STORAGE_STATE } from '../settings/paths.js';
import { reportsPath, runPassword } from './report-options.js';

/** Secrets this process knows of: the run's password and the saved session's cookie values. */
export function knownSecrets(): string[] {
  const known = [runPassword(loadEnv())];
  if (existsSync(STORAGE_STATE)) {
    const state = JSON.parse(readFileSync(STORAGE_STATE, 'utf8')) as { cookies?: { value: string }[] };
    known.push(...(state.cookies ?? []).map((c) => c.value));
  }
  return known;
}

/** Where a run leaves artefacts: the reports folder and every project's output folder. */
export const artefactDirs = (config: FullConfig): string[] => [
  ...new Set([reportsPath(loadEnv()), ...config.projects.map((p) => p.outputDir)]),
];

export default class ScrubReporter implements Reporter {
  private dirs: string[] = [];

  onBegin(config: FullConfig): void {
    this.dirs = artefactDirs(config);
  }

  printsToStdio(): boolean {
    return false;
  }

  onEnd(): void {
    scrubArtefacts(this.dirs, knownSecrets());
  }
}
