/**
 * A stand-in for the service that knows several keys: it answers every operation with a small OK envelope for a
 * good secret and ERROR_SECRET_KEY for a refused one, and records each call (which key, what, when). For the
 * tests of a plan with several keys, which the simulator (one secret) cannot hold.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface StandInCall {
  readonly secret: string;
  readonly path: string;
  readonly body: string;
}

export interface StandIn {
  readonly url: string;
  readonly calls: StandInCall[];
  /** Secrets answered with ERROR_SECRET_KEY. */
  readonly refused: Set<string>;
  latencyMs: number;
  stop(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const calls: StandInCall[] = [];
  const refused = new Set<string>();
  const state = { latencyMs: 0 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const secret = String(req.headers["secret-key"] ?? "");
      calls.push({ secret, path: req.url ?? "", body });
      setTimeout(() => {
        const envelope = refused.has(secret)
          ? { code: "ERROR_SECRET_KEY", message: "secret-key错误", data: null }
          : {
              code: "OK",
              message: "成功",
              data: { items: [{ asin: "B000000001", body }], total: 1, page: 1, size: 10, pages: 1 },
            };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(envelope));
      }, state.latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    refused,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(ms: number) {
      state.latencyMs = ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
