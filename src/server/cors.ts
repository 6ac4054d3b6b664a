/**
 * A team relay tried on this machine answers the local preview (issue 46): the pane at
 * http://127.0.0.1:8787/preview.html (`npm start`) calls a relay at http://127.0.0.1:8080, another origin, which
 * browsers allow only with a CORS grant. The grant is given to a loopback origin (`http://127.0.0.1:*`,
 * `http://localhost:*`, `http://[::1]:*`) on a relay reached on loopback (the connection's own address: the relay is
 * on this machine), for the member routes under `/v1/` only: never for admin routes or files, never to another
 * origin, never to a relay reached over the network (docs/deploy.md, "Trying a team relay from the preview").
 *
 * Why that is safe: members authenticate with a bearer token in a header, never a cookie, so a granted page reads
 * only what its own token may; and a page with a loopback origin is this machine's own.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** The headers the pane sends (a member's token, a body, its request id and language). */
const ALLOWED_HEADERS = "authorization, content-type, secret-key, x-request-id, accept-language";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
/** What the pane reads of an answer besides its body: how long to wait, and the request's id. */
const EXPOSED_HEADERS = "retry-after, x-request-id";

/** Whether the connection reached this server on a loopback address (the relay runs on the caller's machine). */
function reachedOnLoopback(req: IncomingMessage): boolean {
  const local = req.socket.localAddress ?? "";
  return local === "::1" || /^(::ffff:)?127\./.test(local);
}

/** The origin granted for this request, or undefined (no grant: the answer carries no CORS header). */
function grantedOrigin(req: IncomingMessage, pathname: string): string | undefined {
  if (!pathname.startsWith("/v1/")) return undefined;
  const origin = req.headers.origin;
  if (typeof origin !== "string" || !LOOPBACK_ORIGIN.test(origin) || !reachedOnLoopback(req)) return undefined;
  return origin;
}

/**
 * The grant on an answer; on a preflight (`OPTIONS`), also what the real request may carry. A relayed answer is
 * `no-store` and varies on its credential headers (./relay.ts): no cache keeps it, so its grant needs no `Vary`.
 */
function grantCors(req: IncomingMessage, res: ServerResponse, origin: string): void {
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader("access-control-expose-headers", EXPOSED_HEADERS);
  if (req.method !== "OPTIONS") return;
  res.setHeader("vary", "origin");
  res.setHeader("access-control-allow-methods", ALLOWED_METHODS);
  res.setHeader("access-control-allow-headers", ALLOWED_HEADERS);
  res.setHeader("access-control-max-age", "600");
}

/**
 * Grants the local preview its request (headers on the answer), and answers a preflight (`OPTIONS`: granted or not,
 * 204 and nothing else); true when the request was one and is answered.
 */
export function answeredCors(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const origin = grantedOrigin(req, pathname);
  if (origin) grantCors(req, res, origin);
  if (req.method !== "OPTIONS") return false;
  res.writeHead(204, { "content-length": "0" });
  res.end();
  return true;
}
