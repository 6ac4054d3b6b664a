import type vm from "node:vm";

/** See module-code-cache.js. */
export class ModuleCodeCache {
  readonly modules: Map<string, { source: string; parameters: string; script?: vm.Script; cachedData?: Buffer }>;
  compile(options: {
    source: string;
    filename: string;
    parameters: readonly string[];
    context: vm.Context;
    importModuleDynamically: (specifier: string, script: vm.Script, attributes: unknown) => Promise<unknown>;
  }): (...args: unknown[]) => unknown;
}
