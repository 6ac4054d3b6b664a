/**
 * The unit project's globalSetup and globalTeardown: `npm run build:server` once for the run, into a folder of its
 * own (test/server/support/server-cli.ts starts the relay's commands from it), removed afterwards.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Where the processes' tests find the bundles. */
export const SERVER_BUNDLES_ENV = "MAD_TEST_SERVER_BUNDLES";

export default function setup(): void {
  const dir = mkdtempSync(path.join(tmpdir(), "mad-server-bundles-"));
  execFileSync("npm", ["run", "--silent", "build:server", "--", `--outdir=${dir}`], {
    cwd: path.resolve(__dirname, "../.."),
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Workers start after globalSetup and inherit this process's environment.
  process.env[SERVER_BUNDLES_ENV] = dir;
}

export function teardown(): void {
  const dir = process.env[SERVER_BUNDLES_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env[SERVER_BUNDLES_ENV];
}
