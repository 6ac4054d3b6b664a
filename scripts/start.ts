/**
 * `npm start`: builds the add-in, starts the local simulator with its demo secret on loopback, serves the built
 * add-in and the preview page from the same origin, and prints the preview URL. Ctrl-C (or SIGTERM) stops
 * everything. No certificates, nothing to install by hand.
 *
 * Options: --no-build (serve dist/ as it is; `npm run preview`), --port N (default 8787, else the next free
 * port), --host H (default 127.0.0.1), --latency MS (simulated service latency), --quota N (calls this month,
 * default 1,000 like the smallest plan, so the task pane shows calls left), --rate-limit N (default 40 a minute,
 * the live limit).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_SECRET, startSimulator, type RunningSimulator } from "../src/simulator";

const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist");
const DEFAULT_PORT = 8787;
const PORTS_TO_TRY = 20;

interface StartOptions {
  build: boolean;
  port: number;
  host: string;
  latencyMs: number;
  quota: number;
  rateLimit: number;
}

const USAGE = "known: --no-build, --port N, --host H, --latency MS, --quota N, --rate-limit N";

function parseOptions(argv: readonly string[]): StartOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        "no-build": { type: "boolean" },
        port: { type: "string" },
        host: { type: "string" },
        latency: { type: "string" },
        quota: { type: "string" },
        "rate-limit": { type: "string" },
      },
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message} (${USAGE})`);
  }
  const options: StartOptions = {
    build: !values["no-build"],
    port: Number(values.port ?? process.env.PORT ?? DEFAULT_PORT),
    host: values.host ?? "127.0.0.1",
    latencyMs: Number(values.latency ?? 0),
    quota: Number(values.quota ?? 1000),
    rateLimit: Number(values["rate-limit"] ?? 40),
  };
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
    throw new Error(`--port must be a port number`);
  if (!Number.isFinite(options.latencyMs) || options.latencyMs < 0) throw new Error(`--latency must be milliseconds`);
  for (const [flag, n] of [
    ["--quota", options.quota],
    ["--rate-limit", options.rateLimit],
  ] as const)
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number of calls`);
  return options;
}

/** Children to stop on Ctrl-C (the build, while it runs). */
const children = new Set<ReturnType<typeof spawn>>();

/** The production build, quietly: its output is shown only when it fails. */
function build(): Promise<void> {
  const webpackCli = require.resolve("webpack-cli/bin/cli.js", { paths: [ROOT] });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [webpackCli, "--mode", "production"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`The build failed (${signal ?? `exit code ${code}`}):\n${output.trim()}`));
    });
  });
}

/** Starts on the asked port, else the next free one, saying which it moved to and why. */
async function startOnFreePort(options: StartOptions) {
  const attempts = options.port === 0 ? 1 : PORTS_TO_TRY;
  for (let attempt = 0; ; attempt++) {
    const port = options.port === 0 ? 0 : options.port + attempt;
    try {
      const started = await startSimulator({
        port,
        host: options.host,
        secret: DEMO_SECRET,
        latencyMs: options.latencyMs,
        monthlyQuota: options.quota,
        rateLimitPerMinute: options.rateLimit,
        staticDir: DIST,
      });
      if (attempt > 0)
        console.log(`Port ${options.port} is in use (another program has it): serving on port ${port} instead.`);
      return started;
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!inUse || attempt + 1 >= attempts) throw error;
    }
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const running: { server?: RunningSimulator } = {};
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130); // a second Ctrl-C: leave now
    stopping = true;
    for (const child of children) child.kill(signal);
    await running.server?.stop();
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  if (options.build) {
    const started = Date.now();
    console.log("Building the add-in (webpack, production)…");
    await build();
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  if (!existsSync(path.join(DIST, "preview.html")))
    throw new Error("dist/preview.html is missing: run npm start (which builds) or npm run build.");
  const server = await startOnFreePort(options);
  running.server = server;
  const origin = new URL(server.url).origin;
  console.log("");
  console.log(`Preview:   ${origin}/preview.html`);
  console.log(
    `Simulator: ${origin} (demo secret, ${options.quota} calls this month, ${options.rateLimit} a minute; nothing leaves this machine)`,
  );
  if (process.platform === "win32" || process.platform === "darwin") {
    console.log("Excel desktop: npm run start:desktop sideloads the add-in (HTTPS dev certificates, manifest.xml).");
  }
  console.log("Press Ctrl-C to stop.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
