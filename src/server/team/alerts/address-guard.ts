/**
 * No server-side request forgery: a webhook the relay posts to on a member's word must be a public address. Its
 * host is resolved here (never by the HTTP client), every address it resolves to is checked, and the request then
 * connects to the address that was checked (./webhook.ts pins it), so a DNS answer that changes between the check
 * and the connection (rebinding) cannot send it elsewhere. Checked when an alert is saved and again at each send.
 *
 * Only global unicast addresses pass: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16 with the clouds' metadata service 169.254.169.254, fe80::/10), multicast, carrier-grade NAT
 * (100.64/10, with Alibaba Cloud's metadata 100.100.100.200), unspecified, broadcast, documentation and reserved
 * ranges, and IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d is read as that IPv4 address;
 * NAT64, 6to4 and Teredo are refused) are refused. The ranges are ipaddr.js's (well kept, used by Express's
 * proxy-addr), rather than a table of our own; IPv6 passes only within global unicast 2000::/3, so IPv4-compatible
 * forms (::127.0.0.1, ::a9fe:a9fe), which some stacks still route to the IPv4 address, are refused too.
 * `allowPrivate` (MAD_ALERTS_ALLOW_PRIVATE=1, local testing only) lifts the rule; the host is still resolved here and
 * pinned.
 *
 * Names are resolved by DNS queries (`dns.promises.Resolver`, c-ares on the event loop), never `dns.lookup`, which
 * holds one of libuv's 4 threads for as long as the system's resolver waits: six hosts whose DNS never answers
 * would hold them all, and every other file or DNS task of the relay with them. Each query gives up after
 * DNS_TIMEOUT_MS; ./host-checks.ts bounds a whole check and a member's resolutions in flight. `localhost` (and
 * `*.localhost`, RFC 6761) is loopback without asking; /etc/hosts is not read.
 */
import { Resolver as DnsResolver } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolves a host name to its addresses (injected in tests to play a DNS answer that changes); `signal` ends the
 * resolution (the check's deadline passed).
 */
export type Resolver = (host: string, signal?: AbortSignal) => Promise<ResolvedAddress[]>;

/** One DNS query's wait for an answer. */
const DNS_TIMEOUT_MS = 2_000;

/**
 * A resolver asking DNS directly: A and AAAA queries at once, each tried once within `timeoutMs`, to `servers`
 * (default: the system's, from /etc/resolv.conf). A name with neither kind of address is unresolved (it throws).
 */
export function dnsResolver(options: { servers?: readonly string[]; timeoutMs?: number } = {}): Resolver {
  return async (host, signal) => {
    if (/^(.+\.)?localhost\.?$/i.test(host))
      return [
        { address: "127.0.0.1", family: 4 },
        { address: "::1", family: 6 },
      ];
    const dns = new DnsResolver({ timeout: options.timeoutMs ?? DNS_TIMEOUT_MS, tries: 1 });
    if (options.servers) dns.setServers([...options.servers]);
    const cancel = () => dns.cancel();
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      const [v4, v6] = await Promise.allSettled([dns.resolve4(host), dns.resolve6(host)]);
      const found: ResolvedAddress[] = [
        ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
      ];
      if (found.length) return found;
      throw v4.status === "rejected" ? v4.reason : new Error(`${host}: no address`);
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  };
}

export const systemResolver: Resolver = dnsResolver();

export type AddressVerdict =
  | { readonly ok: true; readonly pinned: ResolvedAddress }
  | { readonly ok: false; readonly kind: "unresolved" }
  | { readonly ok: false; readonly kind: "refused"; readonly address: string; readonly range: string };

/** The range an address is refused for, or undefined for a public (global unicast) address. */
export function refusedRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "invalid";
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range !== "unicast") return range;
  if (parsed.kind() === "ipv4") return undefined;
  const v6 = parsed as ipaddr.IPv6;
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return "ipv4Compatible";
  return v6.match(GLOBAL_UNICAST) ? undefined : "reserved";
}

/** IPv6 global unicast (RFC 4291): every address outside it is refused, whatever ipaddr.js names it. */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/** A URL's host as an address or a name (`[::1]` -> `::1`). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves `host` and checks every address it resolves to: one refused address refuses the host (a name that
 * answers both a public and a private address is not trusted with either). The first address is the one to use.
 */
export async function checkHost(
  host: string,
  allowPrivate: boolean,
  resolve: Resolver,
  signal?: AbortSignal,
): Promise<AddressVerdict> {
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  else {
    try {
      addresses = await untilAborted(resolve(host, signal), signal);
    } catch {
      return { ok: false, kind: "unresolved" };
    }
  }
  if (addresses.length === 0) return { ok: false, kind: "unresolved" };
  if (!allowPrivate)
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) return { ok: false, kind: "refused", address, range };
    }
  return { ok: true, pinned: addresses[0] };
}

/** `work`, or a rejection once `signal` aborts (a resolver that ignores it cannot hold the check). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new Error("aborted"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
