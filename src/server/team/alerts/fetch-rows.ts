/**
 * The rows of an alert's query, page by page as the add-in's engine pages them, through the shared call that
 * members' requests and scheduled refreshes take (../shared-call.ts): an answer still current for its data period
 * comes from the team's cache and costs nothing, every call waits for the shared pacer's grant and counts against
 * the member's and the plan's monthly budgets, which refuse past them. The page loop is scheduler.ts's, reading
 * the rows instead of only warming the cache.
 */
import { isLookup } from "../../../api/batch";
import { methodOf } from "../../../api/catalog";
import { checkLookup } from "../../../api/lookups";
import type { Clock } from "../../../api/clock";
import { queryString } from "../../../api/exchange";
import { pagesFor, planPaging } from "../../../api/paging";
import { parseResult } from "../../../api/parse";
import { validateParams } from "../../../api/validate";
import { envelopeCode, type Refused } from "../answers";
import { teamRequest, type SharedCaller } from "../shared-call";
import type { Member } from "../team-store";
import type { CompiledQuery } from "./query";

export type Fetched =
  | { readonly rows: unknown[]; readonly calls: number; readonly cacheHits: number }
  | { readonly refused: Refused["refused"]; readonly calls: number; readonly cacheHits: number }
  | { readonly failed: string; readonly calls: number; readonly cacheHits: number };

/** The request body as the add-in's client sends it, then read as the relay reads a member's request. */
function wire(query: CompiledQuery, params: Record<string, unknown>, now: Date): Record<string, unknown> {
  const body = validateParams(query.op.code, params, { now }) as Record<string, unknown>;
  return methodOf(query.op) === "GET"
    ? Object.fromEntries(new URLSearchParams(queryString(body)))
    : (JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
}

/**
 * A lookup by list (MAD.PRODUCTS' ASINs): asked 40 keys a request, each key through the team's cache and batches
 * (../shared-lookup.ts), so a run costs a call per 40 ASINs the team does not hold yet. ASINs the service does not
 * know have no row.
 */
async function fetchLookupRows(shared: SharedCaller, member: Member, query: CompiledQuery, clock: Clock) {
  const lookup = checkLookup(query.op.code, query.params, { now: new Date(clock.now()) });
  const tally = { rows: [] as unknown[], calls: 0, cacheHits: 0 };
  for (let at = 0; at < lookup.keys.length; at += lookup.batch.max) {
    const params = { ...lookup.shared, [lookup.batch.param]: lookup.keys.slice(at, at + lookup.batch.max) };
    const checked = teamRequest(query.op, wire(query, params, new Date(clock.now())), clock.now());
    if ("error" in checked) return { failed: checked.error, calls: tally.calls, cacheHits: tally.cacheHits };
    const outcome = await shared(member, checked.request);
    if ("refused" in outcome)
      return { refused: outcome.refused.refused, calls: tally.calls, cacheHits: tally.cacheHits };
    if (outcome.source === "miss") tally.calls++;
    else tally.cacheHits++;
    const code = envelopeCode(outcome.answer.text);
    if (code !== "OK")
      return { failed: code ?? `HTTP ${outcome.answer.status}`, calls: tally.calls, cacheHits: tally.cacheHits };
    tally.rows.push(...parseResult(query.op.code, JSON.parse(outcome.answer.text), "alert").rows);
  }
  return tally;
}

export async function fetchRows(
  shared: SharedCaller,
  member: Member,
  query: CompiledQuery,
  clock: Clock,
): Promise<Fetched> {
  if (isLookup(query.op, query.params)) return fetchLookupRows(shared, member, query, clock);
  const plan = planPaging(query.op.code, query.params, query.limit);
  const rows: unknown[] = [];
  let calls = 0;
  let cacheHits = 0;
  let pages = plan.maxPages;
  for (let page = 1; page <= pages; page++) {
    const params = plan.mode === "single" ? plan.params : { ...plan.params, page };
    const checked = teamRequest(query.op, wire(query, params, new Date(clock.now())), clock.now());
    if ("error" in checked) return { failed: checked.error, calls, cacheHits };
    const outcome = await shared(member, checked.request);
    if ("refused" in outcome) return { refused: outcome.refused.refused, calls, cacheHits };
    if (outcome.source === "miss") calls++;
    else cacheHits++;
    const code = envelopeCode(outcome.answer.text);
    if (code !== "OK") return { failed: code ?? `HTTP ${outcome.answer.status}`, calls, cacheHits };
    const result = parseResult(query.op.code, JSON.parse(outcome.answer.text), "alert", plan.pageSize || undefined);
    rows.push(...result.rows);
    if (plan.mode === "single") break;
    if (page === 1) pages = pagesFor(plan, result.total);
    if (result.rows.length < plan.pageSize || rows.length >= (plan.limit ?? Infinity)) break;
  }
  return { rows: query.limit === undefined ? rows : rows.slice(0, query.limit), calls, cacheHits };
}
