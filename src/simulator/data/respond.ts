/**
 * The `data` of a successful response, in the operation's shape (paged object, array, object, items with stats),
 * with the live service's quirks: page 0 on first pages of some operations, pages 0 in others, the row cap, and
 * `order` echoed the way live responses show it.
 */
import { AnyOperation, operation, OperationCode, paramWithRole } from "../../api/catalog";
import type { FieldSpec } from "../../api/catalog-types";
import { RECORD_FIELDS } from "../../api/records";
import { batchOf } from "../../api/lookups/batch";
import { asinAnswer } from "./asin";
import { lookupRows } from "./asin-lookup";
import { categoryNodes } from "./categories";
import { resolveField } from "./generators";
import { marketRows } from "./market";
import { bandRows, demandTrend } from "./market-bands";
import { googleTrend } from "./google-trends";
import { nichePresets } from "./niches";
import { detailPresets, TRADEMARK_OFFICES, trademarkFacets } from "./trademarks";
import { hashString, mix, Rng } from "./prng";
import { buildFilters, sortField, sortRows } from "./query";
import { Row, Scenario } from "./row";
import { scenarioFor, universeKey } from "./scenario";
import { chinaMidnight, saturdayBefore, shiftMonth, weekBounds } from "./values";
import { DEPARTMENTS } from "./vocab";

/** First pages answer with page 0 here (keyword_order, traffic_listing fixtures). */
const PAGE_ZERO_ON_FIRST: ReadonlySet<OperationCode> = new Set(["keyword_order", "traffic_listing"]);
/** `pages` is 0 here whatever the total (ABA, traffic source and listing traffic fixtures). */
const PAGES_ZERO: ReadonlySet<OperationCode> = new Set([
  "aba_research_weekly",
  "aba_research_monthly",
  "traffic_source",
  "traffic_listing",
]);
/** The order field live responses echo when none was asked for. */
const ECHOED_DEFAULT_ORDER: Partial<Record<OperationCode, { field: string; desc: boolean }>> = {
  keyword_order: { field: "searchRank", desc: false },
  traffic_listing: { field: "createdTime", desc: true },
};
/** How the service ranks when no order is asked for, where the catalog has no documented default. */
const DEFAULT_SORT: Partial<Record<OperationCode, string>> = { market_research: "total_units" };

const CACHE_LIMIT = 32;
const universes = new Map<string, Row[]>();

function fieldsOf(op: AnyOperation): readonly FieldSpec[] {
  return RECORD_FIELDS[op.record];
}

/** The universe's rows, cached (least recently used out) so repeated pages of one query cost only the page. */
function universe(s: Scenario, fields: readonly FieldSpec[]): Row[] {
  const key = universeKey(s);
  const cached = universes.get(key);
  if (cached) {
    universes.delete(key);
    universes.set(key, cached);
    return cached;
  }
  // Niches are the category tree's, not a count: each row starts from its category.
  const presets = s.record === "niche" ? nichePresets(s) : undefined;
  const rows = Array.from(
    { length: presets?.length ?? s.universeSize },
    (_, i) => new Row(s, fields, i, mix(s.seed, i), resolveField, "", undefined, presets?.[i]),
  );
  universes.set(key, rows);
  if (universes.size > CACHE_LIMIT) universes.delete(universes.keys().next().value as string);
  return rows;
}

/** Rows of a series (trends): presets per row, siblings reachable for growth figures. */
function series(s: Scenario, fields: readonly FieldSpec[], presets: readonly Record<string, unknown>[]): Row[] {
  const rows: Row[] = [];
  presets.forEach((preset, i) =>
    rows.push(new Row(s, fields, i, mix(s.seed, i), resolveField, "", undefined, preset, (offset) => rows[i + offset])),
  );
  return rows;
}

