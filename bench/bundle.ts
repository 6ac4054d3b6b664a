/**
 * Scenario 6: what a user downloads. Sizes of the built functions bundle and of the task pane bundle (taskpane.js
 * plus any chunk it loads on demand), minified as the production build writes them and gzipped with zlib.
 * Uses dist/ when it holds a production build with the preview page, newer than every source file; otherwise builds
 * into .bench/dist (git-ignored), so a development build, a build for hosting (ADDIN_BASE_URL: no preview page, which
 * scenarios 8 and 9 load) or a stale dist/ is never measured and dist/ is never overwritten.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface BundleSize {
  readonly name: string;
  readonly files: readonly string[];
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
}

export interface BundleReport {
  /** The directory measured, relative to the project root. */
  readonly dir: string;
  readonly built: boolean;
  readonly bundles: readonly BundleSize[];
  /** What taskpane.html loads before the pane is interactive (its script tags, functions.js aside). */
  readonly initial: BundleSize;
}

/** What the bench loads: the bundles it weighs and the preview page its browser scenarios open. */
const BUILD_OUTPUTS = ["functions.js", "taskpane.js", "taskpane.html", "preview.html"];

function sizeOf(dist: string, name: string, files: readonly string[]): BundleSize {
  let minifiedBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    minifiedBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { name, files, minifiedBytes, gzipBytes };
}

/** Local scripts an HTML page loads (`<script src=...>`, minified attributes included). */
function pageScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/gi)]
    .map((m) => m[1])
    .filter((src) => !/^[a-z]+:/i.test(src));
}

/**
 * The task pane's files: what taskpane.html loads besides the functions bundle (which is measured on its own),
 * plus the chunks webpack split off to load on demand. Custom functions register from functions.js alone; the chunks
 * the functions load on demand (the Chinese catalogs, the catalog's words, a history's or a card's plans, MAD.ASOF's
 * work) are counted here with the pane's.
 */
function taskPaneFiles(dist: string): { initial: string[]; lazy: string[] } {
  const pages = readdirSync(dist).filter((f) => f.endsWith(".html"));
  const loadedByPages = new Set(pages.flatMap((page) => pageScripts(readFileSync(path.join(dist, page), "utf8"))));
  const initial = pageScripts(readFileSync(path.join(dist, "taskpane.html"), "utf8")).filter(
    (f) => f !== "functions.js",
  );
  // A chunk is the task pane's when taskpane.html's runtime names it: webpack writes each lazy chunk's content hash
  // into the runtime of the page that loads it (functions.js here; the preview's chart chunks are named by preview.js).
  const runtime = pageScripts(readFileSync(path.join(dist, "taskpane.html"), "utf8"))
    .map((f) => readFileSync(path.join(dist, f), "utf8"))
    .join("\n");
  const lazy = readdirSync(dist)
    .filter((f) => f.endsWith(".js") && !loadedByPages.has(f))
    .filter((f) => {
      const hash = /\.([0-9a-f]{8,})\.js$/.exec(f)?.[1];
      return hash !== undefined && runtime.includes(hash);
    })
    .sort();
  return { initial, lazy };
}

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Webpack's development output starts its module lines with this comment; production output is minified. */
const DEV_BUILD_MARK = "/******/";

/** A production build with the preview page, newer than every source file. */
export function usableBuild(root: string, dist: string): boolean {
  if (BUILD_OUTPUTS.some((f) => !existsSync(path.join(dist, f)))) return false;
  const functions = path.join(dist, "functions.js");
  if (readFileSync(functions, "utf8").includes(DEV_BUILD_MARK)) return false;
  return statSync(functions).mtimeMs >= newestSourceMtime(path.join(root, "src"));
}

export function measureBundles(root: string): BundleReport {
  let dir = "dist";
  let built = false;
  if (!usableBuild(root, path.join(root, dir))) {
    dir = ".bench/dist";
    // Without ADDIN_BASE_URL: a build for hosting ships no preview page, which the browser scenarios load.
    const { ADDIN_BASE_URL: _hosting, ...env } = process.env;
    execFileSync(
      process.execPath,
      [path.join(root, "node_modules/webpack-cli/bin/cli.js"), "--mode", "production", "--output-path", dir],
      { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
    );
    built = true;
  }
  const dist = path.join(root, dir);
  const functions = sizeOf(dist, "functions bundle", ["functions.js"]);
  const { initial, lazy } = taskPaneFiles(dist);
  const taskpane = sizeOf(dist, "task pane bundle", [...initial, ...lazy]);
  const initialScripts = sizeOf(dist, "task pane initial scripts", initial);
  return { dir, built, bundles: [functions, taskpane], initial: initialScripts };
}
