/**
 * E-mail to `mailto:` destinations over the relay's SMTP server, `MAD_SMTP_URL`: `smtp://host:port` (a local relay
 * or a test server; STARTTLS when the server offers it, as nodemailer does by default) or
 * `smtps://user:password@host` (TLS from the start, for a provider). nodemailer is the well-kept mail library for
 * Node (MIME, encodings, SMTP with STARTTLS and auth), which a hand-written SMTP client would only redo worse.
 * The URL's credentials never reach a log or an error text: errors are reported by their SMTP code and words with
 * the URL's user and password taken out.
 */
import nodemailer from "nodemailer";
import { copiesPattern } from "../../../api/redact";
import type { MailContent } from "./formats";

interface MailAttempt {
  readonly ok: boolean;
  /** The server refused the message for good (a 5xx reply): trying again would not help. */
  readonly permanent?: boolean;
  readonly error?: string;
}

export interface Mailer {
  send(to: string, content: MailContent, deliveryId: string): Promise<MailAttempt>;
  close(): void;
}

/** The SMTP server's address without its credentials, for logs and `npm run serve`'s start line. */
export function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? 465 : 25)}`;
  } catch {
    return "an unparsable SMTP URL";
  }
}

/**
 * Takes an SMTP URL's user name and password out of a text, in every spelling (src/api/redact.ts: case, base64 in
 * any alignment, hex): nodemailer's errors quote the server's reply, and a careless server's reply to a refused
 * login may quote what AUTH sent, `\0user\0password` in base64, where the password's copy is found in its alignment.
 */
function scrub(text: string, url: string): string {
  let out = text;
  try {
    const { username, password } = new URL(url);
    const secrets = [password, decodeURIComponent(password)].filter((s) => s.length >= 3);
    const pattern = copiesPattern(secrets);
    if (pattern) out = out.replace(pattern, "…");
    for (const name of [username, decodeURIComponent(username)]) if (name.length >= 3) out = out.split(name).join("…");
  } catch {
    // an unparsable URL has no credentials to take out
  }
  return out.slice(0, 300);
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(to, content, deliveryId) {
      try {
        await transport.sendMail({
          to,
          subject: content.subject,
          text: content.text,
          html: content.html,
          // The same Message-ID on every attempt: mail stores and clients that dedupe by it show it once.
          messageId: `<${deliveryId}@mad-alerts.invalid>`,
          headers: { "X-MAD-Delivery": deliveryId },
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { ok: true };
      } catch (error) {
        const failure = error as { message?: string; responseCode?: number; permanent?: boolean; code?: string };
        const words = scrub(
          `${failure.responseCode ? `SMTP ${failure.responseCode}: ` : ""}${failure.message ?? "failed"}`,
          smtpUrl,
        );
        // A refused login is the relay's setting to fix (MAD_SMTP_URL), not the recipient's: tried again meanwhile.
        return { ok: false, permanent: failure.permanent === true && failure.code !== "EAUTH", error: words };
      }
    },
    close: () => transport.close(),
  };
}
