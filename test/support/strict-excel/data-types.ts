/**
 * Data types (entity values, formatted numbers, web images) as each Excel takes them, written through
 * Range.valuesAsJson or returned by a custom function, by licence, ExcelApi level and platform. Each rule names its
 * source; where the stand-in reads more into a source than it says, the comment says so.
 *
 * - Retail perpetual Office (Excel 2021/2024 bought once): `isSetSupported` answers true for the sets it claims,
 *   yet data types are refused. office-js #4750 ("Excel 2021 (retail perpetual license) does not support FNVs and
 *   range.valuesAsJson even though API level is declared as supported"): setting and reading `valuesAsJson` fail
 *   with GeneralException "There was an internal error while processing the request."; office-js #3504 (Microsoft:
 *   "we are not able to deliver the rich data type features to non-subscription users"): a custom function's data
 *   type result shows #VALUE!. #3504 also says Microsoft would fix `isSetSupported("CustomFunctionsRuntime", "1.4")`
 *   to answer false there, and that ExcelApi 1.16 could not be fixed the same way: the stand-in's retail mode claims
 *   CustomFunctionsRuntime 1.4 by default (a build before that fix); pass `{ CustomFunctionsRuntime: "1.3" }` for
 *   one after it. #3504's "#VALUE errors on every function" was reported on Version 2306, before retail perpetual
 *   Office ran custom functions at all (the custom functions requirement-set table: Version 2311); the manifest's
 *   CustomFunctionsRuntime 1.3 keeps the add-in off those builds, so here plain results land as usual.
 * - Formatted numbers by ExcelApi level: `DoubleCellValue.numberFormat` (and a Double's `properties`/`layouts`) is
 *   ExcelApi 1.19 (https://learn.microsoft.com/javascript/api/excel/excel.doublecellvalue); below it the documented
 *   form is `FormattedNumberCellValue` `{type: "FormattedNumber", basicValue, numberFormat}`, ExcelApi 1.16,
 *   deprecated (not removed) from 1.19 (https://learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue).
 *   What an older Excel does with a `numberFormat` on a Double is not documented; the stand-in drops it (the number
 *   shows unformatted), the mildest reading.
 * - Excel on the web validates entity JSON that desktop accepts (office-js #5794: custom functions returning entities
 *   gave #VALUE! on the web only; written through valuesAsJson the web said `Cell D3 has property \`layout\` with an
 *   unexpected value "TwoColumn"`): see `webProblem`.
 */
import { isEntityJson, type EntityJson, type Scalar } from "./model";
import { RichApiError } from "./errors";
import { cellValueFormatProblem } from "./number-format";

export type License = "subscription" | "retailPerpetual";

/** What a data type rule needs to know about this Excel. */
export interface DataTypeHost {
  readonly license: License;
  readonly platform: "desktop" | "web";
  excelApi(version: string): boolean;
}

/** #4750's refusal of valuesAsJson in retail perpetual Office, word for word. */
export const internalError = () =>
  new RichApiError("GeneralException", "There was an internal error while processing the request.");

/**
 * A refusal of a cell value's JSON, as the web words it (#5794) under the code Excel gives valuesAsJson's
 * validation failures (GeneralException, office-js #6563: "Cell A1 has a `CellValue` with more than one
 * `referencedValues` property. Code: GeneralException Location: Range.valuesAsJson").
 */
