/**
 * Generators of bad formula input, derived from the catalog rows: for each operation, every parameter of a kind
 * that can be wrong gets an arbitrary of wrong values (a market that does not exist, a month that is not one, a
 * Friday where a Saturday is due, one ASIN too many, a size past its maximum, min above max, a filter name the
 * operation does not have, text where a number is due). Each generated call carries the names a message must
 * mention, so the test can check that the cell says which argument is wrong.
 */
import { batchOf, LOOKUP_MAX_KEYS } from "../../src/api/lookups/batch";
import fc from "fast-check";
import { ROW_CAP, takesMarket, type AnyOperation } from "../../src/api/catalog";
import { MARKETPLACE_ALIASES, MARKETPLACES, type ParamSpec } from "../../src/api/catalog-types";
import { latestSaturday, monthBefore } from "../../src/api/dates";

/** One MAD formula call, before it is turned into the function's argument list. */
export interface FormulaCall {
  readonly fn: string;
  readonly market: unknown;
  /** Values of the required arguments after `market`, in the function's order. */
  readonly positional: readonly unknown[];
  /** name/value rows of the `filters` argument. */
  readonly filters: readonly (readonly [string, unknown])[];
  readonly limit?: unknown;
  /** A history function's range and interval (it has no filters or limit). */
  readonly history?: { readonly start?: unknown; readonly end?: unknown; readonly interval?: unknown };
}

/** A bad call and the names (argument or wire names) of which its message must mention at least one. */
export interface BadCall extends FormulaCall {
  readonly category: BadCategory;
  readonly names: readonly string[];
  readonly what: string;
}

export type BadCategory =
  | "market"
  | "month"
  | "date"
  | "tooManyItems"
  | "pattern"
  | "outOfRange"
  | "minAboveMax"
  | "unknownFilter"
  | "enum"
  | "wrongType"
  | "limit"
  | "notAFilter"
  | "range"
  | "interval";

const SAMPLE_ASIN = "B0DGVP84B5";
const SAMPLE_NODE_PATH = "172282:281407";

const params = (op: AnyOperation) => op.params as readonly ParamSpec[];
const positionalParams = (op: AnyOperation) => new Set(op.positional.map((p) => p.param));
const closedOptions = (spec: ParamSpec) => (spec.options && !spec.openOptions ? spec.options : undefined);

/** A value the catalog accepts for a parameter: what a careful user would type into the cell. */
function validValue(spec: ParamSpec, now: Date): unknown {
  const option = closedOptions(spec)?.[0]?.value;
  switch (spec.kind) {
    case "marketplace":
      return "US";
    case "month":
      return monthBefore(now, 1);
    case "saturday":
      return latestSaturday(now);
    case "weekOrMonth":
      return latestSaturday(now);
    case "stringList":
    case "csv":
      if (spec.pattern === "office") return "US";
      return spec.pattern === "asin" ? SAMPLE_ASIN : String(option ?? "yoga");
    case "integer":
    case "number":
      return spec.fixed ?? option ?? spec.min ?? 1;
    case "boolean":
      return true;
    case "order":
      return undefined;
    case "integerList":
      return option ?? spec.min ?? 1;
    case "timestamp":
      return "2025-08-02";
    case "string":
      if (spec.pattern === "asin") return SAMPLE_ASIN;
      if (spec.pattern === "nodeIdPath") return SAMPLE_NODE_PATH;
      if (spec.pattern === "nodeId") return SAMPLE_NODE_PATH.split(":")[0];
      if (spec.pattern === "office") return "US";
      return option ?? "yoga mat";
  }
}

/** The valid formula of an operation: market US, sample required arguments, no filters. */
export function validCall(op: AnyOperation, now: Date): FormulaCall {
  const byName = new Map(params(op).map((p) => [p.name, p]));
  const positional = op.positional.map(({ param }) => validValue(byName.get(param)!, now));
  return { fn: op.fn, market: "US", positional, filters: [] };
}

/** Names that identify a parameter in a message: the function's argument name and the wire name. */
function namesOf(op: AnyOperation, spec: ParamSpec): string[] {
  const arg = op.positional.find((p) => p.param === spec.name)?.arg;
  if (spec.kind === "marketplace") return ["market", "marketplace"];
  return arg ? [arg, spec.name] : [spec.name];
}

