/**
 * The engine's methods only the task pane asks for: what a query or a refresh would spend (its pages, or a lookup's
 * batches, counted against the cache), the connection test, and the settings and preferences a person keeps. Loaded on demand, a chunk of their own: the functions
 * bundle Excel loads at open never needs them.
 */
import type { OperationCode } from "../api/catalog";
import { checkLookup } from "../api/lookups/calls";
import { pagesFor } from "../api/paging";
import type { Turn } from "../lib/batcher";
import { awaitTurn, newTracker, withDeadline } from "./deadline";
import { withSecret } from "./engine-settings";
import { asMadError, prepare, type EngineParts } from "./engine-parts";
import { canonicalJson } from "./keys";
import { planLookup } from "./lookup";
import { readStoredSettings } from "./settings";
import { keepingFirst, writePreferences, writeStoredSettings } from "./settings-writes";
import type { ConnectionCheck, Preferences, QueryParams, QueryPlan, Settings } from "./types";

/** What a query would spend: its pages (a lookup's batches), those the cache cannot answer counted apart. */
export async function plan<C extends OperationCode>(
  parts: EngineParts,
  code: C,
  params: QueryParams<C>,
  planOptions: { limit?: number; bypassCache?: boolean } = {},
): Promise<QueryPlan> {
  const { cache, settings } = parts;
  const prepared = prepare(parts, code, params, planOptions.limit);
  const current = await settings.current();
  if ("asked" in prepared) {
    const lookup = checkLookup(code, params, { now: new Date(parts.clock.now()) });
    const calls = Math.ceil(lookup.keys.length / lookup.batch.max);
    if (!current.secret) return { pages: calls, uncachedPages: calls };
    const account = await settings.accountOf({ baseUrl: current.baseUrl, secret: current.secret });
    return planLookup(cache, account, lookup, planOptions.bypassCache === true);
  }
  const { plan } = prepared;
  if (!current.secret) return { pages: plan.maxPages, uncachedPages: plan.maxPages };
  const account = await settings.accountOf({ baseUrl: current.baseUrl, secret: current.secret });
  const keyOf = (page: number) =>
    `${code}|${canonicalJson(plan.mode === "single" ? plan.params : { ...plan.params, page })}`;
  // The first page's total says how many pages; one past its period still tells it (totals move slowly).
  const first = (await cache.get(account, keyOf(1))) ?? (await cache.lastGood(account, keyOf(1)));
  const shortFirst = first !== undefined && plan.mode === "pages" && first.data.rows.length < plan.pageSize;
  const pages = !first ? plan.maxPages : shortFirst ? 1 : pagesFor(plan, first.data.total);
  const bound = !first && plan.maxPages > 1 ? { upTo: true as const } : {};
  if (planOptions.bypassCache) return { pages, uncachedPages: pages, ...bound };
  let uncachedPages = 0;
  for (let page = 1; page <= pages; page++) if (!(await cache.get(account, keyOf(page)))) uncachedPages++;
  return { pages, uncachedPages, ...bound };
}

/** One cheap call (GET /v1/visits) with the stored settings, or `candidate` over them: "Test connection". */
export async function checkConnection(parts: EngineParts, candidate: Partial<Settings> = {}): Promise<ConnectionCheck> {
  const { clock, pacer, gate, settings, requestClient, deadlines } = parts;
  const { counters, changed } = parts.meter;
  try {
    const tried = withSecret({ ...(await settings.current()), ...candidate });
    const { client, state } = requestClient(tried);
    const tracker = newTracker();
    const turn: Turn = { grantedAt: null };
    const visits = await withDeadline(deadlines, tracker, undefined, (signal) =>
      awaitTurn(
        tracker,
        turn,
        pacer.run((sendSlot) => {
          state.firstSlot = sendSlot;
          turn.grantedAt = clock.now();
          return client.visits({ signal });
        }, signal),
      ),
    );
    counters.remainingThisMonth = visits.remaining;
    counters.quotaThisMonth = visits.quota;
    counters.teamThisMonth = visits.team;
    gate.accepted(await settings.accountOf(tried));
    changed();
    return { ok: true, remaining: visits.remaining };
  } catch (error) {
    return { ok: false, error: asMadError(error) };
  }
}

/** The settings and preferences a person keeps (runtime storage, never the workbook). */
// A full storage gives up cached pages, never the settings being written.
const roomy = (parts: EngineParts) => keepingFirst(parts.store, () => parts.cache.clear());

export async function writeSettings(parts: EngineParts, patch: Partial<Settings>): Promise<void> {
  await writeStoredSettings(roomy(parts), patch);
  // New settings: a refused account gets another chance.
  parts.gate.reset();
}

export async function preferences(parts: EngineParts): Promise<Preferences> {
  const { lastGoodValues } = await readStoredSettings(parts.store);
  return { lastGoodValues };
}

export const setPreferences = (parts: EngineParts, patch: Partial<Preferences>) =>
  writePreferences(roomy(parts), patch);

/** Removes the secret and this account's cached pages. */
export async function signOut(parts: EngineParts): Promise<void> {
  const { store, cache, settings, gate } = parts;
  const stored = await readStoredSettings(store);
  if (stored.secret) await cache.clear(await settings.accountOf({ baseUrl: stored.baseUrl, secret: stored.secret }));
  await writeStoredSettings(store, { secret: null });
  settings.forgetAccount();
  gate.reset();
}
