/**
 * The simulator in its own process (the CLI through tsx), so generating the service's answers does not share the
 * bench's thread with the engine that parses and shapes them: a real service computes on its own machine.
 * Calls are counted by the child through its control endpoint (`/__sim/stats`, token in `x-sim-token`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { SimulatorStats } from "../src/simulator";

/** What the scenarios need of a simulator: its URL and its call counts. */
export interface BenchSimulator {
  readonly url: string;
  stats(): Promise<SimulatorStats>;
  resetStats(): Promise<void>;
}

export interface ChildSimulator extends BenchSimulator {
  /** SIGTERM (the CLI closes its server and exits); resolves when the process has exited. */
  stop(): Promise<void>;
}

const SECRET_ENV = "MAD_BENCH_SIMULATOR_SECRET";
const CLI = path.resolve(__dirname, "../src/simulator/cli.ts");

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startChildSimulator(options: { secret: string; latencyMs: number }): Promise<ChildSimulator> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      CLI,
      "--port",
      "0",
      "--latency",
      String(options.latencyMs),
      "--secret-env",
      SECRET_ENV,
      "--no-static",
    ],
    { env: { ...process.env, [SECRET_ENV]: options.secret }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    let url: string | undefined;
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      url ??= /^Simulator listening on (\S+)/.exec(line)?.[1];
      const token = /\(header x-sim-token\): (\S+)/.exec(line)?.[1];
      if (url && token) {
        lines.removeAllListeners("line");
        lines.on("line", () => undefined); // keep draining the child's output
        resolve({ url, token });
      }
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the simulator process exited (${code}) before listening: ${stderr}`)),
    );
  });
  const control = async (method: "GET" | "DELETE"): Promise<unknown> => {
    const res = await fetch(`${url}/__sim/stats`, {
      method,
      headers: { "x-sim-token": token, "content-type": "application/json" },
    });
    if (!res.ok) throw new Error(`simulator /__sim/stats ${method}: HTTP ${res.status}`);
    return res.json();
  };
  return {
    url,
    stats: async () => (await control("GET")) as SimulatorStats,
    resetStats: async () => void (await control("DELETE")),
    stop: async () => {
      const done = exited(child);
      child.kill("SIGTERM");
      await done;
    },
  };
}
