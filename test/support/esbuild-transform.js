/**
 * jest's TypeScript transpiler: esbuild, file by file, to CommonJS. On a fresh clone jest transforms every file it
 * loads; ts-jest (TypeScript's transpileModule) took 13.9 CPU-s for the 665 files of src/ and test/, esbuild 0.8.
 * Types are checked once for the whole tree by `npm run typecheck`.
 *
 * Written here rather than taken from a package: esbuild is already a dependency (the relay's bundle, tsx), jest's
 * transformer contract is two functions, and the esbuild-jest packages have been unmaintained since 2021–22.
 */
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

/** The compiler options that change emitted code (target ES2022: class fields are defined, as TypeScript's default). */
const TSCONFIG = {
  compilerOptions: { jsx: "react-jsx", esModuleInterop: true, useDefineForClassFields: true },
};

const LOADERS = { ".ts": "ts", ".tsx": "tsx", ".js": "js", ".jsx": "jsx", ".mjs": "js", ".cjs": "js" };

/** What a cached transform depends on besides the file: esbuild's version and this file. */
const TRANSFORMER_KEY = crypto
  .createHash("sha256")
  .update(esbuild.version)
  .update(fs.readFileSync(__filename))
  .digest("hex");

/** PGlite's CommonJS build (the history's embedded database, src/server/history/database.ts). */
const PGLITE = /[\\/]node_modules[\\/]@electric-sql[\\/]pglite[\\/]dist[\\/][^\\/]+\.cjs$/;

/**
 * PGlite's CommonJS build loads Node's own modules with `await import("fs")`, and one of its functions declares a
 * `require` of its own below such an import (`var require = createRequire(...)`), so the promised require the
 * transform makes of an import() would call that one, still undefined. Its imports of a module by name become a
 * require of the file's own, taken before anything can hide it.
 */
function requiredModules(text) {
  return `const __madRequire = require;${text.replace(/\bimport\((["'][\w:/]+["'])\)/g, "Promise.resolve(__madRequire($1))")}`;
}

module.exports = {
  canInstrument: false,

  getCacheKey(sourceText, sourcePath) {
    return crypto.createHash("sha256").update(TRANSFORMER_KEY).update(sourcePath).update(sourceText).digest("hex");
  },

  process(text, sourcePath) {
    const sourceText = PGLITE.test(sourcePath) ? requiredModules(text) : text;
    const loader = LOADERS[path.extname(sourcePath)];
    if (loader === undefined) throw new Error(`esbuild-transform: no loader for ${sourcePath}`);
    const { code, map } = esbuild.transformSync(sourceText, {
      loader,
      format: "cjs",
      target: "es2022",
      platform: "node",
      sourcemap: "external",
      sourcesContent: false,
      sourcefile: sourcePath,
      tsconfigRaw: TSCONFIG,
      // import() (the language files) as a promised require, as TypeScript emits it for CommonJS: jest's module
      // registry serves require, while a real import() needs --experimental-vm-modules.
      supported: { "dynamic-import": false },
    });
    return { code, map };
  },
};
