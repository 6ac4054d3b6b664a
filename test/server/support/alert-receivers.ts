/**
 * What alerts deliver to, on loopback, for the tests: a webhook receiver that records every request (its path,
 * headers and JSON body) and answers as the test scripts it (status, body, Retry-After, a redirect); and a real
 * SMTP server (smtp-server, the companion of nodemailer, with its own self-signed certificate for STARTTLS) whose
 * messages are parsed with mailparser.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

interface Answer {
  readonly status: number;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** Answers for the next requests, in order; then `fallback`. */
  readonly answers: Answer[];
  fallback: Answer;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const state = { fallback: { status: 200, body: '{"errcode":0,"errmsg":"ok"}' } as Answer };
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { unparsed: text };
      }
      received.push({ path: req.url ?? "", headers: req.headers, body });
      const answer = answers.shift() ?? state.fallback;
      res.writeHead(answer.status, { "content-type": "application/json", ...(answer.headers ?? {}) });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answers,
    get fallback() {
      return state.fallback;
    },
    set fallback(answer: Answer) {
      state.fallback = answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Mail {
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly messageId: string;
  /** The session had switched to TLS (STARTTLS) before the message was sent. */
  readonly secure: boolean;
  readonly user?: string;
}

export interface SmtpReceiver {
  readonly port: number;
  readonly mails: Mail[];
  /** Reply to the next messages with this SMTP code (e.g. 451 for "try later", 550 for "no such user"). */
  refuseWith: number | undefined;
  stop(): Promise<void>;
}

/** `echoAuth`: a refused login's reply quotes the credentials as AUTH PLAIN sent them (base64), as careless servers do. */
export async function startSmtp(
  options: { user?: string; password?: string; echoAuth?: boolean } = {},
): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  const state: { refuseWith: number | undefined } = { refuseWith: undefined };
  const server = new SMTPServer({
    logger: false,
    authOptional: options.user === undefined,
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else if (options.echoAuth)
        callback(
          new Error(
            `Invalid login ${Buffer.from(`\0${auth.username}\0${auth.password ?? ""}`).toString("base64")} (${auth.password ?? ""})`,
          ),
        );
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      if (state.refuseWith) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("refused by the test"), { responseCode: state.refuseWith })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            secure: session.secure,
            ...(session.user ? { user: String(session.user) } : {}),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    get refuseWith() {
      return state.refuseWith;
    },
    set refuseWith(code: number | undefined) {
      state.refuseWith = code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
