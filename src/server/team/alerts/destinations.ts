/**
 * An alert's destinations as a member writes them, checked when the alert is saved: `https://` webhooks (each in
 * its receiver's format, by host: WeCom, DingTalk, Feishu/Lark, Slack, Teams workflows; else generic JSON) whose
 * host resolves to a public address (./address-guard.ts), and `mailto:` addresses (one each, e-mail needs the
 * relay's SMTP server). Shown back only in part: a webhook URL carries its receiver's key, a secret signs.
 */
import { randomBytes } from "node:crypto";
import {
  MAX_DESTINATIONS,
  RECEIVER_FORMATS,
  receiverFormatOf,
  SIGNING_FORMATS,
  type DestinationShown,
  type ReceiverFormat,
} from "../../../relay-api/alerts";
import { t } from "../../../i18n/alerts";
import type { Locale } from "../../../i18n/locale";
import { hostOf, type AddressVerdict } from "./address-guard";
import type { HostChecks } from "./host-checks";
import type { StoredDestination } from "./model";
import type { Refusal } from "./query";

export interface DestinationRules {
  /** Webhook hosts' checks (resolved within a deadline, a member's resolutions bounded); its `allowPrivate` too. */
  readonly hosts: HostChecks;
  readonly smtp: boolean;
  /** MAD_ALERTS_MAIL_DOMAINS: when set, e-mail goes only to addresses at these domains (lower case). */
  readonly mailDomains?: readonly string[];
}

const CONTROL = /\p{Cc}/u;
/** In an e-mail address: control, format (bidirectional overrides and isolates, zero-width) and separator characters. */
const UNSAFE_IN_ADDRESS = /[\p{Cc}\p{Cf}\p{Z}]/u;
const EMAIL = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;

/** A destination as shown back: the scheme and host, and the URL's last 4 characters; an address's domain. */
export function showDestination(destination: StoredDestination): DestinationShown {
  const { id, url, format } = destination;
  let shown: string;
  if (url.startsWith("mailto:")) {
    const address = url.slice("mailto:".length);
    const at = address.lastIndexOf("@");
    shown = `mailto:${address.slice(0, 1)}…${address.slice(at)}`;
  } else {
    const parsed = new URL(url);
    shown = `${parsed.protocol}//${parsed.host}/…${url.slice(-4)}`;
  }
  return { id, format, shown, signed: destination.secret !== undefined };
}

type Read = { destination: StoredDestination } | { refused: Refusal };
/** A webhook read from its input, its host not checked yet. */
type Unchecked = { webhook: StoredDestination; url: URL } | Read;

function refuse(message: string, index: number, problem: Refusal["problem"] = "destination"): { refused: Refusal } {
  return { refused: { problem, message, detail: { index } } };
}

/** One destination's URL, format and secret read (not its host's addresses); `id` kept when it was saved before. */
function readOne(
  raw: unknown,
  index: number,
  saved: readonly StoredDestination[],
  rules: DestinationRules,
  locale: Locale,
): Unchecked {
  const say = t.in(locale);
  const input = typeof raw === "string" ? { url: raw } : (raw as Record<string, unknown> | null);
  if (!input || typeof input !== "object" || Array.isArray(input))
    return refuse(say("error.destination.shape", { index }), index);
  if (input.keep !== undefined) {
    const kept = saved.find((d) => d.id === input.keep);
    const id = typeof input.keep === "string" ? input.keep.slice(0, 64) : JSON.stringify(input.keep).slice(0, 64);
    if (!kept) return refuse(say("error.keep", { index, id }), index, "keep");
    return { destination: kept };
  }
  if (typeof input.url !== "string" || input.url.length > 2_000 || CONTROL.test(input.url))
    return refuse(say("error.destination.shape", { index }), index);
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return refuse(say("error.destination.url", { index }), index);
  }
  if (url.protocol === "mailto:") return readMailto(url, input, index, saved, rules, locale);
  const schemes = rules.hosts.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol))
    return refuse(say("error.destination.scheme", { index, scheme: url.protocol }), index);
  if (url.username || url.password) return refuse(say("error.destination.credentials", { index }), index);
  const format = input.format ?? receiverFormatOf(url);
  if (typeof format !== "string" || !(RECEIVER_FORMATS as readonly string[]).includes(format) || format === "email")
    return refuse(say("error.destination.format", { index, formats: RECEIVER_FORMATS.slice(0, -1).join(", ") }), index);
  const secret = input.secret;
  if (
    secret !== undefined &&
    (typeof secret !== "string" ||
      !secret ||
      secret.length > 200 ||
      CONTROL.test(secret) ||
      !SIGNING_FORMATS.has(format as ReceiverFormat))
  )
    return refuse(say("error.destination.secret", { index }), index);
  const href = url.href;
  const same = saved.find((d) => d.url === href && d.secret === secret && d.format === format);
  const webhook = {
    id: same?.id ?? newId(),
    url: href,
    format: format as ReceiverFormat,
    ...(secret ? { secret } : {}),
  };
  return { webhook, url };
}