/** The call with one parameter set to `value`: in its positional slot, or as a filter row. */
function withValue(op: AnyOperation, now: Date, spec: ParamSpec, value: unknown): FormulaCall {
  const base = validCall(op, now);
  if (spec.kind === "marketplace") return { ...base, market: value };
  const slot = op.positional.findIndex((p) => p.param === spec.name);
  if (slot >= 0) return { ...base, positional: base.positional.map((v, i) => (i === slot ? value : v)) };
  return { ...base, filters: [[spec.name, value]] };
}

type Maker = (spec: ParamSpec) => fc.Arbitrary<unknown> | undefined;

const KNOWN_MARKETS = new Set(
  [...MARKETPLACES.map((m) => m.code), ...Object.keys(MARKETPLACE_ALIASES)].map((c) => c.toUpperCase()),
);
const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);

const badMarket = fc.oneof(
  word.filter((w) => !KNOWN_MARKETS.has(w.trim().toUpperCase())),
  fc.constantFrom("USA", "United States", "EU", "CN", "SG", "NL", "U S"),
);

/** Months that are not one, in the future, or older than the service keeps. */
function badMonth(spec: ParamSpec, now: Date): fc.Arbitrary<unknown> {
  const year = now.getUTCFullYear();
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.integer({ min: 2000, max: 2099 }).chain((y) => fc.constantFrom(`${y}13`, `${y}00`, `${y}7`, `${y}-13`)),
    fc.integer({ min: 1, max: 36 }).map((ahead) => {
      const index = year * 12 + now.getUTCMonth() + ahead;
      return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, "0")}`;
    }),
  ];
  if (spec.maxMonthsBack !== undefined) {
    arbs.push(
      fc.integer({ min: spec.maxMonthsBack + 2, max: spec.maxMonthsBack + 60 }).map((back) => monthBefore(now, back)),
    );
  }
  return fc.oneof(...arbs);
}

/** Dates that are not Saturdays (in the past), not real dates, or future Saturdays. */
function badSaturday(now: Date): fc.Arbitrary<unknown> {
  const latest = latestSaturday(now);
  const saturday = new Date(
    Date.UTC(Number(latest.slice(0, 4)), Number(latest.slice(4, 6)) - 1, Number(latest.slice(6, 8))),
  );
  const format = (d: Date) =>
    `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  const shifted = (days: number) => format(new Date(saturday.getTime() + days * 86_400_000));
  return fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6 }))
      .map(([weeks, day]) => shifted(-7 * weeks - day)),
    fc.integer({ min: 1, max: 20 }).map((weeks) => shifted(7 * weeks)),
    fc.constantFrom("20250231", "2025-02-30", "2025082", "Saturday"),
  );
}

/** Too many items for a list with a length limit (valid ASINs, so only the count is wrong). */
const tooManyAsins = (max: number) =>
  fc
    .integer({ min: max + 1, max: max + 10 })
    .map((count) => Array.from({ length: count }, (_, i) => `B0${String(i).padStart(8, "0")}`).join(","));

const badAsin = fc.oneof(
  fc.stringMatching(/^B0[A-Z0-9]{1,6}$/),
  fc.stringMatching(/^B0[A-Z0-9]{9,14}$/),
  fc.constantFrom("B0-GVP84B5", "B0DGVP84B!", "not an asin"),
);
const badNodePath = fc.oneof(
  fc.constantFrom("abc", "172282::281407", "172282 > 281407", ":172282"),
  word.map((w) => `${w}:123`),
);

/** Numbers past the spec's bounds. */
function outOfRange(spec: ParamSpec): fc.Arbitrary<unknown> | undefined {
  // page and size follow `limit` in a formula (they are not filters); `limit` has its own category.
  if ((spec.kind !== "integer" && spec.kind !== "number") || spec.role === "page" || spec.role === "size")
    return undefined;
  const arbs: fc.Arbitrary<unknown>[] = [];
  // A 0 where the parameter refuses 0 is a blank cell as Excel desktop passes it (src/api/kinds/read.ts), not bad.
  if (spec.min !== undefined)
    arbs.push(fc.integer({ min: -1000, max: Math.ceil(spec.min) - 1 }).filter((n) => n !== 0 || spec.min! <= 0));
  if (spec.max !== undefined)
    arbs.push(fc.integer({ min: Math.floor(spec.max) + 1, max: Math.floor(spec.max) + 10_000 }));
  return arbs.length ? fc.oneof(...arbs) : undefined;
}

