/**
 * Renders src/functions/generated/functions.ts from the catalog: one JSDoc'd wrapper per operation. The JSDoc is what
 * custom-functions-metadata turns into functions.json, so names, argument order and help texts all come from the
 * catalog rows and cannot drift (test/functions/metadata.test.ts compares the file with this rendering).
 * Run `npm run gen:functions` after changing the catalog. Rendered with the active language's words, it is also
 * the source of the Chinese functions-zh-CN.json (scripts/generate-functions.ts): the code is the same, only the
 * JSDoc differs, so both metadata files describe the same functions.
 */
import {
  LOOKUP_FUNCTIONS,
  operation,
  OPERATIONS,
  ROW_CAP,
  paramWithRole,
  takesMarket,
  type AnyOperation,
  type LookupFunction,
} from "../../api/catalog";
import type { ParamSpec } from "../../api/catalog-types";
import { PARAM_KINDS } from "../../api/kinds";
import { operationDescription, operationTitle, paramDoc } from "../../api/words/localized";
import { docsWords } from "../../i18n/docs";
import { t as reference } from "../../i18n/reference";
import { currentLocale, type Locale } from "../../i18n/locale";
import { functionColumns } from "../../table/function-columns";
import { HISTORY_ARGS, intervalsOf, type HistoryForm } from "../../api/history-form";
import { filterNames, RESERVED_OPTIONS } from "../../formula/filters";
import { ASOF_ID, ASOF_IMPORT, asOfWrapper } from "./asof-entry";

/** The base of every URL of the dev manifest; a production build rebases them (webpack.config.js). */
const DEV_BASE_URL = "https://localhost:3000/";

/**
 * Each language's function reference: the markdown in the repository, the help page served with the add-in (each
 * function's help link), the README with its functions section, and the functions' metadata.
 */
export const REFERENCES: Readonly<
  Record<Locale, { readonly doc: string; readonly help: string; readonly readme: string; readonly metadata: string }>
> = {
  en: { doc: "docs/functions.md", help: "help.html", readme: "README.md", metadata: "functions.json" },
  "zh-CN": {
    doc: "docs/functions.zh-CN.md",
    help: "help.zh-CN.html",
    readme: "README.zh-CN.md",
    metadata: "functions-zh-CN.json",
  },
};

/** Where each function's help lives in the active language: its reference, served as a help page with the add-in. */
export const helpBaseUrl = (locale: Locale = currentLocale()) => `${DEV_BASE_URL}${REFERENCES[locale].help}`;

/** The reference's heading anchor of a function (`### MAD.KEYWORDTRENDS` -> `madkeywordtrends`). */
export const helpAnchor = (op: AnyOperation) => `mad${op.fn.toLowerCase()}`;
export const helpUrl = (op: AnyOperation) => `${helpBaseUrl()}#${helpAnchor(op)}`;

/** The wrapper's JavaScript name: camelCase of the MCP code (`keyword_research_trends` -> `keywordResearchTrends`). */
export const wrapperName = (op: AnyOperation) => op.code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The arguments after the required ones: a table's filters, fields and limit, or a history's range, fields and
 * headers (last: formulas written before it keep their meaning).
 */
export const optionalArguments = (op: AnyOperation): readonly string[] =>
  op.history ? ["start", "end", "interval", "fields", "headers"] : ["filters", "fields", "limit"];

/** Excel argument names of a function, in order (the invocation is not one); `market` where it takes one. */
export const argumentNames = (op: AnyOperation): string[] => [
  ...(takesMarket(op) ? ["market"] : []),
  ...op.positional.map((p) => p.arg),
  ...optionalArguments(op),
];

const specOf = (op: AnyOperation, name: string) => (op.params as readonly ParamSpec[]).find((p) => p.name === name)!;

/** TypeScript type of an argument, as custom-functions-metadata maps it: unknown[][] = a range or a value. */
const argumentType = (spec: ParamSpec): string => PARAM_KINDS[spec.kind].traits.excelArgument;

/** A positional argument's help: the catalog's doc line, with what its kind also takes. */
function positionalHelp(spec: ParamSpec): string {
  const help = PARAM_KINDS[spec.kind].words.argumentHelp;
  return help ? reference(help, { doc: paramDoc(spec).replace(/[.。]\s*$/, "") }) : paramDoc(spec);
}

