/**
 * The plans of the lookup functions (the catalog's LOOKUP_FUNCTIONS), which read competitor lookup's answers per ASIN
 * (src/api/lookups/) rather than its table, so the engine gathers the ASINs of cells asked at about the same moment
 * into calls of 40:
 * - MAD.PRODUCT(market, asin, [details]): one product as a card (or its labelled row); an ASIN the service does not
 *   know is #N/A "B0… was not found in marketplace US". `details` names facts only the product's details hold: one
 *   more call for this product (asin_detail), only then.
 * - MAD.PRODUCTS(market, asins, [fields], [headers]): one row per value of `asins`, in order, under one header row
 *   (`headers`: `labels` for words, `names`, TRUE or FALSE, as STOCKHISTORY's `headers` is an argument): a blank gives
 *   a blank row, a repeated ASIN its row again; text that is not an ASIN (nothing is sent for it), an ASIN not found
 *   or one whose call failed gives an error value in its row's first cell, the rest of the row blank: #VALUE! or #N/A
 *   with the message, as a CustomFunctions.Error in the returned matrix ("Returns the #NUM! error as part of a
 *   2-dimensional array", https://learn.microsoft.com/javascript/api/custom-functions-runtime/customfunctions.error),
 *   so IFERROR, ISNA and conditional formats see it; the others fill. Trailing blanks of `asins` (a whole column) are
 *   not rows.
 * Loaded with the product plans (./product-plans.ts), a chunk of its own.
 */
import { LOOKUP_MAX_KEYS } from "../api/lookups/batch";
import { operation, type LookupFunction } from "../api/catalog";
import type { ParamSpec } from "../api/catalog-types";
import { isMadError, ValidationError } from "../api/errors";
import { showValue } from "../api/kinds/cell-input";
import { argumentError, show } from "../api/kinds/kind";
import { isBlank, listItems, listSpaces } from "../api/kinds/list-items";
import { readCells, rowsOf } from "../api/kinds/read";
import { TEXT_PATTERNS } from "../api/kinds/text-rules";
import { validateParams } from "../api/validate";
import type { Engine, QueryOptions, QueryResult } from "../engine";
// Past the engine's index on purpose: through it, the lookups' words would join the bundle Excel loads at open.
import { NotFoundError } from "../engine/not-found";
import { t } from "../i18n/cells";
import { t as lookupText } from "../i18n/lookups";
import type { Cell } from "../table/cells";
import type { CardNumbers } from "../table/data-type-support";
import {
  cardLabel,
  DETAIL_FACTS,
  detailFactsOf,
  productCard,
  productFactsOf,
  productRow,
  type DetailFact,
} from "../table/product-card";
import { shapeResult } from "../table/shape";
import { parseFields } from "./arguments";
import { headersArgument } from "./filters";
import { makeCellError } from "./cell-error";
import { describeFailure, type CellFailure } from "./errors";
import type { FormulaPlan } from "./formula-plan";

/**
 * What a lookup function's wrapper passes: market, its key argument, then `details` (a card) or `fields` and
 * `headers` (rows).
 */
export interface LookupArgs {
  readonly market?: unknown;
  readonly positional: readonly unknown[];
  readonly details?: unknown;
  readonly fields?: unknown;
  readonly headers?: unknown;
}

const CODE = "competitor_lookup";
const specOf = (name: string) =>
  (operation("asin_detail").params as readonly ParamSpec[]).find((p) => p.name === name)!;
const context = (label: string) => ({ label, params: {} });

/** The market and one ASIN, checked by the catalog's rules for them (named `market` and `asin` when wrong). */
function marketAndAsin(market: unknown, asin: unknown): { marketplace: string; asin: string } {
  const raw = {
    marketplace: readCells(specOf("marketplace"), market, context("market")),
    asin: readCells(specOf("asin"), asin, context("asin")),
  };
  return validateParams("asin_detail", raw) as { marketplace: string; asin: string };
}

/** `details`: names of detail facts (any case), from text or a range. */
function parseDetails(raw: unknown): DetailFact[] {
  const names = listItems(
    rowsOf(raw)
      .flat()
      .filter((cell) => !isBlank(cell) && cell !== 0 && cell !== false),
  );
  return [...new Set(names)].map((name) => {
    // By its name in English or in the card's language (Bullet points, 五点描述).
    const fact = DETAIL_FACTS.find((f) => [f, cardLabel(f)].some((n) => n.toLowerCase() === name.toLowerCase()));
    if (fact) return fact;
    const problem = lookupText("cell.notADetail", { got: showValue(name), facts: DETAIL_FACTS.join(", ") });
    throw argumentError("details", "details", "unknownDetail", problem);
  });
}

/** Two answers as one result: what both spent, the older fetch time, a stand-in answer if either is one. */
function combined(main: QueryResult, other: QueryResult | undefined): QueryResult {
  if (!other) return main;
  const lastGood = main.lastGood ?? other.lastGood;
  return {
    ...main,
    callsSpent: main.callsSpent + other.callsSpent,
    fetchedAt: Math.min(main.fetchedAt, other.fetchedAt),
    fromCache: main.fromCache && other.fromCache,
    ...(lastGood ? { lastGood } : {}),
  };
}

/**
 * MAD.PRODUCT: the product as an entity value where Excel takes one (`entities`, checked at run time when the answer
 * is shaped: the form of its numbers, or null), else its facts as a labelled row.
 */
