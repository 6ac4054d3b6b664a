/**
 * The rows of a query read on the team relay for itself (a scheduled refresh, an alert's run), page by page as the
 * add-in's engine pages them, through the shared call that members' requests take (./shared-call.ts): an answer
 * still current for its data period comes from the team's cache and costs nothing, every call waits for the shared
 * pacer's grant and counts against the member's and the plan's monthly budgets, which refuse past them. A lookup by
 * list (a watch of ASINs) goes key by key through the team's batches (./shared-lookup.ts): a call per 40 keys the
 * team does not hold yet, shared with whoever asks for the same keys meanwhile. The one page loop of the scheduler
 * (./scheduler.ts) and the alerts (./alerts/runner.ts).
 */
import { isLookup } from "../../api/lookups/batch";
import { methodOf, type AnyOperation } from "../../api/catalog";
import type { Clock } from "../../lib/clock";
import { queryString } from "../../api/exchange";
import { checkLookup } from "../../api/lookups/calls";
import { pagesFor, planPaging } from "../../api/paging";
import { parseResult } from "../../api/parse";
import { validateParams } from "../../api/validate";
import { envelopeCode, type Refused } from "./answers";
import { teamRequest, type SharedCaller } from "./shared-call";
import type { Member } from "./team-store";

/** A query as the relay reads it: an operation, its parameters (checked by the catalog's rules) and a row limit. */
export interface RowsQuery {
  readonly op: AnyOperation;
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
}

/** The rows read, or why not (refused: the run stops; failed: this query failed); what it spent either way. */
export type Fetched =
  | { readonly rows: unknown[]; readonly calls: number; readonly cacheHits: number }
  | { readonly refused: Refused["refused"]; readonly calls: number; readonly cacheHits: number }
  | { readonly failed: string; readonly calls: number; readonly cacheHits: number };

/** The request body as the add-in's client sends it, then read as the relay reads a member's request. */
function wire(op: AnyOperation, params: Record<string, unknown>, now: Date): Record<string, unknown> {
  const body = validateParams(op.code, params, { now }) as Record<string, unknown>;
  return methodOf(op) === "GET"
    ? Object.fromEntries(new URLSearchParams(queryString(body)))
    : (JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
}

/** A lookup by list: every key at once through the team's batches; an ASIN the service does not know has no row. */
async function fetchLookupRows(
  shared: SharedCaller,
  member: Member,
  query: RowsQuery,
  clock: Clock,
  requestId: string,
): Promise<Fetched> {
  const lookup = checkLookup(query.op.code, query.params, { now: new Date(clock.now()) });
  const run = await shared.lookup(member, lookup);
  const spent = { calls: run.calls, cacheHits: run.cacheHits };
  if (run.refused) return { refused: run.refused.refused, ...spent };
  if (run.failure !== undefined || run.answer === undefined) return { failed: run.failure ?? "no answer", ...spent };
  return { rows: parseResult(query.op.code, JSON.parse(run.answer), requestId).rows, ...spent };
}

/** Every row the query reads: to its limit, the total or a short page. Throws only on parameters the catalog refuses. */
export async function fetchRows(
  shared: SharedCaller,
  member: Member,
  query: RowsQuery,
  clock: Clock,
  requestId = "relay",
): Promise<Fetched> {
  if (isLookup(query.op, query.params)) return fetchLookupRows(shared, member, query, clock, requestId);
  const { op } = query;
  const checked = validateParams(op.code, query.params, { now: new Date(clock.now()) }) as Record<string, unknown>;
  const plan = planPaging(op.code, checked, query.limit);
  const rows: unknown[] = [];
  let calls = 0;
  let cacheHits = 0;
  let pages = plan.maxPages;
  for (let page = 1; page <= pages; page++) {
    const params = plan.mode === "single" ? plan.params : { ...plan.params, page };
    const request = teamRequest(op, wire(op, params, new Date(clock.now())), clock.now());
    if ("error" in request) return { failed: request.error, calls, cacheHits };
    const outcome = await shared(member, request.request);
    if ("refused" in outcome) return { refused: outcome.refused.refused, calls, cacheHits };
    if (outcome.source === "miss") calls++;
    else cacheHits++;
    const code = envelopeCode(outcome.answer.text);
    if (code !== "OK") return { failed: code ?? `HTTP ${outcome.answer.status}`, calls, cacheHits };
    const result = parseResult(op.code, JSON.parse(outcome.answer.text), requestId, plan.pageSize || undefined);
    rows.push(...result.rows);
    if (plan.mode === "single") break;
    if (page === 1) pages = pagesFor(plan, result.total);
    if (result.rows.length < plan.pageSize || rows.length >= (plan.limit ?? Infinity)) break;
  }
  return { rows: query.limit === undefined ? rows : rows.slice(0, query.limit), calls, cacheHits };
}
