/**
 * Registers the MAD functions with Excel: every wrapper of the generated table under its id (each operation of the
 * catalog under its `fn`, the card functions such as MAD.PRODUCT, and MAD.ASOF).
 * The metadata plugin's loader adds the same calls; doing it here as well keeps registration independent of the
 * build (and lets the tests' CustomFunctions shim observe it). Associating an id twice keeps the same function.
 */
interface Associator {
  associate(id: string, functionObject: (...args: never[]) => unknown): void;
}

export function associateFunctions(functions: Readonly<Record<string, (...args: never[]) => unknown>>): void {
  const runtime = (globalThis as { CustomFunctions?: Partial<Associator> }).CustomFunctions;
  if (typeof runtime?.associate !== "function") return; // not in Excel's runtime (task pane, Node without a shim)
  for (const [id, wrapper] of Object.entries(functions)) runtime.associate(id, wrapper);
}
