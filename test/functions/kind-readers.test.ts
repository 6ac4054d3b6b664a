/**
 * A value reads the same wherever it is typed: as a positional argument (the operations coming next take numbers,
 * booleans and dates there: ASINs, `start`/`end` dates, intervals) or as a row of `filters`. Both go through one
 * reader (src/api/kinds/read.ts). An operation with a parameter of every kind is read both ways and must agree,
 * for every kind, on values typed as text, as numbers, as booleans, as dates and as ranges.
 */
import type { AnyOperation } from "../../src/api/catalog";
import { operationsOf } from "../../src/api/catalog/operation";
import type { ParamKind } from "../../src/api/catalog-types";
import { epochMsToSerial } from "../../src/api/dates";
import { ValidationError } from "../../src/api/errors";
import { PARAM_KINDS } from "../../src/api/kinds";
import {
  bool,
  csv,
  int,
  intList,
  list,
  marketplace,
  month,
  num,
  opts,
  order,
  required,
  saturday,
  str,
  timestamp,
  weekOrMonth,
} from "../../src/api/params";
import { parseFormulaArgs } from "../../src/formula/arguments";

/** One parameter of every kind but the marketplace (the market argument reads it the same way). */
const PARAMS = [
  marketplace,
  required(str("reverseType", "W = by week, M = by month.", { options: opts(["W", "Week"], ["M", "Month"]) })),
  str("keyword", "Keyword."),
  int("days", "Days."),
  num("price", "Price."),
  bool("variations", "Include variants."),
  month("month", "Month."),
  saturday("week", "Week."),
  weekOrMonth("date", "Week or month.", "reverseType", { W: "saturday", M: "month" }),
  list("asins", "ASINs."),
  csv("tiers", "Size tiers."),
  intList("stars", "Stars.", { options: opts([1, "1"], [2, "2"], [3, "3"], [4, "4"], [5, "5"]) }),
  timestamp("from", "From."),
  intList("classes", "Nice classes.", { min: 1, max: 45 }),
  order({ desc: true }, ["price", "searches"]),
] as const;
const KIND_OF_ARG = {
  keyword: "string",
  days: "integer",
  price: "number",
  variations: "boolean",
  month: "month",
  week: "saturday",
  date: "weekOrMonth",
  asins: "stringList",
  tiers: "csv",
  stars: "integerList",
  from: "timestamp",
  classes: "integerList",
  order: "order",
} as const satisfies Record<string, Exclude<ParamKind, "marketplace">>;
type Arg = keyof typeof KIND_OF_ARG;
const ARGS = Object.keys(KIND_OF_ARG) as Arg[];

const define = operationsOf("product");
/** The same parameters, all positional (after the switch) or all filters. */
const asPositional = define({
  code: "every_kind_positional",
  path: "/v1/every-kind",
  dataPeriod: "day",
  fn: "EVERYKINDPOSITIONAL",
  title: "Every kind, positional",
  description: "A parameter of every kind as a positional argument.",
  params: PARAMS,
  positional: [{ arg: "reverseType", param: "reverseType" }, ...ARGS.map((arg) => ({ arg, param: arg }))],
  shape: "array",
  record: "product",
}) as unknown as AnyOperation;
const asFilters = define({
  code: "every_kind_filters",
  path: "/v1/every-kind",
  dataPeriod: "day",
  fn: "EVERYKINDFILTERS",
  title: "Every kind, filters",
  description: "A parameter of every kind as a filter.",
  params: PARAMS,
  positional: [{ arg: "reverseType", param: "reverseType" }],
  shape: "array",
  record: "product",
}) as unknown as AnyOperation;

const saturdaySerial = epochMsToSerial(Date.UTC(2025, 7, 2));

