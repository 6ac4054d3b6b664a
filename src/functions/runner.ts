/**
 * What every MAD function does: parse the arguments (bad input: #VALUE!, nothing sent), ask the shared engine
 * (which dedupes, caches, paces and pages), shape the rows into the spilled array, and record the formula for
 * the reports panel. Every call settles: errors become #VALUE!/#N/A, Excel's cancel aborts the wait, formula
 * value preview never spends a call (cache only), and a guard timer backs up the engine's own total timeout.
 *
 * Excel may cancel a call at any moment after it made it (an edited input, Ctrl+Alt+F9, inserted rows: office-js
 * #3332, #3911), so `invocation.onCanceled` is set before the first wait: a cell cancelled while it waits for the
 * language or its plan's chunk sends nothing. A lookup's cell is announced to the engine at once, so the batch of its
 * recalculation waits for it through those waits (src/engine/arrivals.ts).
 */
import { operation, type LookupFunctionId, type OperationCode } from "../api/catalog";
import { TimeoutError } from "../api/errors";
import { getSharedEngine, type Engine, getFormulaRegistry, type FormulaEntry, type FormulaRegistry } from "../engine";
import type { Cell } from "../table/cells";
import { describeFailure, toCellError, withoutSecret, type CellFailure } from "../formula/errors";
import { entitiesSupported } from "./entity-support";
import type { CardNumbers } from "../table/data-type-support";
import { loadServiceLabels } from "../i18n/labels";
import { loadCatalogTexts } from "../api/words/texts";
import { localeReady } from "../i18n/locale";
import { checkResultSize } from "../table/result-size";
import type { FormulaPlan } from "../formula/formula-plan";
import { planOf, type WrapperArgs } from "../formula/plans";

export interface RunnerDeps {
  engine: () => Engine;
  registry: () => FormulaRegistry;
  now: () => number;
  /**
   * Last resort against a stall of the engine itself: the engine settles every query within its total timeout
   * plus its fair wait in the pacing queue, so this only needs to exceed that for a long storm.
   */
  settleWithinMs: number;
  /**
   * Whether Excel takes an entity value (a card) as a result here, and the form of its numbers
   * (entity-support.ts); null: a labelled row.
   */
  entities: () => CardNumbers | null;
  /** Settles once the runtime speaks its language (src/i18n/locale.ts: chosen at start, Chinese loaded on demand). */
  localeReady: () => Promise<void>;
}

const DEFAULT_DEPS: RunnerDeps = {
  engine: getSharedEngine,
  registry: getFormulaRegistry,
  now: Date.now,
  settleWithinMs: 15 * 60_000,
  entities: entitiesSupported,
  localeReady,
};
let deps: RunnerDeps = DEFAULT_DEPS;

/** The runner's dependencies now (MAD.ASOF reads the same registry and clock). */
export const runnerDeps = (): RunnerDeps => deps;

/**
 * @public the seam tests and the benchmark configure the runner through (its engine, registry, clock).
 * Replaces dependencies (tests, the preview page); call with no argument to restore the defaults. */
export function configureRunner(patch?: Partial<RunnerDeps>): void {
  deps = patch ? { ...deps, ...patch } : DEFAULT_DEPS;
}

/** The invocation object Excel passes last; absent when a wrapper is called directly. */
export type FormulaInvocation = Pick<
  CustomFunctions.CancelableInvocation,
  "address" | "onCanceled" | "isInValuePreview" | "functionName"
>;

function inValuePreview(invocation: FormulaInvocation | undefined): boolean {
  const flag: unknown = invocation?.isInValuePreview;
  return flag === true || flag === "true";
}

/** Rejects with a total TimeoutError (and aborts the wait) when the engine does not settle in time. */
function guarded<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError("total", ms));
    }, ms);
  });
  return Promise.race([work, guard]).finally(() => clearTimeout(timer));
}

/**
 * How long a formula waits for the runtime's language at start (the task pane's entry reads Office's display
 * language and loads Chinese on demand): longer would keep cells #BUSY! if that stalled; then it speaks English.
 */
const LOCALE_WAIT_MS = 3_000;