export const cellValueRefused = (message: string) => new RichApiError("GeneralException", message);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Section layouts the web takes: the documented `CardLayoutListSection` ("List") and `CardLayoutTableSection`
 * ("Table"), ExcelApi 1.16 (https://learn.microsoft.com/javascript/api/excel/excel.cardlayoutlistsection). The 1.19
 * `CardLayoutTwoColumnSection` ("TwoColumn") is the value #5794 saw the web refuse.
 */
const WEB_SECTION_LAYOUTS: readonly (Excel.CardLayoutListSection | Excel.CardLayoutTableSection)["layout"][] = [
  "List",
  "Table",
];

/** Cell value types the stand-in models (Excel.CellValueType); another is refused so a test notices it. */
const KNOWN_TYPES = ["String", "Double", "FormattedNumber", "Boolean", "WebImage", "Entity", "Empty"] as const;

function propertyProblem(name: string, value: unknown, host: DataTypeHost, at: string): string | undefined {
  if (!isObject(value) || !KNOWN_TYPES.includes(value.type as (typeof KNOWN_TYPES)[number]))
    return `Cell ${at} has property \`${name}\` with an unexpected value ${JSON.stringify(value?.toString())}.`;
  if (value.type === "WebImage") {
    // "This image must be hosted on a server that supports HTTPS." (Excel.WebImageCellValue.address)
    if (typeof value.address !== "string" || !/^https:\/\//i.test(value.address))
      return `Cell ${at} has property \`${name}\` with an image address that is not https: ${String(value.address)}.`;
  }
  if (value.type === "Entity") return entityProblem(value, host, `${at}.${name}`);
  return undefined;
}

function sectionProblem(section: unknown, at: string): string | undefined {
  if (!isObject(section)) return `Cell ${at} has a card section that is not an object.`;
  if (!WEB_SECTION_LAYOUTS.includes(section.layout as "List"))
    return `Cell ${at} has property \`layout\` with an unexpected value ${JSON.stringify(section.layout)}.`;
  // Issue #31 attributes this rule to #5794; the thread as stored shows only the layout refusal above. Kept as the
  // stricter reading: a section lists the properties it shows (CardLayoutSectionStandardProperties.properties).
  if (!Array.isArray(section.properties) || section.properties.length === 0)
    return `Cell ${at} has a card section with no \`properties\`.`;
  return undefined;
}

/** Why the web refuses an entity's JSON, or undefined when it takes it. */
function entityProblem(entity: Json, host: DataTypeHost, at: string): string | undefined {
  if (typeof entity.text !== "string") return `Cell ${at} has an entity without \`text\`.`;
  for (const [name, value] of Object.entries(isObject(entity.properties) ? entity.properties : {})) {
    const problem = propertyProblem(name, value, host, at);
    if (problem) return problem;
  }
  const card = isObject(entity.layouts) && isObject(entity.layouts.card) ? entity.layouts.card : undefined;
  for (const section of Array.isArray(card?.sections) ? card.sections : []) {
    const problem = sectionProblem(section, at);
    if (problem) return problem;
  }
  return undefined;
}

/** Why this Excel on the web refuses a cell value's JSON (#5794), or undefined; desktop takes it as it is. */
export function webProblem(json: unknown, host: DataTypeHost, at: string): string | undefined {
  if (host.platform !== "web" || !isObject(json)) return undefined;
  if (json.type === "Entity") return entityProblem(json, host, at);
  return propertyProblem("value", json, host, at);
}

/** A cell value as this ExcelApi level keeps it: below 1.19 a Double carries no number format (see above). */
export function keptValue(value: unknown, host: DataTypeHost): unknown {
  if (!isObject(value)) return value;
  if (value.type === "Double" && !host.excelApi("1.19")) {
    const { numberFormat: _dropped, properties: _p, layouts: _l, ...kept } = value;
    return kept;
  }
  if (value.type === "Entity" && isObject(value.properties))
    return {
      ...value,
      properties: Object.fromEntries(Object.entries(value.properties).map(([k, v]) => [k, keptValue(v, host)])),
    };
  return value;
}

/** An entity as this Excel keeps it in a cell (its properties at this ExcelApi level). */
export function keptEntity(entity: EntityJson, host: DataTypeHost): EntityJson {
  return keptValue(entity, host) as EntityJson;
}

/** A data type a custom function returned, as its cell shows it: kept, or #VALUE! with the reason. */
export function functionDataType(
  entity: unknown,
  host: DataTypeHost & { readonly customFunctionDataTypes: boolean },
  at: string,
): { entity: EntityJson } | { refused: string } {
  if (host.license === "retailPerpetual")
    return { refused: "Retail perpetual Office takes no data types from custom functions (office-js #3504)." };
  if (!host.customFunctionDataTypes)
    return { refused: "This Excel takes no data types from custom functions (CustomFunctionsRuntime 1.4)." };
  if (!isEntityJson(entity)) return { refused: "A result this stand-in cannot hold." };
  // A card property's number format is held to the format codes too (number-format.ts); the cell then shows
  // #VALUE!, as for any data type Excel cannot take from a function (our reading: no page says which error).
  const problem = webProblem(entity, host, at) ?? cellValueFormatProblem(entity);
  return problem ? { refused: problem } : { entity: keptEntity(entity, host) };
}

/** A plain cell value's JSON written through valuesAsJson (String, Double, FormattedNumber, Boolean, Empty). */
export function plainCellValue(json: Json): { value: Scalar | null; format?: string } | undefined {
  switch (json.type) {
    case "Empty":
      return { value: null };
    case "String":
    case "Boolean":
      return { value: (json.basicValue as Scalar | undefined) ?? null };
    case "Double":
    case "FormattedNumber":
      return {
        value: (json.basicValue as number | undefined) ?? null,
        ...(typeof json.numberFormat === "string" ? { format: json.numberFormat } : {}),
      };
    default:
      return undefined;
  }
}