/** Cells a person may type for each kind: text, numbers, booleans, dates, ranges, and blanks (0 on desktop). */
const TYPED: Readonly<Record<Arg, readonly unknown[]>> = {
  keyword: ["phone stand", " padded ", 2024, true, 0],
  days: [30, "30", " 7 ", 0, 2.5],
  price: [4.5, "4.5", "-1", 0, "1e3"],
  variations: [true, false, "yes", "N", 1, "0", 0],
  month: [202508, "202508", "2025-08", "2025/8", saturdaySerial, "nearly", 0],
  week: [20250802, "2025-08-02", saturdaySerial, 0],
  date: [20250802, "2025-08-02", saturdaySerial, 0],
  asins: ["B07Z82895W, B0DGVP84B5", [["B07Z82895W", "B0DGVP84B5", 0]], [["B07Z82895W"], [""], ["B0DGVP84B5"]], 0],
  tiers: ["LS, SO", [["LS", "SO"]], "LS", 0],
  stars: ["4, 5", [[4, 5]], 5, "5", [[4], [0], [5]], 0],
  from: [saturdaySerial, "2025-08-02", "2025-08-02 14:30", Date.UTC(2025, 7, 2), 0],
  classes: ["9, 35", [[9, 35]], [[9], [""], ["35"]], 9, "9", 0, "x"],
  order: ["price desc", "PRICE asc", "searches", 0],
};

/** A positional argument is one cell or a range; in `filters` its row holds the name, then the same cells. */
const filterRow = (arg: Arg, typed: unknown): unknown[] =>
  Array.isArray(typed) ? [arg, ...(typed as unknown[][]).flat()] : [arg, typed];

function outcome(read: () => Record<string, unknown>, arg: Arg): { value?: unknown; error?: string } {
  try {
    return { value: read()[arg] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The message names where it was typed (`days` or `days (in filters)`); the rest must agree.
    return { error: `${error.param}: ${error.message.replace(/^[^:]*: /, "")}` };
  }
}

describe.each(ARGS.map((arg) => [KIND_OF_ARG[arg], arg] as const))("%s (%s)", (_kind, arg) => {
  test.each(TYPED[arg].map((typed) => [JSON.stringify(typed), typed] as const))(
    "typed as %s: the positional reading and the filter reading agree",
    (_shown, typed) => {
      const positional = ARGS.map((other) => (other === arg ? typed : null));
      const byPosition = outcome(
        () => parseFormulaArgs(asPositional, { market: "US", positional: ["W", ...positional] }).params,
        arg,
      );
      const byFilter = outcome(
        () => parseFormulaArgs(asFilters, { market: "US", positional: ["W"], filters: [filterRow(arg, typed)] }).params,
        arg,
      );
      expect(byPosition).toEqual(byFilter);
    },
  );
});

test("the readings are typed by kind, not left as text (what validation then accepts)", () => {
  const read = (arg: Arg, typed: unknown) =>
    parseFormulaArgs(asPositional, {
      market: "US",
      positional: ["W", ...ARGS.map((other) => (other === arg ? typed : null))],
    }).params[arg];
  expect(read("days", "30")).toBe(30);
  expect(read("price", 4.5)).toBe(4.5);
  expect(read("variations", "TRUE")).toBe(true);
  expect(read("month", "2025-08")).toBe("202508");
  expect(read("week", saturdaySerial)).toBe("20250802");
  expect(read("date", "2025-08-02")).toBe("20250802");
  expect(read("asins", [["B07Z82895W", 0]])).toEqual(["B07Z82895W"]);
  expect(read("tiers", "LS, SO")).toBe("LS,SO");
  expect(read("classes", [[9, "35"]])).toEqual([9, 35]);
  expect(read("order", "PRICE desc")).toEqual({ field: "price", desc: true });
  expect(read("stars", [[4, 5]])).toEqual([4, 5]);
  expect(read("from", saturdaySerial)).toBe(saturdaySerial);
});

test("every kind is read in this test", () => {
  const kinds = new Set<ParamKind>(["marketplace", ...Object.values(KIND_OF_ARG)]);
  expect([...kinds].sort()).toEqual(Object.keys(PARAM_KINDS).sort());
});