function trendPresets(s: Scenario): Record<string, unknown>[] {
  if (s.record === "keywordTrend") {
    return Array.from({ length: 24 }, (_, i) => {
      const ym = shiftMonth(s.dataMonth, 23 - i);
      return { time: `${ym.slice(0, 4)}年${ym.slice(4)}月` };
    });
  }
  if (s.params.timeGranularity === "W") {
    const latest = saturdayBefore(s.week, 1);
    return Array.from({ length: 104 }, (_, i) => {
      const saturday = saturdayBefore(latest, 103 - i);
      return { label: saturday, date: weekBounds(saturday)[0] };
    });
  }
  return Array.from({ length: 24 }, (_, i) => {
    const ym = shiftMonth(s.dataMonth, 23 - i);
    return { label: ym, date: chinaMidnight(Number(ym.slice(0, 4)), Number(ym.slice(4)), 1) };
  });
}

export interface SimulatedQuery {
  readonly code: OperationCode;
  readonly params: Record<string, unknown>;
  readonly now: number;
}

export function simulate(op: AnyOperation, query: SimulatedQuery): unknown {
  // The category lookup reads the tree itself rather than generating rows; the trademark offices are a fixed list.
  if (op.record === "categoryNode") return categoryNodes(query.params, query.now);
  if (op.record === "trademarkOffice")
    return TRADEMARK_OFFICES.map(([office, officeLabel]) => ({ office, officeLabel }));
  // The department lookup: the codes the keyword generators' departments use, the same list in every marketplace.
  if (op.record === "department") return DEPARTMENTS.map(([code, label]) => ({ code, label }));
  // One product's operations tell one product's story, from its profile.
  if (op.group === "asin") return asinAnswer(op, query.params, query.now);
  const s = scenarioFor(op, query.params, query.now);
  const fields = fieldsOf(op);
  const out = (rows: readonly Row[]) => rows.map((row) => row.materialize());
  switch (op.shape) {
    case "array":
      return out(
        s.domain === "market" ? series(s, fields, bandRows(s) ?? marketRows(s)) : series(s, fields, trendPresets(s)),
      );
    case "object":
      return out(series(s, fields, s.record === "trademarkDetail" ? [detailPresets(s)] : marketRows(s)))[0];
    case "series":
      return s.record === "googleTrend" ? googleTrend(s) : demandTrend(s);
    case "facets":
      return trademarkCounts(query);
    case "paged":
    case "itemsWithStats":
      return paged(op, s, fields, query);
    default: {
      const unhandled: never = op.shape;
      throw new Error(`the simulator has no answer of the shape ${String(unhandled)}`);
    }
  }
}

/** trademark_stats: the facets of the same search's trademarks as trademark_list pages through. */
function trademarkCounts(query: SimulatedQuery): unknown {
  const list = operation("trademark_list");
  const { office, text } = query.params;
  const s = scenarioFor(list, { office, text }, query.now);
  return trademarkFacets(universe(s, fieldsOf(list)));
}

/**
 * The filtered, sorted rows of the last few queries, keyed without page and size (and with the clock to the
 * minute): the pages of one query, asked together, share one filter-and-sort pass instead of one each. A real
 * service does this work on its own machines; the in-process simulator would otherwise spend the client's CPU on
 * it and distort the paging benchmark.
 */
const ORDERED_ROWS = new Map<string, Row[]>();
const ORDERED_ROWS_KEPT = 8;
const MINUTE_MS = 60_000;

function orderedRows(op: AnyOperation, s: Scenario, fields: readonly FieldSpec[], query: SimulatedQuery): Row[] {
  const { page: _page, size: _size, ...rest } = query.params;
  const key = `${op.code}|${Math.floor(query.now / MINUTE_MS)}|${JSON.stringify(rest)}`;
  const kept = ORDERED_ROWS.get(key);
  if (kept) return kept;
  const rows = filteredAndSorted(op, s, fields, query);
  if (ORDERED_ROWS.size >= ORDERED_ROWS_KEPT) ORDERED_ROWS.delete(ORDERED_ROWS.keys().next().value as string);
  ORDERED_ROWS.set(key, rows);
  return rows;
}