/** A value outside a closed option set (text options compare case-insensitively). */
function notAnOption(spec: ParamSpec): fc.Arbitrary<unknown> | undefined {
  const options = closedOptions(spec);
  if (!options || spec.kind === "order") return undefined;
  const taken = new Set(options.map((o) => String(o.value).toLowerCase()));
  const numeric = typeof options[0].value === "number";
  const arb: fc.Arbitrary<unknown> = numeric
    ? // 0 outside the options is a blank cell as Excel desktop passes it (src/api/kinds/read.ts), not bad.
      fc.integer({ min: -50, max: 500 }).filter((v) => !taken.has(String(v)) && v !== 0)
    : fc.stringMatching(/^[A-Za-z]{2,9}$/).filter((v) => !taken.has(v.toLowerCase()));
  return arb;
}

/** Text (or a fraction) where a whole number is due, text where a number is due, a non-boolean word for a boolean. */
function wrongType(spec: ParamSpec): fc.Arbitrary<unknown> | undefined {
  if (spec.role === "page" || spec.role === "size") return undefined;
  if (spec.kind === "integer") {
    return fc.oneof(
      fc.stringMatching(/^[a-z]{2,8}$/),
      fc.double({ min: 1.01, max: 99.99, noNaN: true }).filter((v) => !Number.isInteger(v)),
    );
  }
  if (spec.kind === "number") return fc.stringMatching(/^[a-z]{2,8}$/);
  if (spec.kind === "boolean") return fc.constantFrom("maybe", "sometimes", "both", "2x");
  return undefined;
}

/**
 * Bad calls of a history function (STOCKHISTORY's arguments: market, asin, start, end, interval, fields): a bad
 * market or ASIN, a start or end that is no date, a start after the end, an interval that is none or one the
 * function has no figures for.
 */
function historyBadCalls(op: AnyOperation, now: Date): Map<BadCategory, fc.Arbitrary<BadCall>> {
  const base = validCall(op, now);
  const call = (category: BadCategory, names: readonly string[], what: string, patch: Partial<FormulaCall>) =>
    ({ ...base, ...patch, category, names, what }) as BadCall;
  const notADate = fc.oneof(word, fc.constantFrom("2025-13-01", "2025-02-30", "next week", true));
  const intervals = op.history!.columns.flatMap((c) => c.from).some((s) => "series" in s || s.native === "daily")
    ? fc.stringMatching(/^[a-z]{4,9}$/).filter((w) => !/^(daily|weekly|monthly|day|week|month)$/.test(w))
    : fc.constantFrom("daily", "weekly", "d", "w", "hourly");
  return new Map<BadCategory, fc.Arbitrary<BadCall>>([
    [
      "market",
      badMarket.map((m) => call("market", ["market", "marketplace"], "a market that does not exist", { market: m })),
    ],
    [
      "pattern",
      badAsin.map((a) => call("pattern", ["asin"], "text that breaks the pattern (asin)", { positional: [a] })),
    ],
    [
      "date",
      fc
        .tuple(notADate, fc.constantFrom("start", "end"))
        .map(([v, which]) => call("date", [which], `a ${which} that is no date`, { history: { [which]: v } })),
    ],
    [
      "range",
      fc.integer({ min: 1, max: 400 }).map((days) =>
        call("range", ["start"], "a start after the end", {
          history: {
            start: "2025-06-01",
            end: new Date(Date.UTC(2025, 5, 1) - days * 86_400_000).toISOString().slice(0, 10),
          },
        }),
      ),
    ],
    [
      "interval",
      intervals.map((i) => call("interval", ["interval"], "an interval without figures", { history: { interval: i } })),
    ],
  ]);
}

