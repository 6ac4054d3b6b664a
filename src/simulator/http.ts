/** Small HTTP helpers of the simulator: envelopes, bodies, CORS and the loopback check of the control endpoint. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Messages the live service sends with each code (reference-values.md); blank where none was seen. */
const ENVELOPE_MESSAGES: Readonly<Record<string, string>> = {
  OK: "成功",
  ERROR_PARAM: "参数错误",
  ERROR_SECRET_KEY: "秘钥错误",
  ERROR_SECRET_KEY_OVERDUE: "秘钥过期",
  ERROR_SECRET_KEY_INVALID: "秘钥无效",
  ERROR_VISIT_MAX: "接口访问次数已达上限",
  ERROR_URL_NOT_FOUND: "接口不存在",
  ERROR_SERVER_INTERNAL: "服务器内部错误",
};

const JSON_TYPE = "application/json;charset=utf-8";
const MAX_BODY_BYTES = 1_000_000;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendBytes(res, status, Buffer.from(JSON.stringify(body)), headers);
}

/**
 * Bytes, not text: a text is encoded to UTF-8 once here rather than twice (its length, then the write), which for
 * an answer holding "成功" is the slow path of the encoder, about 2 ms for a page of 100 products.
 */
function sendBytes(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": JSON_TYPE, "content-length": body.length, ...headers });
  res.end(body);
}

/** `{code, message, data}` with HTTP 200, as the live service answers (its error statuses are undocumented). */
export function sendEnvelope(
  res: ServerResponse,
  code: string,
  data: unknown = null,
  message?: string,
  headers?: Record<string, string>,
): void {
  const envelope = { code, message: message ?? ENVELOPE_MESSAGES[code] ?? "", data };
  // A page answered as made (data/respond.ts) is written as it was written: 2,000 rows are 20 such answers.
  const again = code === "OK" && message === undefined && typeof data === "object" && data !== null;
  if (!again) return sendJson(res, 200, envelope, headers);
  const body = OK_BODIES.get(data) ?? Buffer.from(JSON.stringify(envelope));
  OK_BODIES.set(data, body);
  sendBytes(res, 200, body, headers);
}

/** The bytes of each OK answer by its data, while that data is kept (a page answered within the minute). */
const OK_BODIES = new WeakMap<object, Buffer>();

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError(`body: larger than ${MAX_BODY_BYTES} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function isLoopback(address: string | undefined): boolean {
  return (
    address === "127.0.0.1" ||
    address === "::1" ||
    address === "::ffff:127.0.0.1" ||
    (address?.startsWith("127.") ?? false)
  );
}

/**
 * CORS for the task pane and preview pages on other ports: the origin is reflected (or `*` without one), the
 * service's request headers are allowed, Retry-After and x-request-id are readable by scripts.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader("Access-Control-Allow-Origin", origin ?? "*");
  if (origin) res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Allow-Methods", "POST, GET, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "secret-key, content-type, x-request-id, call-type");
  res.setHeader("Access-Control-Expose-Headers", "Retry-After, x-request-id");
  res.setHeader("Access-Control-Max-Age", "600");
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (the server is stopping). */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
