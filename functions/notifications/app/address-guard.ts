/**
 * PBM-5: which addresses a webhook may reach. A pure function over one address (as
 * `dns.lookup` gives it, or an IP literal from a URL): ranges are classified by ipaddr.js,
 * not by hand-written CIDR tables. Only globally routable unicast passes; loopback passes
 * too when the local runtime was started with the explicit flag (never on AWS).
 */
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';

export interface GuardOptions {
  /** Let 127.0.0.0/8 and ::1 through: only for the local runtime, where tests run their receivers. */
  readonly allowLoopback: boolean;
}

export interface AddressVerdict {
  readonly address: string;
  readonly allowed: boolean;
  /** ipaddr.js's range name (`unicast`, `loopback`, `private`, `linkLocal`, …) or `invalid`. */
  readonly range: string;
  /** Why it was refused, in a sentence; null when allowed. */
  readonly reason: string | null;
}

/**
 * IPv6 global unicast is 2000::/3; everything outside it is unallocated, special or internal.
 * Parsed when this module loads, which is when an address is first checked: the sender and
 * the URL check import it on first use (PERF-1).
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Node's own test of an IP literal, required when this module first runs: importing node:net
 * as an ES module builds its whole export list (BlockList, SocketAddress…), which the first
 * webhook URL check or delivery would pay for one function (PERF-1).
 */
const { isIP } = createRequire(import.meta.url)('node:net') as typeof import('node:net');

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  linkLocal: 'a link-local address (this includes cloud metadata services such as 169.254.169.254)',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

/** The range of an address; IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is classified as the IPv4 address it carries. */
export const addressRange = (address: string): string => {
  const bare = unbracket(address);
  // Node's own notion of a literal: ipaddr.js would also read forms like `1.2.3`, which nothing here produces.
  if (isIP(bare) === 0) return 'invalid';
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'unicast' && !parsed.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return range;
};

export const checkAddress = (address: string, options: GuardOptions): AddressVerdict => {
  const range = addressRange(address);
  const allowed = range === 'unicast' || (range === 'loopback' && options.allowLoopback);
  return {
    address,
    allowed,
    range,
    reason: allowed
      ? null
      : `${address} is ${DESCRIPTIONS[range] ?? `in a special-purpose range (${range})`}, which webhooks may not reach`,
  };
};

/** The first refusal among every address a name resolved to; one internal address taints the name. */
export const firstRefusal = (addresses: readonly string[], options: GuardOptions): AddressVerdict | null =>
  addresses.map((a) => checkAddress(a, options)).find((v) => !v.allowed) ?? null;

/**
 * REL-28: whether a host name is loopback by definition (RFC 6761: `localhost` and every name
 * under it), in any case, with or without the trailing dot of a fully qualified name. Give it
 * the hostname as `new URL` reads it, which has already decoded percent-escapes (`%6c…`) and
 * folded full-width letters; those are decoded here too, for a name from anywhere else.
 */
export const isLoopbackName = (hostname: string): boolean => {
  let name = hostname;
  try {
    name = decodeURIComponent(hostname);
  } catch {
    // Not percent-encoding after all: read it as it is.
  }
  const bare = name.normalize('NFKC').toLowerCase().replace(/\.+$/, '');
  return bare === 'localhost' || bare.endsWith('.localhost');
};

/**
 * The verdict on a URL's host before it is resolved: an IP literal is checked as an address,
 * a loopback name as a loopback address (with the same reason); any other name is null, for
 * its resolved addresses to decide.
 */
export const checkHost = (hostname: string, options: GuardOptions): AddressVerdict | null => {
  if (isIpLiteral(hostname)) return checkAddress(hostname, options);
  if (!isLoopbackName(hostname)) return null;
  return options.allowLoopback
    ? { address: hostname, allowed: true, range: 'loopback', reason: null }
    : {
        address: hostname,
        allowed: false,
        range: 'loopback',
        reason: `${hostname} is ${DESCRIPTIONS.loopback}, which webhooks may not reach`,
      };
};

/** Whether a URL's host is an IP literal (then it can be checked before anything is resolved). */
export const isIpLiteral = (hostname: string): boolean => isIP(unbracket(hostname)) !== 0;

/** URL hostnames write IPv6 in brackets. */
const unbracket = (host: string): string => host.replace(/^\[(.*)\]$/, '$1');
