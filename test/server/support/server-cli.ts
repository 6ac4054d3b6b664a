/**
 * The relay's two commands as child processes. They run as the Dockerfile's image runs them: the bundles of
 * `npm run build:server`, built once per test run (test/support/server-bundles.ts). Started through tsx, as
 * `npm run serve` / `npm run team` start them, each costs ~1 CPU-s instead of ~0.3, and these files start ~40 of them;
 * the tsx path keeps its tests in test/browser/hosted.test.ts and start.test.ts.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { SERVER_BUNDLES_ENV } from "../../support/server-bundles";

const ROOT = path.resolve(__dirname, "../../..");

export type ServerCli = "serve" | "team";

/** The bundle of `cli` the unit project's global setup built (jest.config.js). */
function bundleOf(cli: ServerCli): string {
  const bundles = process.env[SERVER_BUNDLES_ENV];
  if (!bundles) throw new Error(`${SERVER_BUNDLES_ENV} is not set: run this file through jest's unit project`);
  return path.join(bundles, `${cli}.js`);
}

/**
 * V8 compiles the embedded database's WebAssembly (PGlite, 9 MB) with its baseline compiler only: a command or a
 * relay that opens it then starts in ~1.6 CPU-s instead of ~2.5, with the same behaviour (the optimizing tier only
 * pays off for work longer than these processes do).
 */
const NODE_FLAGS = ["--liftoff-only"];

/** `npm run <cli> -- ...args` in the repository's folder, with this environment. */
export function spawnServerCli(
  cli: ServerCli,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...NODE_FLAGS, bundleOf(cli), ...args], { cwd: ROOT, env });
}

export interface CliRun {
  readonly status: number | null;
  readonly out: string;
  readonly err: string;
  /** stdout and stderr as they came. */
  readonly output: string;
  /** stdout's lines. */
  readonly lines: string[];
}

/**
 * Runs the command to its end, awaited without blocking this process (a relay in this process must see its idle
 * keep-alive sockets closing meanwhile, or the next call reuses one it already closed).
 */
export async function runServerCli(
  cli: ServerCli,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliRun> {
  const child = spawnServerCli(cli, args, env);
  let out = "";
  let err = "";
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
    output += chunk.toString();
  });
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { status, out, err, output, lines: out.trimEnd().split("\n") };
}
