// A command line's refusal, seen the same way in a child process and in the worker: exit code 2,
// the reason on the first line of stderr, the usage after it, no stack trace, nothing started.
// In the worker, settings/command-line.ts runs with process.exit and the console stubbed.
import { format } from 'node:util';
import type { ChildRun } from '../../child-runs/child-run.js';
import { expect } from '../../fixtures/index.js';

/** What a command line said and how it ended (status null: it went on past its checks). */
export type Said = Pick<ChildRun, 'status' | 'stdout' | 'stderr'>;

export const said = (run: Said) => `exit ${run.status}:\n${run.stdout}${run.stderr}`;

class Exit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/** Run `entry` (a synchronous start, such as parseOrExit) in the worker, its exit and console output caught. */
export function exitOf(entry: () => unknown): Said {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = (['exit', 'log', 'error'] as const).map((key) => {
    const owner = key === 'exit' ? process : console;
    return [owner, key, Object.getOwnPropertyDescriptor(owner, key)!] as const;
  });
  process.exit = (code?: number | string | null) => {
    throw new Exit(Number(code ?? 0));
  };
  console.log = (...args: unknown[]) => stdout.push(`${format(...args)}\n`);
  console.error = (...args: unknown[]) => stderr.push(`${format(...args)}\n`);
  let status: number | null = null;
  try {
    entry();
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    status = error.code;
  } finally {
    for (const [owner, key, descriptor] of saved) Object.defineProperty(owner, key, descriptor);
  }
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Exit 2, the reason on the first line of stderr, the usage after it, no stack trace, nothing started. */
export function expectRefused(run: Said, reason: RegExp, usage: string): void {
  expect(run.status, said(run)).toBe(2);
  expect(run.stderr.split('\n')[0], said(run)).toMatch(reason);
  expect(run.stderr, said(run)).toContain(usage);
  expect(`${run.stdout}${run.stderr}`, said(run)).not.toMatch(/^\s+at |listening on|passed/m);
}