function readMailto(
  url: URL,
  input: Record<string, unknown>,
  index: number,
  saved: readonly StoredDestination[],
  rules: DestinationRules,
  locale: Locale,
): Read {
  const say = t.in(locale);
  let address: string;
  try {
    address = decodeURIComponent(url.pathname);
  } catch {
    address = "";
  }
  // One plain address: no headers (?cc=, ?subject=), lists or names, so nothing else can be addressed; and no
  // character that turns text around or hides, so the address a person reads is the one mailed.
  if (url.search || url.hash || !EMAIL.test(address) || UNSAFE_IN_ADDRESS.test(address) || input.secret !== undefined)
    return refuse(say("error.destination.mailto", { index }), index);
  if (!rules.smtp) return refuse(say("error.destination.noSmtp", { index }), index);
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (rules.mailDomains?.length && !rules.mailDomains.includes(domain))
    return refuse(say("error.destination.mailDomain", { index, domains: rules.mailDomains.join(", ") }), index);
  const href = `mailto:${address}`;
  const same = saved.find((d) => d.url === href);
  return { destination: { id: same?.id ?? newId(), url: href, format: "email" } };
}

const newId = () => randomBytes(6).toString("hex");

/**
 * Reads and checks every destination (1 to MAX_DESTINATIONS); the first problem, named by its index. The webhooks'
 * hosts are resolved together, within one deadline and `member`'s bound on resolutions in flight (./host-checks.ts).
 * A refusal names the host, never an address a name resolves to (a member could map internal names so).
 */
export async function readDestinations(
  input: unknown,
  saved: readonly StoredDestination[],
  rules: DestinationRules,
  locale: Locale,
  member: string,
): Promise<{ destinations: StoredDestination[] } | { refused: Refusal }> {
  if (!Array.isArray(input) || input.length < 1 || input.length > MAX_DESTINATIONS)
    return { refused: { problem: "deliver", message: t.in(locale)("error.deliver", { max: MAX_DESTINATIONS }) } };
  const read = input.map((raw: unknown, index) => readOne(raw, index, saved, rules, locale));
  const firstRefused = read.find((r): r is { refused: Refusal } => "refused" in r);
  if (firstRefused) return firstRefused;
  const webhooks = read.filter((r): r is { webhook: StoredDestination; url: URL } => "webhook" in r);
  const verdicts = await rules.hosts.checkAll(
    member,
    webhooks.map((w) => hostOf(w.url)),
  );
  const destinations: StoredDestination[] = [];
  for (const [index, r] of read.entries()) {
    const at = "webhook" in r ? webhooks.indexOf(r) : -1;
    if ("webhook" in r && !verdicts[at].ok) return refusedHost(r.url, verdicts[at], index, locale);
    const destination = "webhook" in r ? r.webhook : (r as { destination: StoredDestination }).destination;
    if (!destinations.some((d) => d.id === destination.id)) destinations.push(destination);
  }
  return { destinations };
}

function refusedHost(url: URL, verdict: AddressVerdict, index: number, locale: Locale): { refused: Refusal } {
  const say = t.in(locale);
  const host = url.hostname;
  if (verdict.ok || verdict.kind === "unresolved")
    return refuse(say("error.destination.unresolved", { index, host }), index, "destination-refused");
  // An address typed as the host is the member's own word: it may be named. A name's addresses are never.
  const literal = hostOf(url) === verdict.address;
  return literal
    ? refuse(
        say("error.destination.refused", { index, host, address: verdict.address, range: verdict.range }),
        index,
        "destination-refused",
      )
    : refuse(say("error.destination.notPublic", { index, host }), index, "destination-refused");
}