/** Arbitraries of bad calls for one operation, one per applicable category. */
export function badCallsFor(
  op: AnyOperation,
  now: Date,
  reservedFilterNames: readonly string[],
): Map<BadCategory, fc.Arbitrary<BadCall>> {
  if (op.history) return historyBadCalls(op, now);
  const out = new Map<BadCategory, fc.Arbitrary<BadCall>[]>();
  const add = (
    category: BadCategory,
    spec: ParamSpec | undefined,
    arb: fc.Arbitrary<FormulaCall>,
    names: readonly string[] | ((call: FormulaCall) => readonly string[]),
    what: string,
  ) => {
    const list = out.get(category) ?? [];
    const namesFor = typeof names === "function" ? names : () => names;
    list.push(
      arb.map((call) => ({
        ...call,
        category,
        names: namesFor(call),
        what: `${what}${spec ? ` (${spec.name})` : ""}`,
      })),
    );
    out.set(category, list);
  };
  const per = (category: BadCategory, what: string, make: Maker) => {
    for (const spec of params(op)) {
      if (spec.role === "order") continue;
      const arb = make(spec);
      if (arb)
        add(
          category,
          spec,
          arb.map((v) => withValue(op, now, spec, v)),
          namesOf(op, spec),
          what,
        );
    }
  };

  per("market", "a market that does not exist", (s) => (s.kind === "marketplace" ? badMarket : undefined));
  per("month", "a bad month", (s) =>
    s.kind === "month" || (s.kind === "weekOrMonth" && !positionalParams(op).has(s.switchParam ?? ""))
      ? badMonth(s, now)
      : undefined,
  );
  per("date", "not a past Saturday", (s) => (s.kind === "saturday" ? badSaturday(now) : undefined));
  // A weekOrMonth date follows its switch (positional reverseType): W wants a Saturday, M a month.
  for (const spec of params(op).filter((p) => p.kind === "weekOrMonth" && p.switchParam && p.formats)) {
    const slot = op.positional.findIndex((p) => p.param === spec.switchParam);
    if (slot < 0) continue;
    for (const [switchValue, format] of Object.entries(spec.formats!)) {
      const bad = format === "saturday" ? badSaturday(now) : badMonth(spec, now);
      const arb = bad.map((v) => {
        const call = withValue(op, now, spec, v);
        return { ...call, positional: call.positional.map((p, i) => (i === slot ? switchValue : p)) };
      });
      add(
        format === "saturday" ? "date" : "month",
        spec,
        arb,
        namesOf(op, spec),
        `${spec.switchParam}=${switchValue} with a bad date`,
      );
    }
  }
  // A list the operation looks up key by key (its `batch`) takes up to LOOKUP_MAX_KEYS, sent in calls of maxItems.
  const most = (s: ParamSpec) => (batchOf(op)?.param === s.name ? LOOKUP_MAX_KEYS : s.maxItems);
  per("tooManyItems", "too many items", (s) =>
    s.kind === "stringList" && s.maxItems !== undefined && s.pattern === "asin" ? tooManyAsins(most(s)!) : undefined,
  );
  per("pattern", "text that breaks the pattern", (s) =>
    s.pattern === "asin" ? badAsin : s.pattern === "nodeIdPath" ? badNodePath : undefined,
  );
  per("outOfRange", "a number out of range", outOfRange);
  per("enum", "a value outside the options", notAnOption);
  per("wrongType", "a value of the wrong type", wrongType);

  for (const low of params(op).filter((p) => p.role === "rangeMin" && p.range)) {
    const high = params(op).find((p) => p.role === "rangeMax" && p.range === low.range)!;
    const lo = low.min ?? 0;
    const hi = high.max ?? 1_000_000;
    const pair = fc
      .tuple(fc.integer({ min: lo, max: hi - 1 }), fc.integer({ min: 1, max: Math.max(1, hi - lo) }))
      .map(([max, gap]) => [Math.min(hi, max + gap), max] as const)
      .filter(([a, b]) => a > b);
    const arb = pair.map(([a, b]) => ({
      ...validCall(op, now),
      filters: [
        [low.name, a],
        [high.name, b],
      ] as const,
    }));
    add("minAboveMax", low, arb, [low.range!, low.name, high.name], "min greater than max");
  }

  // A closed set of sort fields: `order` in filters with a field the operation cannot sort by.
  const orderSpec = params(op).find((p) => p.kind === "order" && p.sortFields && !p.openOptions);
  if (orderSpec) {
    const fields = new Set(orderSpec.sortFields!.map((f) => f.toLowerCase()));
    const badField = fc.stringMatching(/^[a-z][a-zA-Z_]{2,14}$/).filter((f) => !fields.has(f.toLowerCase()));
    const arb = fc
      .tuple(badField, fc.constantFrom("asc", "desc"))
      .map(([f, dir]) => ({ ...validCall(op, now), filters: [["order", `${f} ${dir}`]] as const }));
    add("enum", orderSpec, arb, ["order"], "an order by a field the operation cannot sort by");
  }

  // Parameters that have their own argument (market, the required ones, fields) or follow `limit` (page, size).
  const moved = params(op).filter(
    (p) => p.kind === "marketplace" || p.role === "page" || p.role === "size" || positionalParams(op).has(p.name),
  );
  // The trademark offices list takes no parameter at all: nothing can be moved there.
  if (moved.length) {
    const movedArb = fc
      .constantFrom(...moved)
      .map((spec) => ({ ...validCall(op, now), filters: [[spec.name, validValue(spec, now) ?? 1]] as const }));
    add(
      "notAFilter",
      undefined,
      movedArb,
      (call) => [String(call.filters[0][0])],
      "a parameter set in filters that has its own argument",
    );
  }

  const known = new Set([
    ...params(op).map((p) => p.name.toLowerCase()),
    ...reservedFilterNames.map((n) => n.toLowerCase()),
  ]);
  const unknownName = fc.stringMatching(/^[a-z][A-Za-z]{3,14}$/).filter((n) => !known.has(n.toLowerCase()));
  add(
    "unknownFilter",
    undefined,
    fc.tuple(unknownName, fc.oneof(fc.integer(), word)).map(([n, v]) => ({ ...validCall(op, now), filters: [[n, v]] })),
    (call) => [String(call.filters[0][0])],
    "an unknown filter",
  );

  const badLimit = fc.oneof(
    // 0 is a blank limit cell as Excel desktop passes it: one page, not an error.
    fc.integer({ min: -5000, max: -1 }),
    fc.integer({ min: ROW_CAP + 1, max: 1_000_000 }),
    fc.constantFrom("lots", "all rows", 2.5, 10.25),
  );
  add(
    "limit",
    undefined,
    badLimit.map((limit) => ({ ...validCall(op, now), limit })),
    ["limit"],
    "a bad limit",
  );

  return new Map([...out].map(([category, arbs]) => [category, fc.oneof(...arbs)]));
}

