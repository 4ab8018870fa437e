// The proxy's production guard (HB_PROTECTED_HOSTS, compared by address by settings/same-machine.ts
// as for the suite): no write reaches a protected host unless the person passed --allow-writes.
import { writeName, writeRoute } from '../settings/write-guard.js';

export interface WriteGuard {
  /** Hosts never written to (HB_PROTECTED_HOSTS): `host` or `host:port`. */
  protectedHosts: readonly string[];
  /** `--allow-writes`. */
  allowWrites: boolean;
}

/**
 * Why this request must not reach the target, or null when it may. `protectedWhy` is why the target
 * is protected (settings/same-machine.ts, resolved once at start), null when it is not. What counts as a
 * write is the suite's one rule (settings/write-guard.ts, `writeRoute`). `requestTarget` is the path and
 * query as the client sent it.
 */
export function refusal(method: string, requestTarget: string, protectedWhy: string | null, guard: WriteGuard): string | null {
  if (guard.allowWrites || protectedWhy === null || !writeRoute(method, requestTarget)) return null;
  return (
    `hb-proxy refused to forward ${writeName(method, requestTarget)}: it writes, and ${protectedWhy}. ` +
    'Restart the proxy with --allow-writes to forward writes.'
  );
}
