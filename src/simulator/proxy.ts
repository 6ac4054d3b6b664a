/**
 * Same-origin forwarding to the live service, for browser pages the live service's (undocumented) CORS policy may
 * refuse. The caller's secret-key header is passed through per request and is never logged, stored or echoed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./http";

/** Request headers worth forwarding; everything else (cookies, origin, host) stays here. */
const FORWARDED_REQUEST_HEADERS = ["secret-key", "content-type", "x-request-id", "call-type", "accept"];
const FORWARDED_RESPONSE_HEADERS = ["content-type", "retry-after", "x-request-id"];
const UPSTREAM_TIMEOUT_MS = 60_000;

export function normalizeUpstream(upstream: string): string {
  const url = new URL(upstream);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`upstream: expected an http(s) URL (got ${url.protocol})`);
  if (url.username || url.password) throw new Error("upstream: credentials in the URL are not allowed");
  return url.toString().replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** Forwards one request; returns the upstream status (0 when the upstream could not be reached). */
export async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: string,
  pathAndQuery: string,
  body: Buffer,
  closing: AbortSignal,
): Promise<number> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const method = req.method ?? "GET";
  try {
    const response = await fetch(`${upstream}${pathAndQuery}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : new Uint8Array(body),
      redirect: "manual",
      signal: AbortSignal.any([closing, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
    });
    const payload = Buffer.from(await response.arrayBuffer());
    const out: Record<string, string | number> = { "content-length": payload.length };
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) out[name] = value;
    }
    if (!res.destroyed) {
      res.writeHead(response.status, out);
      res.end(payload);
    }
    return response.status;
  } catch (error) {
    // The error text names the upstream failure only: headers (the secret) are not part of fetch errors.
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    sendJson(res, 502, { code: "ERROR_SERVER_INTERNAL", message: `upstream unreachable (${reason})`, data: null });
    return 0;
  }
}
