/**
 * The browser tests run the BUILT add-in (dist/). CI builds before testing (.ci/run: lint, typecheck, build,
 * validate, test); run on its own, a browser test builds once when dist/ is missing or older than its sources.
 * A lock directory keeps parallel test files from building at the same time.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");
export const DIST = path.join(ROOT, "dist");
const OUTPUTS = ["preview.html", "preview.js", "taskpane.html", "taskpane.js", "functions.js", "functions.json"];
const INPUTS = ["src", "assets", "webpack.config.js", "package.json", "manifest.xml"];
const LOCK = path.join(ROOT, ".cache", "build.lock");
const STAMP = path.join(ROOT, ".cache", "build.stamp");

function newestModification(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/**
 * Fresh when every output exists and a build ran after the newest source change: either an output was written
 * after it, or our own build stamp was (webpack leaves an unchanged output file untouched).
 */
function isFresh(): boolean {
  const outputs = OUTPUTS.map((name) => path.join(DIST, name));
  if (!outputs.every((file) => existsSync(file))) return false;
  const lastBuild = Math.max(...[...outputs, STAMP].filter(existsSync).map((file) => statSync(file).mtimeMs));
  const newestInput = Math.max(
    ...INPUTS.map((name) => path.join(ROOT, name))
      .filter(existsSync)
      .map(newestModification),
  );
  return newestInput <= lastBuild;
}

async function withLock<T>(work: () => T): Promise<T> {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Waited 5 minutes for ${LOCK}; remove it if no build is running.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds dist/ (production) unless it is newer than every source. */
export async function ensureBuilt(): Promise<void> {
  if (isFresh()) return;
  await withLock(() => {
    if (isFresh()) return;
    const webpackCli = require.resolve("webpack-cli/bin/cli.js", { paths: [ROOT] });
    const started = new Date();
    execFileSync(process.execPath, [webpackCli, "--mode", "production"], {
      cwd: ROOT,
      stdio: "pipe",
      timeout: 5 * 60_000,
    });
    writeFileSync(STAMP, "");
    utimesSync(STAMP, started, started);
  });
}
