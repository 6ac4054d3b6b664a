/**
 * Registers the MAD functions with Excel: for every operation of the catalog, the wrapper under its `fn` id, and
 * every card function (MAD.PRODUCT) under its own.
 * The metadata plugin's loader adds the same calls; doing it here as well keeps registration independent of the
 * build (and lets the tests' CustomFunctions shim observe it). Associating an id twice keeps the same function.
 */
import { CARD_FUNCTIONS, OPERATIONS } from "../api/catalog";

interface Associator {
  associate(id: string, functionObject: (...args: never[]) => unknown): void;
}

export function associateFunctions(functions: Readonly<Record<string, (...args: never[]) => unknown>>): void {
  const runtime = (globalThis as { CustomFunctions?: Partial<Associator> }).CustomFunctions;
  if (typeof runtime?.associate !== "function") return; // not in Excel's runtime (task pane, Node without a shim)
  for (const id of [...OPERATIONS.map((op) => op.fn), ...CARD_FUNCTIONS.map((card) => card.fn)]) {
    const wrapper = functions[id];
    if (wrapper) runtime.associate(id, wrapper);
  }
}
