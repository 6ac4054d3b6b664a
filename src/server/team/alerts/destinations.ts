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
} from "../../../api/alerts";
import { t } from "../../../i18n/alerts";
import type { Locale } from "../../../i18n/locale";
import { checkHost, hostOf, type Resolver } from "./address-guard";
import type { StoredDestination } from "./model";
import type { Refusal } from "./query";

export interface DestinationRules {
  readonly allowPrivate: boolean;
  readonly resolve: Resolver;
  readonly smtp: boolean;
}

const CONTROL = /\p{Cc}/u;
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

function refuse(locale: Locale, message: string, index: number, problem: Refusal["problem"] = "destination"): Read {
  return { refused: { problem, message, detail: { index } } };
}

/** One destination's URL, format and secret checked (the host's addresses too); `id` kept when it was saved before. */
async function readOne(
  raw: unknown,
  index: number,
  saved: readonly StoredDestination[],
  rules: DestinationRules,
  locale: Locale,
): Promise<Read> {
  const say = t.in(locale);
  const input = typeof raw === "string" ? { url: raw } : (raw as Record<string, unknown> | null);
  if (!input || typeof input !== "object" || Array.isArray(input))
    return refuse(locale, say("error.destination.shape", { index }), index);
  if (input.keep !== undefined) {
    const kept = saved.find((d) => d.id === input.keep);
    if (!kept) return refuse(locale, say("error.keep", { index, id: String(input.keep) }), index, "keep");
    return { destination: kept };
  }
  if (typeof input.url !== "string" || input.url.length > 2_000 || CONTROL.test(input.url))
    return refuse(locale, say("error.destination.shape", { index }), index);
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return refuse(locale, say("error.destination.url", { index }), index);
  }
  if (url.protocol === "mailto:") return readMailto(url, input, index, saved, rules, locale);
  const schemes = rules.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol))
    return refuse(locale, say("error.destination.scheme", { index, scheme: url.protocol }), index);
  if (url.username || url.password) return refuse(locale, say("error.destination.credentials", { index }), index);
  const format = input.format ?? receiverFormatOf(url);
  if (typeof format !== "string" || !(RECEIVER_FORMATS as readonly string[]).includes(format) || format === "email")
    return refuse(
      locale,
      say("error.destination.format", { index, formats: RECEIVER_FORMATS.slice(0, -1).join(", ") }),
      index,
    );
  const secret = input.secret;
  if (
    secret !== undefined &&
    (typeof secret !== "string" ||
      !secret ||
      secret.length > 200 ||
      CONTROL.test(secret) ||
      !SIGNING_FORMATS.has(format as ReceiverFormat))
  )
    return refuse(locale, say("error.destination.secret", { index }), index);
  const verdict = await checkHost(hostOf(url), rules.allowPrivate, rules.resolve);
  if (!verdict.ok && verdict.kind === "unresolved")
    return refuse(
      locale,
      say("error.destination.unresolved", { index, host: url.hostname }),
      index,
      "destination-refused",
    );
  if (!verdict.ok)
    return refuse(
      locale,
      say("error.destination.refused", { index, host: url.hostname, address: verdict.address, range: verdict.range }),
      index,
      "destination-refused",
    );
  const href = url.href;
  const same = saved.find((d) => d.url === href && d.secret === secret && d.format === format);
  return {
    destination: {
      id: same?.id ?? newId(),
      url: href,
      format: format as ReceiverFormat,
      ...(secret ? { secret } : {}),
    },
  };
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
  // One plain address: no headers (?cc=, ?subject=), lists or names, so nothing else can be addressed.
  if (url.search || url.hash || !EMAIL.test(address) || CONTROL.test(address) || input.secret !== undefined)
    return refuse(locale, say("error.destination.mailto", { index }), index);
  if (!rules.smtp) return refuse(locale, say("error.destination.noSmtp", { index }), index);
  const href = `mailto:${address}`;
  const same = saved.find((d) => d.url === href);
  return { destination: { id: same?.id ?? newId(), url: href, format: "email" } };
}

const newId = () => randomBytes(6).toString("hex");

/** Reads and checks every destination (1 to MAX_DESTINATIONS); the first problem, named by its index. */
export async function readDestinations(
  input: unknown,
  saved: readonly StoredDestination[],
  rules: DestinationRules,
  locale: Locale,
): Promise<{ destinations: StoredDestination[] } | { refused: Refusal }> {
  if (!Array.isArray(input) || input.length < 1 || input.length > MAX_DESTINATIONS)
    return { refused: { problem: "deliver", message: t.in(locale)("error.deliver", { max: MAX_DESTINATIONS }) } };
  const destinations: StoredDestination[] = [];
  for (const [index, raw] of input.entries()) {
    const read = await readOne(raw, index, saved, rules, locale);
    if ("refused" in read) return read;
    if (!destinations.some((d) => d.id === read.destination.id)) destinations.push(read.destination);
  }
  return { destinations };
}
