/**
 * No server-side request forgery: which addresses a webhook may resolve to (global unicast only), IPv4 and IPv6,
 * IPv4-mapped IPv6 read as the IPv4 address it holds, the clouds' metadata services, and a name with one private
 * answer among public ones.
 */
import { checkHost, refusedRange, type Resolver } from "../../../src/server/team/alerts/address-guard";

test.each([
  ["127.0.0.1", "loopback"],
  ["127.8.9.10", "loopback"],
  ["10.1.2.3", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "linkLocal"], // AWS, GCP, Azure, DigitalOcean metadata
  ["100.100.100.200", "carrierGradeNat"], // Alibaba Cloud metadata
  ["100.64.0.1", "carrierGradeNat"],
  ["0.0.0.0", "unspecified"],
  ["255.255.255.255", "broadcast"],
  ["224.0.0.1", "multicast"],
  ["192.0.2.10", "reserved"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd00:ec2::254", "uniqueLocal"], // AWS metadata over IPv6
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["::ffff:10.0.0.1", "private"],
  ["64:ff9b::7f00:1", "rfc6052"], // NAT64 of 127.0.0.1
  ["2002:7f00:1::", "6to4"],
  ["2001:db8::1", "reserved"],
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): some stacks still reach the IPv4 address it holds.
  ["::127.0.0.1", "loopback"], // ipaddr.js reads the dotted form as the IPv4 address
  ["::a9fe:a9fe", "ipv4Compatible"], // ::169.254.169.254
  ["::7f00:1", "ipv4Compatible"],
  ["::10.0.0.1", "private"],
  ["::5db8:d822", "ipv4Compatible"], // ::93.184.216.34: a public IPv4 address, but not reached this way
])("%s is refused (%s)", (address, range) => {
  expect(refusedRange(address)).toBe(range);
});

test.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"])(
  "%s, a public address, passes",
  (address) => expect(refusedRange(address)).toBeUndefined(),
);

test("a name is checked by every address it resolves to; the first is the one to connect to; allowPrivate lifts the rule only", async () => {
  const answers: Record<string, string[]> = {
    "hooks.example.test": ["93.184.216.34", "2606:4700:4700::1111"],
    "mixed.example.test": ["93.184.216.34", "10.0.0.5"],
    "local.example.test": ["127.0.0.1"],
  };
  const resolve: Resolver = async (host) => {
    if (!answers[host]) throw new Error("ENOTFOUND");
    return answers[host].map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  expect(await checkHost("hooks.example.test", false, resolve)).toEqual({
    ok: true,
    pinned: { address: "93.184.216.34", family: 4 },
  });
  expect(await checkHost("mixed.example.test", false, resolve)).toEqual({
    ok: false,
    kind: "refused",
    address: "10.0.0.5",
    range: "private",
  });
  expect(await checkHost("nowhere.example.test", false, resolve)).toEqual({ ok: false, kind: "unresolved" });
  expect(await checkHost("::ffff:127.0.0.1", false, resolve)).toMatchObject({ ok: false, range: "loopback" });
  expect(await checkHost("local.example.test", true, resolve)).toEqual({
    ok: true,
    pinned: { address: "127.0.0.1", family: 4 },
  });
});