/** The runtime's language is active, or LOCALE_WAIT_MS passed; never rejects. */
export async function languageSettled(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOCALE_WAIT_MS);
  });
  try {
    await Promise.race([deps.localeReady().catch(() => undefined), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a failing cell waits for the secret to scrub from its message (the client has already redacted). */
const SECRET_READ_MS = 2_000;

/** The secret, or null when it cannot be read promptly: a stalled store must not keep a failed cell #BUSY!. */
async function secretOf(engine: Engine | undefined): Promise<string | null> {
  if (!engine) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SECRET_READ_MS);
  });
  try {
    return await Promise.race([engine.readSettings().then((settings) => settings.secret), giveUp]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function safeCacheKey(engine: Engine, code: OperationCode, parsed: FormulaPlan): string | null {
  try {
    return engine.cacheKey(code, parsed.params, { limit: parsed.limit });
  } catch {
    return null;
  }
}

/** A formula as the Reports tab lists it, before its query runs (or with its bad arguments' message). */
function entryOf(
  call: { code: OperationCode; functionName: string; address: string | null; startedAt: number },
  registry: FormulaRegistry,
  query: { params: Readonly<Record<string, unknown>>; limit?: number; cacheKey: string | null } | { failed: string },
): FormulaEntry {
  const { address } = call;
  const failed = "failed" in query ? query.failed : null;
  const asked = "failed" in query ? undefined : query;
  return {
    id: address ?? `${call.functionName} ${failed ?? asked?.cacheKey ?? JSON.stringify(asked?.params)}`,
    address,
    functionName: call.functionName,
    operation: call.code,
    params: asked?.params ?? {},
    ...(asked?.limit === undefined ? {} : { limit: asked.limit }),
    cacheKey: asked?.cacheKey ?? null,
    status: asked ? "running" : "error",
    rows: 0,
    lastRefreshed: asked && address ? (registry.get(address)?.lastRefreshed ?? null) : null,
    lastEvaluated: call.startedAt,
    callsSpent: 0,
    fromCache: false,
    errorMessage: failed,
  };
}

/** What a cell's formula spilled, as its registry entry records it. */
const okPatch = (
  result: Awaited<ReturnType<Engine["query"]>>,
  rows: number,
  cells: Cell[][],
): Partial<FormulaEntry> => ({
  status: "ok",
  rows,
  lastRefreshed: result.fetchedAt,
  callsSpent: result.callsSpent,
  fromCache: result.fromCache,
  // The last good answer (the service failed) is shown, and said so where a person looks: the Reports tab,
  // the pane's message bar and MAD.ASOF.
  lastGood: result.lastGood,
  spill: { rows: cells.length, columns: cells[0]?.length ?? 0 },
});

/** Runs one MAD formula; resolves with the spilled array or rejects with a CustomFunctions.Error. */
export async function runFormula(
  code: OperationCode,
  args: WrapperArgs,
  invocation?: FormulaInvocation,
  lookup?: LookupFunctionId,
): Promise<Cell[][]> {
  const op = operation(code);
  const preview = inValuePreview(invocation);
  const registry = deps.registry();
  const call = {
    code,
    functionName: `MAD.${lookup ?? op.fn}`,
    address: invocation?.address ?? null,
    startedAt: deps.now(),
  };
  let engine: Engine | undefined;
  let parsed: FormulaPlan | undefined;
  let entry: FormulaEntry | undefined;
  // Before the first wait: Excel's cancel and the batch's wait for this cell both hold from the moment it starts.
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  let arrival: ReturnType<Engine["expectLookup"]> | undefined;

  const note = (patch: Partial<FormulaEntry>) => {
    if (preview || !entry) return;
    entry = { ...entry, ...patch };
    try {
      registry.record(entry);
    } catch {
      // The registry is bookkeeping for the reports panel; it must never decide what a cell shows.
    }
  };

  try {
    arrival = lookup && !preview ? deps.engine().expectLookup() : undefined;
    await languageSettled();
    parsed = await planOf(op, args, lookup, { entities: () => deps.entities(), now: () => deps.now() });
    engine = deps.engine();
    entry = entryOf(call, registry, { ...parsed, cacheKey: safeCacheKey(engine, code, parsed) });
    note({});
    const options = { limit: parsed.limit, signal: controller.signal, cacheOnly: preview, arrival };
    const asked = parsed.fetch ? parsed.fetch(engine, options) : engine.query(code, parsed.params, options);
    const result = await guarded(asked, deps.settleWithinMs, controller);
    // Plain English headers are the catalog's words, and the English names of the service's Chinese labels are a
    // table of their own: both load on demand (the functions bundle loads with every workbook).
    await Promise.all([
      parsed.needsCatalogTexts && loadCatalogTexts().catch(() => undefined),
      parsed.needsServiceLabels && loadServiceLabels().catch(() => undefined),
    ]);
    const cells = parsed.shape(result);
    // Past Excel's 5 MB a result would never land (the cell stays #BUSY! on the web): say what to ask for instead.
    checkResultSize(cells);
    note(okPatch(result, parsed.rows(result, cells), cells));
    return cells;
  } catch (error) {
    // A lookup function names its own arguments (asin, asins), not its operation's (competitor lookup's filters).
    const failure: CellFailure = withoutSecret(describeFailure(error, lookup ? undefined : op), await secretOf(engine));
    // Bad arguments: still listed, so the reports panel can point at the broken cell.
    if (!entry && parsed === undefined && !preview) entry = entryOf(call, registry, { failed: failure.message });
    const cancelled = (error as { kind?: string } | null)?.kind === "abort";
    note({ status: cancelled ? "cancelled" : "error", rows: 0, errorMessage: failure.message });
    throw toCellError(failure);
  } finally {
    arrival?.done();
  }
}
