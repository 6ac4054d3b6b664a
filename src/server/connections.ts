/**
 * Bounds on connections, from the moment one opens: a client that connects and sends nothing (or trickles its
 * headers) is closed once `firstRequestMs` passes without a complete request, and no address holds more than
 * `perAddress` sockets at once, so a few clients cannot take every socket from health checks and other users.
 * A request whose body trickles in is cut with 408 once `requestMs` passes (Node's `requestTimeout`, checked every
 * `checkEveryMs`), and the log says 408: the status the client got.
 * Behind a reverse proxy every connection comes from the proxy: raise `perAddress` there and let the proxy limit
 * its clients (docker-compose.yml and docs/deploy.md do).
 */
import type { Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Open sockets one address may hold; past it a new one is closed at once. */
  perAddress: number;
  /** Time from connecting until the first request's headers are complete. */
  firstRequestMs: number;
  /** Time to receive a whole request, headers and body; past it (at the next check) 408 and the socket closes. */
  requestMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 64,
  firstRequestMs: 10_000,
  requestMs: 25_000,
};

/** How often requests are checked against `requestMs`: a request is cut at most this long after its bound. */
export const checkEveryMs = (limits: ConnectionLimits): number =>
  Math.max(10, Math.min(5_000, Math.floor(limits.requestMs / 5)));

/** Node's own timeouts for these limits (headers within the first-request bound, and never past the whole). */
export const serverTimeouts = (limits: ConnectionLimits): ServerOptions => ({
  headersTimeout: Math.min(limits.firstRequestMs, limits.requestMs),
  requestTimeout: limits.requestMs,
  connectionsCheckingInterval: checkEveryMs(limits),
  keepAliveTimeout: 5_000,
});

/** Node's answers to a client's error (its own, when no `clientError` listener is set). */
const CLIENT_ERROR_ANSWERS: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
};

/**
 * Answers a client's error as Node would, and marks the response of the request under way (if any) with the
 * status sent, so the request's log line says 408 where the client got 408 (Node writes it on the socket itself).
 */
function answerClientErrors(server: Server): void {
  const inFlight = new WeakMap<Socket, ServerResponse>();
  server.on("request", (req, res: ServerResponse) => inFlight.set(req.socket, res));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const answer = CLIENT_ERROR_ANSWERS[error.code ?? ""] ?? "400 Bad Request";
    if (socket.writable && socket.bytesWritten === 0) {
      const res = inFlight.get(socket);
      if (res && !res.headersSent) res.statusCode = Number(answer.slice(0, 3));
      socket.write(`HTTP/1.1 ${answer}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy();
  });
}

export function guardConnections(server: Server, limits: ConnectionLimits): void {
  const open = new Map<string, number>();
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    const timer = setTimeout(() => socket.destroy(), limits.firstRequestMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once("close", () => {
      clearTimeout(timer);
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  // Later requests on a kept-alive socket are bounded by keepAliveTimeout and headersTimeout.
  server.on("request", (req) => {
    const timer = waiting.get(req.socket);
    if (timer) {
      clearTimeout(timer);
      waiting.delete(req.socket);
    }
  });
  answerClientErrors(server);
}
