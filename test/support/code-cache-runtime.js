/**
 * jest's module runtime with V8's code cache. jest compiles every module afresh for every test file (each file has
 * its own module registry), so a worker parsed React, Fluent UI, PGlite and src/ once per file and compiled every
 * function it called once per file again: a fifth of the workers' CPU in a profile of the suite. Here a worker keeps
 * V8's code cache of each module it ran (made after the first file ran it, so it holds the functions that file
 * compiled lazily) and later files' compilations of the same text start from it (measured on the unit project, 2
 * cores: 268 → 225 CPU-s, 154 → 132 s). The module runs as before: the same text and parameters, in the test file's
 * own context, `import()` still served by jest.
 *
 * Written here: jest has no option for it, and the compile-cache packages (v8-compile-cache and the like) hook Node's
 * own require, which jest's sandbox does not use.
 */
const Runtime = require("jest-runtime").default;
const { ModuleCodeCache } = require("./module-code-cache");

/** One per worker: the test files a worker runs one after another share it. */
const moduleCodeCache = new ModuleCodeCache();

/**
 * jest-runtime with its module executor's `compile` served from the code cache. Core modules and text V8 refuses
 * (a syntax error) go to jest's own compile, which reports them as jest does.
 */
class CodeCacheRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    // jest-runtime's internals this relies on (30.5): a jest upgrade that moves them fails every file, saying so.
    const relied = [
      executor?.compile,
      executor?.dynamicImport,
      executor?.environment?.getVmContext,
      executor?.resolution?.isCoreModule,
    ];
    if (relied.some((member) => typeof member !== "function") || !Array.isArray(executor.injectedModuleParameters)) {
      throw new Error(
        "test/support/code-cache-runtime.js: this jest-runtime's module executor is not the one it was written for; " +
          "adapt the file to it or remove `runtime` from jest.config.js",
      );
    }
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      try {
        return moduleCodeCache.compile({
          source,
          filename,
          parameters: executor.injectedModuleParameters,
          context,
          importModuleDynamically: (specifier, _script, attributes, phase) =>
            executor.dynamicImport(specifier, filename, context, attributes, phase),
        });
      } catch {
        return jestCompile(source, filename);
      }
    };
  }
}

module.exports = CodeCacheRuntime;
