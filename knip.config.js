/**
 * knip: unused files, exports and dependencies fail `npm run lint`. The production entries (marked `!`) are what ships
 * or runs: the add-in's bundles (webpack.config.js), the preview page, the servers and the scripts.
 *
 * An export used only in its own file is no export: it loses the keyword (`ignoreExportsUsedInFile` off). The
 * second run, `knip --production`, looks at the production entries alone and fails on an export only tests use:
 * there an export its own file also uses is a test seam (tests reach the modules they exercise directly), so that
 * run keeps the in-file rule on; `@internal` marks the one other exception, a reset of runtime state.
 * @microsoft/office-js is the Office JavaScript API package of the add-in's toolchain (its types come from
 * @types/office-js; office.js itself loads from Office's CDN); @types/markdown-it types
 * src/functions/codegen/help-page.ts.
 */
const production = process.argv.includes("--production");

/**
 * The bundles' and servers' entries. The default run finds them itself (knip's webpack plugin reads the entries of
 * webpack.config.js, its package.json plugin the scripts), and says so in hints when they are named; the production
 * run does not, so only it names them.
 */
const SHIPPED_ENTRIES = [
  "src/functions/generated/functions.ts!",
  "src/taskpane/index.tsx!",
  "src/preview/index.ts!",
  "src/server/cli.ts!",
  "src/server/team/cli.ts!",
  "src/simulator/cli.ts!",
];

/** @type {import('knip').KnipConfig} */
module.exports = {
  entry: [
    ...(production ? SHIPPED_ENTRIES : []),
    "scripts/*.ts!",
    "test/**/*.test.{ts,tsx}",
    // Bundled by test/browser/support/excel-pane.ts with esbuild as the page's office.js.
    "test/support/strict-excel/browser.ts",
    // The simulator's face for the tests and the benchmark, which run it in-process (not a production entry).
    "src/simulator/index.ts",
  ],
  project: ["src/**/*.{ts,tsx}!", "scripts/**/*.ts!", "bench/**/*.ts", "test/**/*.{ts,tsx}", "webpack/**/*.js"],
  ignoreExportsUsedInFile: production,
  // test/build/help-url-base.test.ts loads the webpack plugin with require(), which knip does not follow.
  ignoreIssues: { "webpack/help-url-base-plugin.js": ["exports"] },
  // redis-cli comes with Debian's redis-server package: the team relay's tests start one; .ci/run installs it.
  // fc-list (fontconfig) tells npm run screenshots whether a Chinese font is installed.
  ignoreBinaries: ["redis-cli", "fc-list"],
  // `npm run build:server` names its two bundles esbuild's way (serve=src/server/cli.ts), which knip reads as an
  // import; both sources are entries (SHIPPED_ENTRIES, or what the plugins find).
  ignoreUnresolved: ["serve=src/server/cli.ts"],
  // @swc/core is the minifier minimizer-webpack-plugin loads by name (webpack.config.js: MinimizerPlugin.swcMinify):
  // the default run sees it through the webpack plugin, the production run does not.
  // @fluentui/react-icons is Fluent UI's own dependency, pinned: from 2.0.314 the package ships every icon as files
  // of its own (47,000 files, 300 MB unpacked against 410 files, 59 MB), which made npm ci ~15 s and ~20 CPU-s
  // longer; the components ask for ^2.0.245 and the bundles come out the same (1,749,902 bytes of JS against 1,750,536).
  ignoreDependencies: [
    ...(production ? ["@swc/core"] : []),
    "@microsoft/office-js",
    "@types/markdown-it",
    "@fluentui/react-icons",
  ],
};
