/**
 * Renders src/functions/generated/functions.ts from the catalog: one JSDoc'd wrapper per operation. The JSDoc is what
 * custom-functions-metadata turns into functions.json, so names, argument order and help texts all come from the
 * catalog rows and cannot drift (test/functions/metadata.test.ts compares the file with this rendering).
 * Run `npm run gen:functions` after changing the catalog.
 */
import { OPERATIONS, ROW_CAP, paramWithRole, type AnyOperation } from "../../api/catalog";
import type { ParamSpec } from "../../api/catalog-types";
import { PARAM_KINDS } from "../../api/kinds";
import { recordColumns } from "../../table/columns";
import { filterNames, RESERVED_OPTIONS } from "../filters";

import { HELP_BASE_URL } from "./help-base";
import { ASOF_ID, ASOF_IMPORT, ASOF_WRAPPER } from "./asof-entry";

export { HELP_BASE_URL };

/** The reference's heading anchor of a function (`### MAD.KEYWORDTRENDS` -> `madkeywordtrends`). */
export const helpAnchor = (op: AnyOperation) => `mad${op.fn.toLowerCase()}`;
export const helpUrl = (op: AnyOperation) => `${HELP_BASE_URL}#${helpAnchor(op)}`;

/** The wrapper's JavaScript name: camelCase of the MCP code (`keyword_research_trends` -> `keywordResearchTrends`). */
export const wrapperName = (op: AnyOperation) => op.code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Excel argument names of a function, in order (the invocation is not one). */
export const argumentNames = (op: AnyOperation): string[] => [
  "market",
  ...op.positional.map((p) => p.arg),
  "filters",
  "fields",
  "limit",
];

const specOf = (op: AnyOperation, name: string) => (op.params as readonly ParamSpec[]).find((p) => p.name === name)!;

/** TypeScript type of an argument, as custom-functions-metadata maps it: unknown[][] = a range or a value. */
const argumentType = (spec: ParamSpec): string => PARAM_KINDS[spec.kind].traits.excelArgument;

const positionalHelp = (spec: ParamSpec): string => PARAM_KINDS[spec.kind].words.argumentHelp(spec.doc);

export function filtersHelp(op: AnyOperation): string {
  const names = filterNames(op).filter((n) => !(n in RESERVED_OPTIONS));
  const shown = names.slice(0, 4).join(", ");
  const options = Object.keys(RESERVED_OPTIONS).filter(
    (o) => (o !== "layout" || op.shape === "object") && (o !== "stats" || op.shape === "itemsWithStats"),
  );
  const more = names.length > 4 ? " and more" : "";
  return `Other parameters: name/value rows, or text "name=value; name=value". Names: ${shown}${more}. Display options: ${options.join(", ")}.`;
}

export function fieldsHelp(op: AnyOperation): string {
  const names = recordColumns(op)
    .slice(0, 3)
    .map((c) => c.name)
    .join(", ");
  return `Columns to spill, e.g. "${names}" (text or a range); blank = all.`;
}

export function limitHelp(op: AnyOperation): string {
  const size = paramWithRole(op, "size");
  if (!size) return `Rows to show, 1 to ${ROW_CAP}; blank = all rows returned.`;
  const pageSize = size.fixed ?? size.max ?? size.default;
  if (!paramWithRole(op, "page")) return `Rows wanted, 1 to ${pageSize}; blank = ${size.default}.`;
  return `Rows wanted, 1 to ${ROW_CAP}, fetched page by page; blank = one page (${size.default} rows).`;
}

function wrapperSource(op: AnyOperation): string {
  const positional = op.positional.map((p) => ({ ...p, spec: specOf(op, p.param) }));
  const lines = [
    "/**",
    ` * ${op.description}`,
    ` * @customfunction ${op.fn}`,
    ` * @helpurl ${helpUrl(op)}`,
    ` * @param market ${specOf(op, "marketplace").doc}`,
    ...positional.map((p) => ` * @param ${p.arg} ${positionalHelp(p.spec)}`),
    ` * @param [filters] ${filtersHelp(op)}`,
    ` * @param [fields] ${fieldsHelp(op)}`,
    ` * @param [limit] ${limitHelp(op)}`,
    " * @param invocation Supplied by Excel: the calling cell, cancellation and value preview.",
    ` * @returns ${op.title}: a table with a header row of column names.`,
    " * @cancelable",
    " * @requiresAddress",
    " */",
  ];
  const params = [
    "market: string",
    ...positional.map((p) => `${p.arg}: ${argumentType(p.spec)}`),
    "filters: unknown[][]",
    "fields: unknown[][]",
    "limit: number",
    "invocation: CustomFunctions.CancelableInvocation",
  ];
  const call = `runFormula("${op.code}", { market, positional: [${positional.map((p) => p.arg).join(", ")}], filters, fields, limit }, invocation)`;
  return [
    ...lines,
    `export function ${wrapperName(op)}(${params.join(", ")}): Promise<unknown[][]> {`,
    `  return ${call};`,
    "}",
  ].join("\n");
}

const HEADER = `/**
 * GENERATED from the operation catalog by \`npm run gen:functions\` (src/functions/codegen); do not edit by hand.
 *
 * The MAD.* custom functions: one thin wrapper per operation, delegating to the shared runner with the operation's
 * MCP code, and MAD.ASOF (the time of a result's data). custom-functions-metadata builds functions.json from the JSDoc
 * of these wrappers; \`MAD_FUNCTIONS\` associates each id with its wrapper (the metadata plugin's loader adds the same
 * associations).
 */
import { runFormula } from "../runner";
${ASOF_IMPORT}
import { associateFunctions } from "../associate";`;

export function renderFunctionsSource(operations: readonly AnyOperation[] = OPERATIONS): string {
  const wrappers = operations.map(wrapperSource).join("\n\n");
  const table = [...operations.map((op) => `  ${op.fn}: ${wrapperName(op)},`), `  ${ASOF_ID}: asOf,`].join("\n");
  const registry = [
    "/** Every MAD function by its id (the catalog's `fn`). */",
    "export const MAD_FUNCTIONS: Readonly<Record<string, (...args: never[]) => Promise<unknown[][]>>> = {",
    table,
    "};",
    "",
    "associateFunctions(MAD_FUNCTIONS);",
  ].join("\n");
  return `${HEADER}\n\n${wrappers}\n\n${ASOF_WRAPPER}\n\n${registry}\n`;
}
