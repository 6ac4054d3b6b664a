/**
 * One attempt at one delivery: the notice in its destination's format, to a webhook (its host checked again and
 * the connection pinned to the address checked, ./address-guard.ts) or by e-mail. Every attempt carries the
 * delivery's id as its idempotency key (`Idempotency-Key` header; the e-mail's Message-ID), so a receiver that
 * dedupes by it shows a firing once even when an attempt is repeated after a replica stopped mid-send.
 *
 * What counts as what (the outbox retries the first kind for 24 hours):
 * - retry: no answer (down, a timeout, the host does not resolve), HTTP 429 or 5xx, a robot's own "too fast"
 *   code (WeCom 45009; DingTalk 130101 and 410100; Feishu 11232), an SMTP reply that is not final (4xx).
 * - failed for good: any other 3xx/4xx (the URL is wrong or revoked; redirects are not followed), a robot's other
 *   error codes (a wrong key or signature, a keyword missing), an address the guard refuses now, a 5xx SMTP reply.
 * Errors name the receiver's host and code, never its URL (which holds its key) nor a secret.
 */
import { createHmac } from "node:crypto";
import { clockTimer, type Clock } from "../../../lib/clock";
import { hostOf } from "./address-guard";
import { mailContent, webhookBody } from "./formats";
import type { Mailer } from "./mail";
import type { HostChecks } from "./host-checks";
import type { LeasedDelivery, StoredAlert, StoredDestination } from "./model";
import { noticeOf } from "./notice";
import { postJson, type PostAnswer } from "./webhook";

/** Whether a member may mail an address now (their distinct recipients a day), and if not, why and for how long. */
export type MailGate = (
  member: string,
  address: string,
) => Promise<{ readonly ok: true } | { readonly ok: false; readonly error: string; readonly retryAfterMs: number }>;

export interface DeliverDeps {
  readonly clock: Clock;
  /** Webhook hosts, checked again at each send within a deadline and the member's bound on resolutions. */
  readonly hosts: HostChecks;
  readonly mailer?: Mailer;
  readonly mailGate?: MailGate;
  readonly publicUrl?: string;
  /** The longest one webhook POST may take. */
  readonly timeoutMs: number;
}

export type Attempt =
  | { readonly kind: "delivered" }
  | { readonly kind: "retry"; readonly error: string; readonly retryAfterMs?: number }
  | { readonly kind: "failed"; readonly error: string };

/**
 * A firing's message laid out once per format, not once per delivery: an alert's 20 destinations (and each retry)
 * share it. Keyed by the firing, the format and the alert's version of its words (a rename lays it out again).
 */
const LAID_OUT_KEPT = 64;
const laidOutCache = new Map<string, unknown>();

function laidOut(
  format: string,
  delivery: LeasedDelivery,
  alert: StoredAlert,
  deps: DeliverDeps,
  layOut: () => unknown,
): unknown {
  const key = [delivery.firing.id, format, alert.updatedAt, alert.language, deps.publicUrl ?? ""].join("\u001f");
  let value = laidOutCache.get(key);
  if (value === undefined) {
    value = layOut();
    laidOutCache.set(key, value);
    while (laidOutCache.size > LAID_OUT_KEPT) laidOutCache.delete(laidOutCache.keys().next().value as string);
  }
  return value;
}

/** Robots' codes for "too many messages, later": retried like a 429. */
const TOO_FAST = new Set([45009, 130101, 410100, 11232]);

/** DingTalk's signature: base64(HmacSHA256(key = secret, timestamp + "\n" + secret)), in the URL. */
export function dingtalkSigned(url: URL, secret: string, now: number): URL {
  const signed = new URL(url);
  const sign = createHmac("sha256", secret).update(`${now}\n${secret}`).digest("base64");
  signed.searchParams.set("timestamp", String(now));
  signed.searchParams.set("sign", sign);
  return signed;
}

/** Feishu's signature: base64(HmacSHA256(key = timestamp + "\n" + secret, "")), in the body, timestamp in seconds. */
export function feishuSigned(body: object, secret: string, now: number): object {
  const timestamp = String(Math.floor(now / 1000));
  const sign = createHmac("sha256", `${timestamp}\n${secret}`).update("").digest("base64");
  return { timestamp, sign, ...body };
}

