// The production guard by address: a target is protected when its host is spelled as a protected
// entry (protected-hosts.ts) or resolves to an address one of them resolves to. `0.0.0.0`, `::`,
// loopback and this machine's own interface addresses are one place; a target that does not resolve
// refuses writes, as nobody can tell which server it names; an entry that does not resolve is compared by
// name only, with a warning (`host=address` pins its address for a runner without DNS).
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isProtectedHost, protectedEntry } from './protected-hosts.js';

/** A listening address as a URL's host: an IPv6 address in brackets (RFC 3986 §3.2.2), `[::1]` for `::`. */
export const urlHost = (address: string): string => {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 6) return bare;
  return bare === '::' ? '[::1]' : `[${bare}]`;
};

/** A host's addresses (node:dns `lookup(host, { all: true })`); tests pass their own, without network. */
export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Stands for every address of this machine (RFC 1122 §3.2.1.3 `0.0.0.0`, RFC 4291 §2.5.2-3 `::` and `::1`). */
const THIS_MACHINE = 'this machine';

/** `[::ffff:7f00:1]`, `::FFFF:127.0.0.1` → `127.0.0.1` (RFC 4291 §2.5.5.2); other IPv6 canonical, IPv4 as is. */
function plainAddress(address: string): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isIP(bare) !== 6) return bare;
  const canonical = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Every address of this machine's interfaces, read at each call (an interface may come up). */
const localAddresses = (): Set<string> =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => plainAddress(i!.address.split('%', 1)[0]!)),
  );

/** An address as compared: this machine's addresses are one. */
function addressKey(address: string, local: Set<string>): string {
  const plain = plainAddress(address);
  const loopback = plain === '0.0.0.0' || plain === '::' || plain === '::1' || plain.startsWith('127.');
  return loopback || local.has(plain) ? THIS_MACHINE : plain;
}

/** The keys of a host's addresses; `localhost` and its subdomains are loopback whatever the resolver says (RFC 6761 §6.3). */
async function hostKeys(host: string, lookup: Lookup, local: Set<string>): Promise<Set<string>> {
  const bare = host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return new Set([THIS_MACHINE]);
  const addresses = isIP(bare) ? [bare] : await lookup(bare);
  return new Set(addresses.map((a) => addressKey(a, local)));
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** What the guard found for a target: why writes are refused (null: they may go), and what it could not compare. */
export interface GuardVerdict {
  why: string | null;
  /** The target's host does not resolve: no request reaches it, and it cannot be compared by address. */
  unresolvedTarget?: string;
  /** Entries compared by name only, their address unknown here (no DNS): one line each, naming the entry and the mend. */
  warnings: string[];
}

/**
 * The guard's verdict on writes to `target` (a URL): refused when its host is spelled as an entry of HB_PROTECTED_HOSTS, or
 * shares an address with one (on the entry's port, when it names one), or does not resolve itself. An entry that does not
 * resolve is compared by name only, with a warning; `host=address` pins its address.
 */
export async function guardVerdict(target: string | URL, entries: readonly string[], lookup: Lookup = systemLookup): Promise<GuardVerdict> {
  const url = new URL(target);
  const warnings: string[] = [];
  if (isProtectedHost(url, entries)) return { why: `${url.hostname} is listed in HB_PROTECTED_HOSTS`, warnings };
  const local = localAddresses();
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  let targetKeys: Set<string>;
  try {
    targetKeys = await hostKeys(url.hostname, lookup, local);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'no address';
    return { why: `${url.hostname} does not resolve (${code}), so it may be a protected host`, unresolvedTarget: code, warnings };
  }
  for (const entry of entries) {
    const key = protectedEntry(entry);
    if (!key || (key.port && key.port !== port)) continue;
    let keys: Set<string>;
    try {
      keys = key.pin ? new Set([addressKey(key.pin, local)]) : await hostKeys(key.host, lookup, local);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'no address';
      warnings.push(
        `Warning: HB_PROTECTED_HOSTS entry ${entry} does not resolve here (${code}): it is compared by name only; ` +
          `pin its address to compare by address without DNS (${key.host}=203.0.113.7)`,
      );
      continue;
    }
    const shared = [...keys].find((k) => targetKeys.has(k));
    if (shared) {
      const why = `${url.hostname} is ${shared === THIS_MACHINE ? 'this machine' : shared}, as HB_PROTECTED_HOSTS entry ${entry} is`;
      return { why, warnings };
    }
  }
  return { why: null, warnings };
}

/** Why writes to `target` are refused ({@link guardVerdict}), or null when they may go. */
export async function protectedBecause(target: string | URL, entries: readonly string[], lookup?: Lookup): Promise<string | null> {
  return (await guardVerdict(target, entries, lookup)).why;
}
