/**
 * The browser tests run the BUILT add-in (dist/). CI builds before testing (.ci/run: lint, typecheck, build,
 * validate, test); run on its own, a browser test builds once when dist/ is missing or older than its sources.
 * A lock directory keeps parallel test files from building at the same time. A build for hosting in dist/ (made with
 * ADDIN_BASE_URL: the add-in only, no preview page) is never replaced behind its owner's back: they are told instead.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");
export const DIST = path.join(ROOT, "dist");
const OUTPUTS = ["preview.html", "preview.js", "taskpane.html", "taskpane.js", "functions.js", "functions.json"];
const INPUTS = ["src", "assets", "webpack.config.js", "package.json", "manifest.xml"];
const LOCK = path.join(ROOT, ".cache", "build.lock");
const STAMP = path.join(ROOT, ".cache", "build.stamp");
/** How long a build may take before the tests give up on it (and the hooks that wait for one, see preview.ts). */
export const BUILD_TIMEOUT_MS = 20 * 60_000;

function newestModification(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/**
 * Fresh when every output exists and a build ran after the newest source change: either a file of dist/ was written
 * after it (a changed source changes a chunk, whose hashed name is new, even where the entry files stay as they
 * were: a person's `npm run build` counts), or our own build stamp was (webpack leaves an unchanged file untouched).
 */
function isFresh(): boolean {
  const outputs = OUTPUTS.map((name) => path.join(DIST, name));
  if (!outputs.every((file) => existsSync(file))) return false;
  const lastBuild = Math.max(newestModification(DIST), statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0);
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

/** The address a build for hosting in `dist` was made for (it has the task pane but no preview page), else null. */
export function hostingBuildIn(dist: string): string | null {
  if (!existsSync(path.join(dist, "taskpane.html")) || existsSync(path.join(dist, "preview.html"))) return null;
  const manifest = path.join(dist, "manifest.xml");
  const source = existsSync(manifest)
    ? /<SourceLocation DefaultValue="([^"]+?)taskpane\.html"/.exec(readFileSync(manifest, "utf8"))?.[1]
    : undefined;
  return source ?? "another address";
}

/** Builds dist/ (production, with the preview page) unless it is newer than every source or a build for hosting. */
export async function ensureBuilt(): Promise<void> {
  if (isFresh()) return;
  const hosting = hostingBuildIn(DIST);
  if (hosting)
    throw new Error(
      `dist/ holds a build for hosting at ${hosting} (ADDIN_BASE_URL), without the preview page; it is left as it is. ` +
        "Copy it elsewhere, then run npm run build without ADDIN_BASE_URL (or delete dist/) and try again.",
    );
  await withLock(() => {
    if (isFresh()) return;
    const webpackCli = require.resolve("webpack-cli/bin/cli.js", { paths: [ROOT] });
    const started = new Date();
    // Without ADDIN_BASE_URL: a build for hosting has no preview page, which the browser tests and screenshots open.
    const { ADDIN_BASE_URL: _hosting, ...env } = process.env;
    execFileSync(process.execPath, [webpackCli, "--mode", "production"], {
      cwd: ROOT,
      env,
      stdio: "pipe",
      // A generous bound: a build on a machine whose cores are busy takes several times its usual minute or two.
      timeout: BUILD_TIMEOUT_MS,
    });
    writeFileSync(STAMP, "");
    utimesSync(STAMP, started, started);
  });
}
