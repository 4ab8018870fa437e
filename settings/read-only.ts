// A read-only run (HB_ALLOW_WRITES not true against a remote target): the tests it leaves out carry
// one annotation and one reason, so the verdict can say what was not tested and why.

/** The annotation of a test a read-only run did not run. */
export const NOT_RUN_READ_ONLY = 'not-run: read-only';

/** The one skip reason of every such test. */
export const READ_ONLY_REASON = 'read-only run: this test writes; HB_ALLOW_WRITES=true runs it';

/** What a read-only run left out: the flows project's tests, and every other test that writes. */
export interface ReadOnlyGap {
  flowTests: number;
  writeChecks: number;
}

/** `read-only: 8 flow tests and 20 write checks not run; HB_ALLOW_WRITES=true runs them`. */
export function readOnlyNote({ flowTests, writeChecks }: ReadOnlyGap): string {
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  return `read-only: ${n(flowTests, 'flow test')} and ${n(writeChecks, 'write check')} not run; HB_ALLOW_WRITES=true runs them`;
}
