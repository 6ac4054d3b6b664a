/**
 * V8's code cache of the modules one jest worker runs (test/support/code-cache-runtime.js): node:vm only, so a test
 * can load it without jest-runtime.
 */
const vm = require("node:vm");

/** A module's compiled text, its code cache once a later file asks for it. */
class ModuleCodeCache {
  constructor() {
    /** @type {Map<string, { source: string, parameters: string, script?: vm.Script, cachedData?: Buffer }>} */
    this.modules = new Map();
  }

  /**
   * The module function of `source` (jest's CommonJS wrapper of `parameters`) in `context`. The first compilation
   * of a file's text is kept; the second turns it into V8's code cache (which then holds what the first file's run
   * compiled), and every later one starts from that cache. A file whose text changed starts over.
   */
  compile({ source, filename, parameters, context, importModuleDynamically }) {
    const names = parameters.join(",");
    const text = `({"Object.<anonymous>":function(${names}){${source}\n}});`;
    const known = this.modules.get(filename);
    let script;
    if (known?.source === source && known.parameters === names) {
      if (known.script) {
        known.cachedData = known.script.createCachedData();
        known.script = undefined; // the cache is all later files need: the first file's compiled code can go
      }
      script = new vm.Script(text, { filename, cachedData: known.cachedData, importModuleDynamically });
    } else {
      script = new vm.Script(text, { filename, importModuleDynamically });
      this.modules.set(filename, { source, parameters: names, script });
    }
    return script.runInContext(context)["Object.<anonymous>"];
  }
}

module.exports = { ModuleCodeCache };