function judge(answer: PostAnswer, host: string): Attempt {
  const retryAfterMs =
    answer.retryAfter && /^\d+$/.test(answer.retryAfter) ? Number(answer.retryAfter) * 1000 : undefined;
  if (answer.status === 429 || answer.status >= 500)
    return {
      kind: "retry",
      error: `${host} answered HTTP ${answer.status}`,
      ...(retryAfterMs ? { retryAfterMs } : {}),
    };
  if (answer.status < 200 || answer.status >= 300)
    return { kind: "failed", error: `${host} answered HTTP ${answer.status}` };
  let parsed: { errcode?: unknown; code?: unknown; errmsg?: unknown; msg?: unknown } | undefined;
  try {
    parsed = JSON.parse(answer.text) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  const code = parsed?.errcode ?? parsed?.code;
  if (typeof code === "number" && code !== 0) {
    const words = String(parsed?.errmsg ?? parsed?.msg ?? "").slice(0, 120);
    const error = `${host} answered code ${code}${words ? ` (${words})` : ""}`;
    return TOO_FAST.has(code) ? { kind: "retry", error } : { kind: "failed", error };
  }
  return { kind: "delivered" };
}

async function toWebhook(
  delivery: LeasedDelivery,
  alert: StoredAlert,
  destination: StoredDestination,
  deps: DeliverDeps,
): Promise<Attempt> {
  let url = new URL(destination.url);
  const host = url.host;
  if (url.protocol !== "https:" && !(deps.hosts.allowPrivate && url.protocol === "http:"))
    return { kind: "failed", error: `${host}: only https: is delivered to` };
  const verdict = await deps.hosts.check(alert.member, hostOf(url));
  if (!verdict.ok && verdict.kind === "unresolved") return { kind: "retry", error: `${host} could not be resolved` };
  // Never the address it resolves to: the member who owns the alert could map the company's internal names so.
  if (!verdict.ok) return { kind: "failed", error: `${host} now resolves to an address that is not public: refused` };
  const format = destination.format === "email" ? "json" : destination.format;
  let body = laidOut(format, delivery, alert, deps, () =>
    webhookBody(format, noticeOf(alert, delivery.firing, deps.publicUrl), alert, delivery.firing),
  ) as object;
  if (destination.secret && format === "dingtalk") url = dingtalkSigned(url, destination.secret, deps.clock.now());
  if (destination.secret && format === "feishu") body = feishuSigned(body, destination.secret, deps.clock.now());
  const timer = clockTimer(deps.clock, deps.timeoutMs, new Error("no answer in time"));
  try {
    const answer = await postJson(
      url,
      JSON.stringify(body),
      { "idempotency-key": delivery.id },
      verdict.pinned,
      timer.signal,
    );
    return judge(answer, host);
  } catch (error) {
    const reason = timer.signal.aborted
      ? `no answer within ${deps.timeoutMs / 1000} s`
      : ((error as { code?: string }).code ?? "connection failed");
    return { kind: "retry", error: `${host}: ${reason}` };
  } finally {
    timer.clear();
  }
}

/** One attempt at a delivery to its destination. */
export async function attemptDelivery(
  delivery: LeasedDelivery,
  alert: StoredAlert,
  destination: StoredDestination,
  deps: DeliverDeps,
): Promise<Attempt> {
  if (destination.format !== "email") return toWebhook(delivery, alert, destination, deps);
  if (!deps.mailer) return { kind: "retry", error: "no SMTP server is set (MAD_SMTP_URL)" };
  const address = destination.url.slice("mailto:".length);
  const gate = deps.mailGate ? await deps.mailGate(alert.member, address) : { ok: true as const };
  if (!gate.ok) return { kind: "retry", error: gate.error, retryAfterMs: gate.retryAfterMs };
  const content = laidOut("email", delivery, alert, deps, () =>
    mailContent(noticeOf(alert, delivery.firing, deps.publicUrl)),
  ) as ReturnType<typeof mailContent>;
  const sent = await deps.mailer.send(address, content, delivery.id);
  if (sent.ok) return { kind: "delivered" };
  return sent.permanent
    ? { kind: "failed", error: sent.error ?? "refused" }
    : { kind: "retry", error: sent.error ?? "failed" };
}
