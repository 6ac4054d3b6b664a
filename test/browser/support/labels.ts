/** The builder shows plain English labels; tests name fields by their API names and look the label up here. */
import { operation, type OperationCode } from "../../../src/api/catalog";
import type { ParamSpec } from "../../../src/api/catalog-types";
import { paramLabel } from "../../../src/api/words/param-labels";

/** The label (accessible name) of an operation's parameter in the query builder. */
export function fieldLabel(code: OperationCode, name: string): string {
  const spec = (operation(code).params as readonly ParamSpec[]).find((p) => p.name === name);
  if (!spec) throw new Error(`${code} has no parameter ${name}`);
  return paramLabel(spec);
}
