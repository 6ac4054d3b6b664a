/**
 * Two jest projects. `unit` (everything outside test/browser): Node tests, including contract tests against the
 * simulator over real HTTP; runs anywhere Node runs (`npm run test:unit`). `browser` (test/browser): the built
 * add-in in Debian's chromium through playwright-core; needs /usr/bin/chromium or CHROMIUM_PATH. `npm test` runs
 * both.
 */
const os = require("node:os");

/**
 * FormatJS ships ES modules only (src/i18n): jest transpiles those packages to CommonJS with the rest. PGlite's
 * CommonJS build loads Node's modules with import(), which jest serves only as a require (the transform's rule).
 */
const ESM_PACKAGES = ["intl-messageformat", "@formatjs", "@electric-sql/pglite"];

/** esbuild transpiles (test/support/esbuild-transform.js); `npm run typecheck` checks types once for the whole tree. */
const transform = { "^.+\\.([jt]sx?|cjs)$": "<rootDir>/test/support/esbuild-transform.js" };

const shared = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform,
  // Each module compiled once per worker rather than once per test file (V8's code cache; see the file).
  runtime: "<rootDir>/test/support/code-cache-runtime.js",
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`],
  // office-addin-mock needs only an enum of office-addin-manifest, whose dependencies jest cannot load: one stand-in.
  moduleNameMapper: { "^office-addin-manifest$": "<rootDir>/test/support/office-addin-manifest.ts" },
  testTimeout: 20000,
};

/**
 * At least three workers, even on two cores: the browser files, the relay's processes and the fault tests wait on
 * Chromium, child processes and real timeouts much of the time, and jest's default (one worker per core but one)
 * ran every file one after another on a 2-core machine.
 */
const WORKERS = Math.max(3, os.availableParallelism() - 1);

/**
 * A larger young generation (V8's semi-space, 32 MB instead of 16) for the workers and what they start (the relay's
 * processes): the tests allocate many short-lived objects, and fewer scavenges cost less. Measured on this suite's
 * files, CPU-seconds of the whole machine: unit files 123 → 106 and 158 → 133, browser files 121 → 110 (16 MB: 117;
 * 48 and 64 MB: no gain). Set here, before jest forks its workers, so `npm test` gets it on every OS.
 */
const YOUNG_GENERATION = "--max-semi-space-size=32";
if (!(process.env.NODE_OPTIONS ?? "").includes("--max-semi-space-size")) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, YOUNG_GENERATION].filter(Boolean).join(" ");
}

/**
 * The workers compile the embedded database's WebAssembly (PGlite, 9 MB) with V8's baseline compiler only, as the
 * relay processes the tests start do (test/server/support/server-cli.ts): its optimizing tier does not pay off in a
 * test's few queries (measured on four of the history's files: 34–38 CPU-s against 39–41). NODE_OPTIONS refuses this
 * V8 flag, so it goes in the arguments jest forks its workers with (they inherit this process's).
 */
const BASELINE_WASM = "--liftoff-only";
if (!process.execArgv.includes(BASELINE_WASM)) process.execArgv.push(BASELINE_WASM);

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 20000,
  maxWorkers: WORKERS,
  testSequencer: "<rootDir>/test/support/sequencer.js",
  projects: [
    {
      ...shared,
      displayName: "unit",
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/browser/"],
      // The relay's commands bundled once for the files that start them (test/support/server-bundles.ts).
      globalSetup: "<rootDir>/test/support/server-bundles.ts",
      globalTeardown: "<rootDir>/test/support/server-bundles-teardown.ts",
    },
    {
      ...shared,
      displayName: "browser",
      roots: ["<rootDir>/test/browser"],
      // One Chromium for the run, each file connecting to it (test/browser/support/shared-chromium.ts).
      globalSetup: "<rootDir>/test/browser/support/shared-chromium.ts",
      globalTeardown: "<rootDir>/test/browser/support/shared-chromium-teardown.ts",
    },
  ],
};
