/**
 * The test runtime's code cache (test/support/code-cache-runtime.js): a module compiled again for a later test file
 * runs exactly as a fresh compilation would (its own context and state, its own line numbers, `import()` through
 * jest), starts from V8's code cache of the first file's run, and a changed file is never served from the old one.
 */
import vm from "node:vm";
import { ModuleCodeCache } from "../support/module-code-cache";

interface Loaded {
  exports: Record<string, unknown>;
}

const PARAMETERS = ["module", "exports", "require"];
const FILE = "/virtual/pricing.js";

/** `source` compiled through `cache` and run as a CommonJS module in a context of its own, as one test file would. */
function load(cache: ModuleCodeCache, source: string, filename = FILE): Loaded {
  const context = vm.createContext({});
  const moduleFunction = cache.compile({
    source,
    filename,
    parameters: PARAMETERS,
    context,
    importModuleDynamically: () => Promise.reject(new Error("not served in this test")),
  }) as (module: { exports: object }, exports: object, require: NodeRequire) => void;
  const module = { exports: {} as Record<string, unknown> };
  moduleFunction(module, module.exports, require);
  return { exports: module.exports };
}

const PRICING = `
let calls = 0;
exports.withTax = (price) => { calls += 1; return Math.round(price * 1.2 * 100) / 100; };
exports.calls = () => calls;
exports.fail = () => { throw new Error("no price"); };
exports.later = () => import("./chart");
`;

test("a module compiled again for a later file runs the same, with state of its own, from the first run's cache", () => {
  const cache = new ModuleCodeCache();
  const first = load(cache, PRICING);
  expect((first.exports.withTax as (n: number) => number)(10)).toBe(12);
  expect(cache.modules.get(FILE)?.cachedData).toBeUndefined();

  const second = load(cache, PRICING);
  const cachedData = cache.modules.get(FILE)?.cachedData;
  expect(cachedData).toBeInstanceOf(Buffer);
  expect((second.exports.calls as () => number)()).toBe(0);
  expect((second.exports.withTax as (n: number) => number)(19.99)).toBe(23.99);

  const third = load(cache, PRICING);
  expect(cache.modules.get(FILE)?.cachedData).toBe(cachedData);
  expect((third.exports.calls as () => number)()).toBe(0);
  expect((first.exports.calls as () => number)()).toBe(1);
});

test("the cache holds what the first file compiled while it ran, not only the module's outline", () => {
  // Two files' names: V8 shares one compilation of the same text and name within a process.
  const [notCalled, called] = ["/virtual/not-called.js", "/virtual/called.js"];
  const cache = new ModuleCodeCache();
  load(cache, PRICING, notCalled);
  (load(cache, PRICING, called).exports.withTax as (n: number) => number)(1);
  load(cache, PRICING, notCalled);
  load(cache, PRICING, called);
  const size = (file: string) => cache.modules.get(file)!.cachedData!.length;
  expect(size(called)).toBeGreaterThan(size(notCalled));
});

test("a file whose text changed is compiled afresh, never run from the old cache", () => {
  const cache = new ModuleCodeCache();
  load(cache, PRICING);
  load(cache, PRICING);
  const changed = load(cache, PRICING.replace("1.2", "1.1"));
  expect((changed.exports.withTax as (n: number) => number)(10)).toBe(11);
  expect(cache.modules.get(FILE)?.cachedData).toBeUndefined();
  expect((load(cache, PRICING).exports.withTax as (n: number) => number)(10)).toBe(12);
});

test("an error names the module's own file and line, and import() fails as under jest's own compile", async () => {
  const cache = new ModuleCodeCache();
  load(cache, PRICING);
  const cached = load(cache, PRICING);
  let thrown: unknown;
  try {
    (cached.exports.fail as () => void)();
  } catch (error) {
    thrown = error;
  }
  expect((thrown as Error).stack).toContain(`${FILE}:5:`);
  // Node 20 hands import() in a vm context to the callback only under --experimental-vm-modules, which this suite
  // does not use (PGlite's imports become requires in test/support/esbuild-transform.js): jest's compile says so too.
  const jests = vm.compileFunction(PRICING, PARAMETERS, {
    parsingContext: vm.createContext({}),
    importModuleDynamically: () => Promise.reject(new Error("not served in this test")),
  });
  const module = { exports: {} as Record<string, unknown> };
  jests(module, module.exports, require);
  const jestsError = await (module.exports.later as () => Promise<unknown>)().catch((error: Error) => error.message);
  await expect((cached.exports.later as () => Promise<unknown>)()).rejects.toThrow(jestsError as string);
});