function filtersHelp(op: AnyOperation): string {
  const names = filterNames(op).filter((n) => !(n in RESERVED_OPTIONS));
  const shown = names.slice(0, 4).join(", ");
  const options = Object.keys(RESERVED_OPTIONS).filter(
    (o) => (o !== "layout" || op.shape === "object") && (o !== "stats" || op.shape === "itemsWithStats"),
  );
  return docsWords().filtersHelp(shown, names.length > 4, options.join(", "));
}

function fieldsHelp(op: AnyOperation): string {
  const names = functionColumns(op)
    .slice(0, 3)
    .map((c) => c.name)
    .join(", ");
  return docsWords().fieldsHelp(names);
}

/** A history's interval argument: what it takes and its default. */
const intervalHelp = (form: HistoryForm): string =>
  docsWords().product.intervalHelp(intervalsOf(form).join(", "), form.defaultInterval);

function limitHelp(op: AnyOperation): string {
  const size = paramWithRole(op, "size");
  const words = docsWords();
  if (!size) return words.limitHelpAll(ROW_CAP);
  const pageSize = Number(size.fixed ?? size.max ?? size.default);
  if (!paramWithRole(op, "page")) return words.limitHelpSingle(pageSize, Number(size.default));
  return words.limitHelpPaged(ROW_CAP, Number(size.default));
}

/** An optional argument of a wrapper: its name, its help and its TypeScript type. */
interface OptionalArgument {
  readonly name: string;
  readonly help: string;
  readonly type: string;
}

/** A required argument of a wrapper after `market`: its name, its help and its TypeScript type. */
interface PositionalArgument {
  readonly arg: string;
  readonly help: string;
  readonly type: string;
}

/** What makes one wrapper: the function, the operation it runs, its arguments and its result's words. */
interface WrapperShape {
  readonly fn: string;
  readonly name: string;
  readonly op: AnyOperation;
  readonly description: string;
  readonly helpUrl: string;
  readonly positional: readonly PositionalArgument[];
  readonly optional: readonly OptionalArgument[];
  readonly returns: string;
  /** The lookup function's id (MAD.PRODUCT), passed to the runner after the invocation. */
  readonly lookup?: string;
}

/** The operation's required arguments, as its catalog row names them. */
const positionalOf = (op: AnyOperation): PositionalArgument[] =>
  op.positional.map((p) => {
    const spec = specOf(op, p.param);
    return { arg: p.arg, help: positionalHelp(spec), type: argumentType(spec) };
  });

/** One JSDoc'd wrapper: market, the required arguments, the optional ones, the invocation. */
function renderWrapper(w: WrapperShape): string {
  const market = takesMarket(w.op);
  const lines = [
    "/**",
    ` * ${w.description}`,
    ` * @customfunction ${w.fn}`,
    ` * @helpurl ${w.helpUrl}`,
    ...(market ? [` * @param market ${paramDoc(specOf(w.op, "marketplace"))}`] : []),
    ...w.positional.map((p) => ` * @param ${p.arg} ${p.help}`),
    ...w.optional.map((a) => ` * @param [${a.name}] ${a.help}`),
    ` * @param invocation ${docsWords().invocationHelp}`,
    ` * @returns ${w.returns}`,
    " * @cancelable",
    " * @requiresAddress",
    " */",
  ];
  const params = [
    // `any`, like every positional argument: a card given as the market is read, and refused with a word (kind.ts).
    ...(market ? ["market: unknown"] : []),
    ...w.positional.map((p) => `${p.arg}: ${p.type}`),
    ...w.optional.map((a) => `${a.name}: ${a.type}`),
    "invocation: CustomFunctions.CancelableInvocation",
  ];
  const args = [
    ...(market ? ["market"] : []),
    `positional: [${w.positional.map((p) => p.arg).join(", ")}]`,
    ...w.optional.map((a) => a.name),
  ];
  const call = `runFormula("${w.op.code}", { ${args.join(", ")} }, invocation${w.lookup ? `, "${w.lookup}"` : ""})`;
  return [
    ...lines,
    `export function ${w.name}(${params.join(", ")}): Promise<unknown[][]> {`,
    `  return ${call};`,
    "}",
  ].join("\n");
}

/**
 * A table function's optional arguments, or a history function's (STOCKHISTORY's order: start, end, interval; then
 * fields and MAD.PRODUCTS' `headers`).
 */
