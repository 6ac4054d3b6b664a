/** The simulator as an HTTP server, in process (tests, benchmarks, the preview) or from the CLI. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSimulatorHandler, type SimulatorHandler, type SimulatorOptions, type SimulatorStats } from "./handler";

export interface StartOptions extends SimulatorOptions {
  /** 0 = any free port (default 8787). */
  port?: number;
  /** Default 127.0.0.1: loopback only. */
  host?: string;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:8787 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  stats(): SimulatorStats;
  resetStats(): void;
  injectFault(rule: unknown): void;
  clearFaults(): void;
  /** The token `/__sim/*` requires in the `x-sim-token` header. */
  readonly controlToken: string;
  readonly handler: SimulatorHandler;
  readonly server: Server;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const handler = createSimulatorHandler(options);
  const server = createServer(
    // Slow or idle clients may not hold sockets forever.
    { headersTimeout: 20_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 },
    (req, res) => handler.handle(req, res),
  );
  const host = options.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    handler,
    server,
    stats: () => handler.stats(),
    resetStats: () => handler.resetStats(),
    injectFault: (rule) => handler.injectFault(rule),
    clearFaults: () => handler.clearFaults(),
    controlToken: handler.controlToken,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        handler.close();
        server.close(() => resolve());
        // Keep-alive and stalled connections would hold close() open.
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