function filteredAndSorted(op: AnyOperation, s: Scenario, fields: readonly FieldSpec[], query: SimulatedQuery): Row[] {
  const params = query.params;
  const filters = buildFilters(op, fields, params, query.now);
  // A lookup by a list of ASINs answers each listed product the service knows (./asin-lookup.ts).
  let rows = s.asins.length > 0 && batchOf(op) ? lookupRows(op, fields, params, query.now) : universe(s, fields);
  if (filters.length > 0) rows = rows.filter((row) => filters.every((f) => f(row)));
  const orderParam = paramWithRole(op, "order");
  const requested = params.order as { field?: string; desc?: boolean } | undefined;
  const desc = requested?.desc ?? orderParam?.orderDefault?.desc ?? true;
  const path = sortField(op, fields, requested?.field ?? orderParam?.orderDefault?.field ?? DEFAULT_SORT[op.code]);
  if (path) rows = sortRows(rows, path, desc);
  else if (requested?.desc === false) rows = [...rows].reverse();
  return rows;
}

/**
 * The last few pages answered (their query, page and size, the clock to the minute): a real service answers a
 * query's pages in parallel on its own machines, where the simulator, one process, would make them one after
 * another; asked again within the minute (the bench's cold runs of one query), a page is answered as made, the same
 * object, which the HTTP layer then writes as it wrote it (../http.ts). Answers are never changed once made.
 */
const PAGES = new Map<string, unknown>();
const PAGES_KEPT = 64;

function paged(op: AnyOperation, s: Scenario, fields: readonly FieldSpec[], query: SimulatedQuery): unknown {
  const key = `${query.code}|${Math.floor(query.now / MINUTE_MS)}|${JSON.stringify(query.params)}`;
  const kept = PAGES.get(key);
  if (kept) return kept;
  const page = pageOf(op, s, fields, query);
  if (PAGES.size >= PAGES_KEPT) PAGES.delete(PAGES.keys().next().value as string);
  PAGES.set(key, page);
  return page;
}

function pageOf(op: AnyOperation, s: Scenario, fields: readonly FieldSpec[], query: SimulatedQuery): unknown {
  const params = query.params;
  const rows = orderedRows(op, s, fields, query);
  const orderParam = paramWithRole(op, "order");
  const requested = params.order as { field?: string; desc?: boolean } | undefined;
  const desc = requested?.desc ?? orderParam?.orderDefault?.desc ?? true;

  const sizeParam = paramWithRole(op, "size");
  const page = typeof params.page === "number" ? params.page : 1;
  const size = typeof params.size === "number" ? params.size : Number(sizeParam?.default ?? 50);
  const total = rows.length;
  const reachable = op.rowCap ? Math.min(total, op.rowCap) : total;
  const start = (page - 1) * size;
  const items =
    start >= reachable ? [] : rows.slice(start, Math.min(start + size, reachable)).map((r) => r.materialize());
  // A niche's ranking is its place in the answer.
  if (s.record === "niche") items.forEach((item, i) => (item.ranking = start + i + 1));

  if (op.shape === "itemsWithStats") {
    return { marketplace: s.market, asin: s.asins[0] ?? null, total, items, stats: wordStats(items) };
  }
  const echoed = requested?.field
    ? { field: requested.field, desc }
    : (ECHOED_DEFAULT_ORDER[op.code] ?? { field: "", desc });
  const took = new Rng(mix(s.seed, hashString(JSON.stringify(params)))).int(0, 900);
  return {
    guestId: null,
    pages: PAGES_ZERO.has(op.code) ? 0 : Math.ceil(total / size),
    page: page === 1 && PAGE_ZERO_ON_FIRST.has(op.code) ? 0 : page,
    size,
    total,
    took,
    url: null,
    order: echoed,
    items,
    terminal: null,
    hasNextPage: null,
    guestVisited: false,
  };
}

/** traffic_keyword's stats: how many of the returned words contain each word part. */
function wordStats(items: readonly Record<string, unknown>[]): { keywords: string; total: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const words = new Set(
      String(item.keyword ?? "")
        .split(" ")
        .filter((w) => w.length > 1),
    );
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 20)
    .map(([keywords, total]) => ({ keywords, total }));
}
