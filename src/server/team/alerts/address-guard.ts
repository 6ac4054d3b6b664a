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
 * proxy-addr), rather than a table of our own. `allowPrivate` (MAD_ALERTS_ALLOW_PRIVATE=1, local testing only)
 * lifts the rule; the host is still resolved here and pinned.
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to its addresses (injected in tests to play a DNS answer that changes). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

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
  return range === "unicast" ? undefined : range;
}

/** A URL's host as an address or a name (`[::1]` -> `::1`). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves `host` and checks every address it resolves to: one refused address refuses the host (a name that
 * answers both a public and a private address is not trusted with either). The first address is the one to use.
 */
export async function checkHost(host: string, allowPrivate: boolean, resolve: Resolver): Promise<AddressVerdict> {
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
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