export function cardPlan(f: LookupFunction, args: LookupArgs, entities: () => CardNumbers | null): FormulaPlan {
  const { marketplace, asin } = marketAndAsin(args.market, args.positional[0]);
  const details = parseDetails(args.details);
  let detail: unknown;
  const params = { marketplace, asins: [asin] };
  return {
    params,
    async fetch(engine: Engine, options: QueryOptions) {
      const asked = details.length && f.form === "card" ? f.details : undefined;
      const [result, detailResult] = await Promise.all([
        engine.query(CODE, params, options),
        asked ? engine.query(asked, { marketplace, asin }, options) : undefined,
      ]);
      detail = detailResult?.rows[0];
      return combined(result as unknown as QueryResult, detailResult as unknown as QueryResult | undefined);
    },
    shape: (result) => {
      const record = result.byKey?.get(asin);
      if (!record || isMadError(record)) throw isMadError(record) ? record : new NotFoundError(asin, marketplace);
      const base = productFactsOf(record, marketplace)!;
      const facts = details.length ? { ...base, details: detailFactsOf(detail, details) } : base;
      const numbers = entities();
      return numbers ? [[productCard(facts, numbers) as unknown as Cell]] : productRow(facts);
    },
    rows: () => 1,
  };
}

/** One value of MAD.PRODUCTS' `asins`: a blank, an ASIN, or text that is not one. */
type Listed = { readonly blank: true } | { readonly asin: string } | { readonly invalid: string };

/** A blank cell of `asins`: on the builds that pass blanks as 0 (office-js #4702, #5262), 0 too. */
const vacant = (cell: unknown) => isBlank(cell) || cell === 0;

function listedOf(raw: unknown): Listed[] {
  // A whole column (`A:A`, every row of the sheet on desktop) counts what is above its last ASIN.
  const cells = rowsOf(raw, vacant).flat();
  if (cells.length > LOOKUP_MAX_KEYS) throw tooMany(cells.length);
  const listed = cells.flatMap((cell): Listed[] => {
    if (vacant(cell)) return [{ blank: true }];
    const text = readCells(specOf("asin"), cell, context("asins"));
    // One cell may list several ASINs, read as a pasted list is (spaces separate them too).
    const parts = typeof text === "string" ? listItems(text, listSpaces(specOf("asin"))) : [String(cell)];
    return parts.map((part) => {
      const asin = part.toUpperCase();
      return TEXT_PATTERNS.asin.regex.test(asin) ? { asin } : { invalid: part };
    });
  });
  if (listed.length > LOOKUP_MAX_KEYS) throw tooMany(listed.length);
  return listed;
}

const tooMany = (count: number) =>
  new ValidationError("asins", "maxItems", t("v.tooManyItems", { max: LOOKUP_MAX_KEYS, asins: "yes", count }));
const notAnAsin = (text: string) => t("kind.pattern", { got: show(text), pattern: TEXT_PATTERNS.asin.words() });

/** MAD.PRODUCTS: one row per listed value, the found products' columns as `fields` picks them. */
export function rowsPlan(args: LookupArgs): FormulaPlan {
  const op = operation(CODE);
  const market = readCells(specOf("marketplace"), args.market, context("market"));
  const { marketplace } = validateParams("asin_detail", { marketplace: market, asin: "B000000000" });
  const listed = listedOf(args.positional[0]);
  const asins = [...new Set(listed.flatMap((l) => ("asin" in l ? [l.asin] : [])))];
  if (!asins.length) {
    const invalid = listed.find((l) => "invalid" in l);
    const problem =
      invalid && "invalid" in invalid
        ? notAnAsin(invalid.invalid)
        : t("v.required", { doc: TEXT_PATTERNS.asin.words() });
    throw argumentError("asins", "asins", invalid ? "pattern" : "required", problem);
  }
  const { columns } = parseFields(op, args.fields);
  const display = headersArgument(args.headers);
  // The listed values' rows start below the header row, if any.
  const top = display.headers ? 1 : 0;
  const params = { marketplace, asins };
  return {
    params,
    // Its words (`labels`) are the catalog's, which the functions bundle loads on demand.
    needsCatalogTexts: display.headerLabels,
    fetch: async (engine: Engine, options: QueryOptions) =>
      (await engine.query(CODE, params, { ...options, partial: true })) as unknown as QueryResult,
    shape: (result) => {
      const failures = new Map<number, CellFailure>();
      const records = listed.map((l, i) => {
        if ("blank" in l) return {};
        if ("invalid" in l) return failures.set(i, { code: "#VALUE!", message: notAnAsin(l.invalid) }) && {};
        const outcome = result.byKey?.get(l.asin);
        if (outcome && !isMadError(outcome)) return outcome;
        const failure = outcome
          ? describeFailure(outcome, op)
          : ({ code: "#N/A", message: new NotFoundError(l.asin, marketplace).message } as const);
        return failures.set(i, failure) && {};
      });
      const cells = shapeResult(op, { rows: records }, columns, display);
      for (const [i, { code, message }] of failures) {
        const error = makeCellError(code, message) as unknown as Cell;
        cells[i + top] = cells[i + top].map((_, c) => (c === 0 ? error : ""));
      }
      for (const [i, l] of listed.entries()) if ("blank" in l) cells[i + top] = cells[i + top].map(() => "");
      return cells;
    },
    rows: (result) => listed.filter((l) => "asin" in l && result.byKey?.get(l.asin)).length,
  };
}
