/**
 * Two jest projects. `unit` (everything outside test/browser): Node tests, including contract tests against the
 * simulator over real HTTP; runs anywhere Node runs (`npm run test:unit`). `browser` (test/browser): the built
 * add-in in Debian's chromium through playwright-core; needs /usr/bin/chromium or CHROMIUM_PATH. `npm test` runs
 * both.
 */
const os = require("node:os");

/** FormatJS ships ES modules only (src/i18n): jest transpiles those packages to CommonJS with the rest. */
const ESM_PACKAGES = ["intl-messageformat", "@formatjs"];

/** esbuild transpiles (test/support/esbuild-transform.js); `npm run typecheck` checks types once for the whole tree. */
const transform = { "^.+\\.[jt]sx?$": "<rootDir>/test/support/esbuild-transform.js" };

const shared = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform,
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

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 20000,
  maxWorkers: WORKERS,
  testSequencer: "<rootDir>/test/support/sequencer.js",
  projects: [
    { ...shared, displayName: "unit", testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/browser/"] },
    { ...shared, displayName: "browser", roots: ["<rootDir>/test/browser"] },
  ],
};
