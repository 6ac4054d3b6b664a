/**
 * Bounds on connections, from the moment one opens: a client that connects and sends nothing (or trickles its
 * headers) is closed once `firstRequestMs` passes without a complete request, and no address holds more than
 * `perAddress` sockets at once, so a few clients cannot take every socket from health checks and other users.
 * Behind a reverse proxy every connection comes from the proxy: raise `perAddress` there and let the proxy limit
 * its clients (docker-compose.yml and docs/deploy.md do).
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Open sockets one address may hold; past it a new one is closed at once. */
  perAddress: number;
  /** Time from connecting until the first request's headers are complete. */
  firstRequestMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { perAddress: 64, firstRequestMs: 10_000 };

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
}