function optionalOf(op: AnyOperation): OptionalArgument[] {
  if (!op.history)
    return [
      { name: "filters", help: filtersHelp(op), type: "unknown[][]" },
      { name: "fields", help: fieldsHelp(op), type: "unknown[][]" },
      { name: "limit", help: limitHelp(op), type: "number" },
    ];
  return [
    { name: "start", help: docsWords().product.startHelp(paramDoc(HISTORY_ARGS.start)), type: "unknown" },
    { name: "end", help: paramDoc(HISTORY_ARGS.end), type: "unknown" },
    { name: "interval", help: intervalHelp(op.history), type: "unknown" },
    { name: "fields", help: fieldsHelp(op), type: "unknown[][]" },
    { name: "headers", help: docsWords().product.headersHelp, type: "unknown" },
  ];
}

function wrapperSource(op: AnyOperation): string {
  const words = docsWords();
  return renderWrapper({
    fn: op.fn,
    name: wrapperName(op),
    op,
    description: operationDescription(op),
    helpUrl: helpUrl(op),
    positional: positionalOf(op),
    optional: optionalOf(op),
    returns: op.history ? words.product.historyReturns(operationTitle(op)) : words.returns(operationTitle(op)),
  });
}

const HEADER = `/**
 * GENERATED from the operation catalog by \`npm run gen:functions\` (src/functions/codegen); do not edit by hand.
 *
 * The MAD.* custom functions: one thin wrapper per operation, delegating to the shared runner with the operation's
 * MCP code, the lookup functions (MAD.PRODUCT, MAD.PRODUCTS) and MAD.ASOF (the time of a result's data).
 * custom-functions-metadata builds functions.json from the JSDoc of these wrappers; \`MAD_FUNCTIONS\` associates each
 * id with its wrapper (the metadata plugin's loader adds the same associations).
 */
import { runFormula } from "../runner";
${ASOF_IMPORT}
import { associateFunctions } from "../associate";`;

/** A lookup function's wrapper name: its id in lower case (`PRODUCTS` -> `products`). */
const lookupWrapperName = (f: LookupFunction) => f.fn.toLowerCase();
/** A lookup function's help anchor and URL in the reference. */
const lookupHelpUrl = (f: LookupFunction) => `${helpBaseUrl()}#mad${f.fn.toLowerCase()}`;

/** A lookup function's key argument: one ASIN (a card) or a list of them (rows). */
function lookupKey(f: LookupFunction): PositionalArgument {
  if (f.form === "card") {
    const spec = specOf(operation("asin_detail"), "asin");
    return { arg: "asin", help: positionalHelp(spec), type: argumentType(spec) };
  }
  const spec = specOf(operation(f.operation), "asins");
  return { arg: "asins", help: docsWords().product.asinsHelp, type: argumentType(spec) };
}

/**
 * MAD.PRODUCT(market, asin, [details]) and MAD.PRODUCTS(market, asins, [fields], [headers]): their operation's answers
 * per ASIN (`headers`, an argument of its own as STOCKHISTORY's: MAD.PRODUCTS has no `filters` to hold it).
 */
function lookupWrapperSource(f: LookupFunction): string {
  const op = operation(f.operation);
  const words = docsWords().product;
  return renderWrapper({
    fn: f.fn,
    name: lookupWrapperName(f),
    op,
    description: operationDescription(f),
    helpUrl: lookupHelpUrl(f),
    positional: [lookupKey(f)],
    optional:
      f.form === "card"
        ? [{ name: "details", help: words.detailsHelp, type: "unknown[][]" }]
        : [
            { name: "fields", help: fieldsHelp(op), type: "unknown[][]" },
            { name: "headers", help: words.headersHelp, type: "unknown" },
          ],
    returns: f.form === "card" ? words.cardReturns(operationTitle(f)) : words.rowsReturns(operationTitle(f)),
    lookup: f.fn,
  });
}

export function renderFunctionsSource(
  operations: readonly AnyOperation[] = OPERATIONS,
  lookups: readonly LookupFunction[] = LOOKUP_FUNCTIONS,
): string {
  const wrappers = [...operations.map(wrapperSource), ...lookups.map(lookupWrapperSource)].join("\n\n");
  const table = [
    ...operations.map((op) => `  ${op.fn}: ${wrapperName(op)},`),
    ...lookups.map((f) => `  ${f.fn}: ${lookupWrapperName(f)},`),
    `  ${ASOF_ID}: asOf,`,
  ].join("\n");
  const registry = [
    "/** Every MAD function by its id (the catalog's `fn`). */",
    "export const MAD_FUNCTIONS: Readonly<Record<string, (...args: never[]) => Promise<unknown[][]>>> = {",
    table,
    "};",
    "",
    "associateFunctions(MAD_FUNCTIONS);",
  ].join("\n");
  return `${HEADER}\n\n${wrappers}\n\n${asOfWrapper(helpBaseUrl())}\n\n${registry}\n`;
}