/** How the `filters` argument is typed: a 2-column range of name/value rows, or one text `name=value; ...`. */
export type FilterForm = "range" | "text";

/** The argument list a MAD wrapper receives from Excel (before the invocation object). */
export function formulaArguments(op: AnyOperation, call: FormulaCall, form: FilterForm): unknown[] {
  const byName = new Map(params(op).map((p) => [p.name, p]));
  const positional = op.positional.map(({ param }, i) => {
    const value = call.positional[i];
    // List arguments are ranges in the function's metadata: a text typed there arrives as a 1x1 array.
    return ["stringList", "integerList"].includes(byName.get(param)?.kind ?? "") && !Array.isArray(value)
      ? [[value]]
      : value;
  });
  const filters = !call.filters.length
    ? null
    : form === "range"
      ? call.filters.map(([name, value]) => [name, value])
      : [[call.filters.map(([name, value]) => `${name}=${String(value)}`).join("; ")]];
  // The trademark functions have no market argument; a history function takes STOCKHISTORY's after its own (then
  // fields and headers).
  const market = takesMarket(op) ? [call.market] : [];
  const { start = null, end = null, interval = null } = call.history ?? {};
  if (op.history) return [...market, ...positional, start, end, interval, null, null];
  return [...market, ...positional, filters, null, call.limit ?? null];
}
