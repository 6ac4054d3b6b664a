/**
 * A query written as its MAD formula with values reads back, through the formula reader and the function's own
 * argument reader, into the same checked parameters and limit: for every operation of the catalog, with its typical
 * request and with every optional parameter its kind's sample can set; a watch (competitor lookup by `asins`) as
 * MAD.PRODUCTS.
 */
import { isLookup } from "../../src/api/lookups/batch";
import { lookupFunction, operation, operationByFunction, OPERATIONS, takesMarket } from "../../src/api/catalog";
import type { AnyOperation, OperationCode } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { PARAM_KINDS } from "../../src/api/kinds";
import { readCells } from "../../src/api/kinds/read";
import { checkLookup } from "../../src/api/lookups/calls";
import { checkParams } from "../../src/api/validate";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { parseHistoryArgs } from "../../src/formula/history-args";
import { rowsPlan } from "../../src/formula/lookup-plans";
import { formulaOfQuery } from "../../src/formula/formula-of-query";
import { readFormulaText } from "../../src/formula/formula-text";
import { exampleRequests } from "../support/example-requests";

const NOW = new Date("2025-08-06T10:00:00Z");

/** The checked parameters of a query, as the relay and the engine send them (a lookup: its shared part and keys). */
function checked(code: OperationCode, params: Record<string, unknown>): unknown {
  const op = operation(code);
  if (isLookup(op, params)) {
    const lookup = checkLookup(code, params, { now: NOW });
    return { lookup: lookup.shared, keys: lookup.keys };
  }
  const outcome = checkParams(code, params, { now: NOW });
  if (!outcome.params) throw outcome.errors[0];
  return outcome.params;
}

/** Reads a formula as its function would: the operation, its parameters and limit. */
function readBack(text: string): { code: OperationCode; params: Record<string, unknown>; limit?: number } {
  const read = readFormulaText(text);
  if ("problem" in read) throw new Error(`${text}: ${JSON.stringify(read.problem)}`);
  const fn = read.call.name.replace(/^MAD\./, "");
  const args = read.call.args;
  const lookup = lookupFunction(fn);
  if (lookup) {
    expect(lookup.form).toBe("rows");
    const [market, asins, fields] = args;
    return { code: lookup.operation, params: rowsPlan({ market, positional: [asins], fields }).params };
  }
  const op: AnyOperation = operationByFunction(fn)!;
  let at = 0;
  const market = takesMarket(op) ? args[at++] : undefined;
  const positional = op.positional.map(() => args[at++]);
  if (op.history) {
    expect(args.length).toBeLessThanOrEqual(at);
    return { code: op.code, params: parseHistoryArgs(op, op.history, { market, positional }).params };
  }
  const [filters, fields, limit] = [args[at++], args[at++], args[at++]];
  const parsed = parseFormulaArgs(op, { ...(takesMarket(op) ? { market } : {}), positional, filters, fields, limit });
  return { code: op.code, params: parsed.params, ...(parsed.limit === undefined ? {} : { limit: parsed.limit }) };
}

function roundTrip(code: OperationCode, params: Record<string, unknown>, limit?: number) {
  const text = formulaOfQuery(code, params, limit);
  const back = readBack(text);
  expect(back.code).toBe(code);
  expect(checked(code, back.params)).toEqual(checked(code, params));
  if (!operation(code).history && !isLookup(operation(code), params)) expect(back.limit).toBe(limit);
  return text;
}

/**
 * The typical request with every optional parameter its kind's sample can set, one at a time, kept where the
 * catalog's rules still take it (some parameters exclude others).
 */
function everySample(code: OperationCode): Record<string, unknown> {
  const op = operation(code);
  const params: Record<string, unknown> = { ...exampleRequests(NOW)[code] };
  for (const spec of op.params as readonly ParamSpec[]) {
    if (spec.name in params || spec.role === "page" || spec.role === "size") continue;
    // The sample is what a person types in a cell: read as the cell reader reads it.
    const typed = PARAM_KINDS[spec.kind].sample(spec as never, NOW);
    const trial = { ...params, [spec.name]: readCells(spec, typed, { label: spec.name, params }) };
    const outcome = checkParams(code, trial, { now: NOW });
    if (outcome.params) params[spec.name] = (outcome.params as Record<string, unknown>)[spec.name];
  }
  return params;
}

describe.each(OPERATIONS.map((op) => op.code))("%s", (code) => {
  test("its typical request reads back the same", () => {
    roundTrip(code, { ...exampleRequests(NOW)[code] });
  });

  test("every optional parameter its kind's sample sets reads back the same, with a limit", () => {
    const params = everySample(code);
    if (!operation(code).history) return void roundTrip(code, params, 150);
    // A history function always reads the whole history: it takes the market and its own arguments only.
    const { marketplace, ...rest } = params;
    const own = operation(code).positional.map(({ param }) => [param, rest[param]] as const);
    expect(formulaOfQuery(code, params)).toBe(formulaOfQuery(code, { marketplace, ...Object.fromEntries(own) }));
  });
});

test("the design's examples: filters as an array constant; a watch as MAD.PRODUCTS", () => {
  expect(formulaOfQuery("product_research", { marketplace: "US", minPrice: 10, maxPrice: 50 }, 100)).toBe(
    '=MAD.PRODUCTRESEARCH("US",{"minPrice",10;"maxPrice",50},,100)',
  );
  expect(
    roundTrip("competitor_lookup", { marketplace: "US", asins: ["B07Z82895W", "B0C2PQ4DKQ"], variation: "N" }),
  ).toBe('=MAD.PRODUCTS("US",{"B07Z82895W","B0C2PQ4DKQ"})');
  // A watch that asks more than its keys is the operation's own function's query.
  const filtered = roundTrip("competitor_lookup", { marketplace: "US", asins: ["B07Z82895W"], brand: "Anker" });
  expect(filtered).toMatch(/^=MAD\.COMPETITORS\("US",/);
});

test("text with quotes, lists of different lengths (a rectangle) and numbers read back the same", () => {
  const text = roundTrip(
    "competitor_lookup",
    { marketplace: "US", keyword: 'say "hi"', asins: ["B07Z82895W", "B0C2PQ4DKQ", "B08GHW4TBS"], matchType: 1 },
    2000,
  );
  expect(text).toContain('"say ""hi"""');
  expect(text).toMatch(/\{"[^"]+","B07Z82895W","B0C2PQ4DKQ","B08GHW4TBS";"keyword","say ""hi""","",""/);
});

test("the samples above set a parameter of every kind the catalog has (the round trips are not vacuous)", () => {
  const kinds = new Set<string>();
  for (const op of OPERATIONS) {
    const params = everySample(op.code);
    for (const spec of op.params as readonly ParamSpec[]) if (spec.name in params) kinds.add(spec.kind);
  }
  const used = new Set(OPERATIONS.flatMap((op) => (op.params as readonly ParamSpec[]).map((p) => p.kind)));
  expect([...used].filter((kind) => !kinds.has(kind))).toEqual([]);
});

test("an order reads back with its field and direction, or a direction alone", () => {
  const base = { marketplace: "US", keyword: "yoga" };
  for (const order of [{ field: "total_units", desc: false }, { field: "price" }, { desc: false }])
    roundTrip("product_research", { ...base, order });
});
