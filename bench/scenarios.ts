/**
 * The benchmark scenarios. Each returns its measures (a figure and the baseline measured in the same run) and,
 * when something did not go cleanly, notes for the report. HTTP calls are counted by the simulator itself.
 */
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { operation } from "../src/api/catalog";
import { createClient } from "../src/api/client";
import { monthBefore } from "../src/api/dates";
import { RECORD_FIELDS } from "../src/api/records";
import { createEngine } from "../src/engine/engine";
import { ENGINE_DEFAULTS } from "../src/engine/engine-parts";
import { memoryStore, type KeyValueStore } from "../src/engine/key-value-store";
import { type Engine, type EngineOptions } from "../src/engine/types";
import { recordColumns } from "../src/table/columns";
import { configureRunner } from "../src/functions/runner";
import { DEFAULT_DISPLAY, shapeResult } from "../src/table/shape";
import { startSimulator } from "../src/simulator";
import type { BenchSimulator } from "./child-simulator";
import type { Measure } from "./report";
import { WarpClock } from "../test/support/warp-clock";
import {
  cellsOf,
  describeErrors,
  evaluateCells,
  evaluateNaively,
  type Evaluation,
  type FormulaCell,
  type Query,
} from "./workbook";

export const BENCH_SECRET = "bench000000000000000000000000000";
/** Default concurrency of the engine; the naive path gets the same. */
export const CONCURRENCY = ENGINE_DEFAULTS.concurrency;

export interface ScenarioResult {
  readonly measures: Measure[];
  readonly notes: string[];
}

export interface BenchContext {
  readonly latencyMs: number;
  readonly sim: BenchSimulator;
}

export function storeFor(sim: { readonly url: string }): KeyValueStore {
  return memoryStore({ "mad.secret": BENCH_SECRET, "mad.baseUrl": sim.url });
}

/** An engine for the runner; pacing is lifted except in the pacing scenario (which measures it on its own). */
export function engineFor(store: KeyValueStore, extra: Partial<EngineOptions> = {}): Engine {
  const engine = createEngine({ store, perMinute: 1_000_000, concurrency: CONCURRENCY, ...extra });
  configureRunner({ engine: () => engine, settleWithinMs: 600_000 });
  return engine;
}

export async function callsDuring<T>(
  sim: BenchSimulator,
  work: () => Promise<T>,
): Promise<{ value: T; calls: number; ms: number }> {
  await sim.resetStats();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  return { value, calls: (await sim.stats()).total, ms };
}

function noteErrors(notes: string[], label: string, evaluation: Evaluation): void {
  if (evaluation.errors.size) notes.push(`${label}: ${describeErrors(evaluation)}`);
}

/** 50 unique queries of three kinds: keyword trends, category statistics, product research pages. */
function stormQueries(): Query[] {
  const keywords = [
    "yoga mat",
    "phone stand",
    "dog bed",
    "led strip",
    "water bottle",
    "desk lamp",
    "usb hub",
    "tote bag",
    "air fryer",
    "bike light",
  ];
  const queries: Query[] = [];
  for (let i = 0; i < 20; i++)
    queries.push({
      code: "keyword_research_trends",
      params: { marketplace: i < 10 ? "US" : "DE", keyword: keywords[i % 10] },
    });
  for (let i = 0; i < 15; i++)
    queries.push({
      code: "market_research_statistics",
      params: { marketplace: "US", nodeIdPath: `172282:${281407 + i}` },
    });
  for (let i = 0; i < 15; i++)
    queries.push({ code: "product_research", params: { marketplace: "US", minPrice: 10 + i, maxPrice: 60 + i } });
  return queries;
}

export interface StormOutcome extends ScenarioResult {
  readonly store: KeyValueStore;
  readonly cells: FormulaCell[];
  readonly firstOpenMs: number;
}

/** 1. Recalculation storm: 1,000 cells over 50 unique queries, engine vs one request per cell. */
export async function recalculationStorm(ctx: BenchContext): Promise<StormOutcome> {
  const notes: string[] = [];
  const queries = stormQueries();
  const cells = cellsOf(queries, 20);
  const store = storeFor(ctx.sim);
  const engine = engineFor(store);
  const storm = await callsDuring(ctx.sim, () => evaluateCells(cells));
  noteErrors(notes, "storm", storm.value);
  await engine.flush();

  const client = createClient({ baseUrl: ctx.sim.url, secret: BENCH_SECRET });
  const naive = await callsDuring(ctx.sim, () => evaluateNaively(client, cells, CONCURRENCY));
  noteErrors(notes, "naive path", naive.value);

  const scenario = `1. Recalculation storm (${cells.length} cells, ${queries.length} unique queries)`;
  const baselineLabel = "one request per cell";
  return {
    store,
    cells,
    firstOpenMs: storm.ms,
    notes,
    measures: [
      {
        scenario,
        measure: "HTTP calls",
        unit: "calls",
        value: storm.calls,
        baselineLabel,
        baseline: naive.calls,
        goal: `${queries.length}`,
        goalMet: storm.calls === queries.length,
      },
      { scenario, measure: "wall time", unit: "ms", value: storm.ms, baselineLabel, baseline: naive.ms },
    ],
  };
}

/** 2. Reopen: the same workbook after a restart (a new engine over the persisted store), within the TTL. */
export async function reopen(ctx: BenchContext, storm: StormOutcome): Promise<ScenarioResult> {
  const notes: string[] = [];
  engineFor(storm.store);
  const again = await callsDuring(ctx.sim, () => evaluateCells(storm.cells));
  noteErrors(notes, "reopen", again.value);
  const scenario = "2. Reopen after restart (same workbook, within the cache TTL)";
  const baselineLabel = "first open";
  return {
    notes,
    measures: [
      {
        scenario,
        measure: "HTTP calls",
        unit: "calls",
        value: again.calls,
        baselineLabel,
        baseline: stormCalls(storm),
        goal: "0",
        goalMet: again.calls === 0,
      },
      { scenario, measure: "wall time", unit: "ms", value: again.ms, baselineLabel, baseline: storm.firstOpenMs },
    ],
  };
}

const stormCalls = (storm: StormOutcome) => storm.measures[0].value;

export interface PagingOutcome extends ScenarioResult {
  /** The 2,000 records of the limit query (for the shaping scenario). */
  readonly records: unknown[];
}

/** Paging runs per size; alternating cold runs, compared by their medians, so one slow round trip does not decide. */
const PAGING_RUNS = 9;

/** 3. Paging: limit 2,000 (20 pages of 100) vs a single page of 100, each on a cold cache (a fresh engine). */
export async function paging(ctx: BenchContext): Promise<PagingOutcome> {
  const notes: string[] = [];
  const query = (limit: number): Query => ({
    code: "product_research",
    params: { marketplace: "US", month: monthBefore(new Date(), 1) },
    limit,
  });
  const cold = async (limit: number) => {
    const engine = engineFor(storeFor(ctx.sim));
    const run = await callsDuring(ctx.sim, () => evaluateCells([{ address: "Sheet1!A1", query: query(limit) }]));
    noteErrors(notes, `limit ${limit}`, run.value);
    // Its pages are written to storage once answers stop (after the cell has its result): before the next run, not
    // during it.
    await engine.flush();
    return { ...run, engine };
  };
  await cold(100); // warm-up: connections, JIT
  const ones: Awaited<ReturnType<typeof cold>>[] = [];
  const manys: Awaited<ReturnType<typeof cold>>[] = [];
  for (let i = 0; i < PAGING_RUNS; i++) {
    ones.push(await cold(100));
    manys.push(await cold(2000));
  }
  const one = { calls: ones[0].calls, ms: median(ones.map((r) => r.ms)) };
  const last = manys[manys.length - 1];
  const many = { calls: last.calls, ms: median(manys.map((r) => r.ms)), value: last.value };
  if (many.value.rows !== 2000) notes.push(`limit 2000 spilled ${many.value.rows} rows`);
  const { code, params } = query(2000);
  // The same query again on the last engine: every page comes from its cache (the records feed shaping).
  const result = await last.engine.query(code, params, { limit: 2000 });
  const scenario = "3. Paging (product research)";
  const baselineLabel = "one page of 100, same runs";
  return {
    notes,
    records: result.rows,
    measures: [
      {
        scenario,
        measure: `HTTP calls for limit 2000 (${many.value.rows} rows), one cold run`,
        unit: "calls",
        value: many.calls,
        baselineLabel,
        baseline: one.calls,
        goal: "20",
        goalMet: many.calls === 20,
      },
      {
        scenario,
        measure: `wall time, median of ${PAGING_RUNS} cold runs each`,
        unit: "ms",
        value: many.ms,
        baselineLabel,
        baseline: one.ms,
        goal: "≤ 3×",
        goalMet: many.ms <= 3 * one.ms,
      },
    ],
  };
}

/** global.gc, exposed at run time (no node flag needed): heap figures are read after a full collection. */
function exposeGc(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * 4. Shaping: the 2,000 product records to the spilled array (every column, header row) vs JSON.parse of the same
 * records as the service sends them. Runs alternate after a warm-up; medians are compared. Peak heap is sampled
 * after every run.
 */
export function shaping(records: unknown[], runs = 25): ScenarioResult {
  const notes: string[] = [];
  const op = operation("product_research");
  const columns = recordColumns(op);
  const payload = JSON.stringify({
    code: "OK",
    message: "成功",
    data: { page: 1, size: records.length, total: records.length, items: records },
  });
  const missing = RECORD_FIELDS.product
    .map((f) => f.name)
    .filter((name) => !(records[0] && name in (records[0] as object)));
  if (missing.length) notes.push(`shaping: records lack documented fields ${missing.join(", ")}`);
  const gc = exposeGc();
  const heapNow = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  // The parsed payload's size: heap held by JSON.parse's result. Extra heap while shaping: heap used right after
  // shaping (garbage of the run included, nothing collected in between) minus heap used before it.
  const beforeParse = heapNow();
  const held = JSON.parse(payload) as { data: unknown };
  const parsedBytes = heapNow() - beforeParse;
  if (!held.data) throw new Error("parse baseline lost the payload");
  let shapingPeakExtra = 0;
  const shapeMs: number[] = [];
  const parseMs: number[] = [];
  let cells = 0;
  for (let i = -3; i < runs; i++) {
    // Each phase starts from a collected heap, so it pays for the collections its own garbage causes, never for a
    // young generation the other phase filled (which phase crossed the threshold used to decide the ratio).
    gc();
    let started = performance.now();
    const parsed = JSON.parse(payload) as { data: { items: unknown[] } };
    const parseTime = performance.now() - started;
    const beforeShape = heapNow();
    started = performance.now();
    const spilled = shapeResult(op, { rows: records }, columns, DEFAULT_DISPLAY);
    const shapeTime = performance.now() - started;
    if (i === 0) shapingPeakExtra = process.memoryUsage().heapUsed - beforeShape;
    if (i < 0) continue; // warm-up
    parseMs.push(parseTime);
    shapeMs.push(shapeTime);
    cells = spilled.length * spilled[0].length;
    if (parsed.data.items.length !== records.length) throw new Error("parse baseline lost records");
  }
  const scenario = `4. Shaping ${records.length} product records (${columns.length} columns, ${cells} cells), median of ${runs}`;
  return {
    notes,
    measures: [
      {
        scenario,
        measure: "flatten to the spilled array",
        unit: "ms",
        value: median(shapeMs),
        baselineLabel: `JSON.parse of the same payload (${(payload.length / 1024 / 1024).toFixed(2)} MiB)`,
        baseline: median(parseMs),
        goal: "≤ 1.0×",
        goalMet: median(shapeMs) <= median(parseMs),
      },
      {
        scenario,
        measure: "extra heap while shaping (spilled array and garbage)",
        unit: "MB",
        value: shapingPeakExtra / 1e6,
        baselineLabel: "the parsed payload's size on the heap",
        baseline: parsedBytes / 1e6,
        goal: "≤ 1×",
        goalMet: shapingPeakExtra <= parsedBytes,
      },
    ],
  };
}

/**
 * 5. Pacing: 120 unique queries under the default 40/minute pacing, the simulator limiting at 40/minute too, on
 * simulated time (the engine's clock and the simulator's `now` are one WarpClock; waits are skipped, requests and
 * their latency run in real time). The theoretical minimum: 40 sends per rolling minute, so the last window's
 * sends start after (ceil(n/40) - 1) minutes and take ceil(its sends / concurrency) latencies.
 */
export async function pacing(
  ctx: Pick<BenchContext, "latencyMs">,
  count = 120,
  perMinute = 40,
): Promise<ScenarioResult> {
  const notes: string[] = [];
  const clock = new WarpClock();
  const sim = await startSimulator({
    port: 0,
    secret: BENCH_SECRET,
    latencyMs: ctx.latencyMs,
    rateLimitPerMinute: perMinute,
    now: () => clock.now(),
    staticDir: false,
  });
  try {
    const engine = createEngine({
      store: storeFor(sim),
      clock,
      fetch: clock.wrapFetch(fetch),
      concurrency: CONCURRENCY,
    });
    configureRunner({ engine: () => engine, settleWithinMs: 600_000 });
    const queries: Query[] = Array.from({ length: count }, (_, i) => ({
      code: "keyword_research_trends",
      params: { marketplace: "US", keyword: `pacing keyword ${i + 1}` },
    }));
    const started = clock.now();
    const evaluation = await evaluateCells(cellsOf(queries, 1));
    const simulatedMs = clock.now() - started;
    clock.stop();
    noteErrors(notes, "pacing", evaluation);
    const stats = sim.stats();
    const visitMax = stats.byResult.ERROR_VISIT_MAX ?? 0;
    const fullWindows = Math.ceil(count / perMinute) - 1;
    const minimumMs = fullWindows * 60_000 + Math.ceil((count - fullWindows * perMinute) / CONCURRENCY) * ctx.latencyMs;
    const scenario = `5. Pacing (${count} unique queries, ${perMinute}/min pacing, simulator limit ${perMinute}/min, simulated time)`;
    return {
      notes,
      measures: [
        {
          scenario,
          measure: "ERROR_VISIT_MAX answers",
          unit: "count",
          value: visitMax,
          baselineLabel: "requests sent",
          baseline: stats.total,
          goal: "0",
          goalMet: visitMax === 0,
        },
        {
          scenario,
          measure: "cells settled with data",
          unit: "count",
          value: evaluation.ok,
          baselineLabel: "cells",
          baseline: count,
          goal: `${count}`,
          goalMet: evaluation.ok === count,
        },
        {
          scenario,
          measure: "simulated wall time",
          unit: "ms",
          value: simulatedMs,
          baselineLabel: "theoretical minimum",
          baseline: minimumMs,
        },
      ],
    };
  } finally {
    clock.stop();
    await sim.stop();
  }
}

/**
 * 7. Recalculation after one input cell changes: the storm's workbook, warm, where the keyword of one query (the
 * input cell its 20 formula cells refer to) is edited, then all 1,000 cells are evaluated again (more than Excel
 * recalculates: only the dependents would be). Baseline: the cold first open of scenario 1.
 */
export async function inputChange(ctx: BenchContext, storm: StormOutcome): Promise<ScenarioResult> {
  const notes: string[] = [];
  const changed = storm.cells.map((cell) =>
    cell.query === storm.cells[0].query
      ? { ...cell, query: { ...cell.query, params: { ...cell.query.params, keyword: "yoga mat thick" } } }
      : cell,
  );
  engineFor(storm.store);
  const again = await callsDuring(ctx.sim, () => evaluateCells(changed));
  noteErrors(notes, "input change", again.value);
  const scenario = `7. Recalculation after one input cell changes (${changed.length} cells, 1 query changed)`;
  const baselineLabel = "cold first open";
  return {
    notes,
    measures: [
      {
        scenario,
        measure: "HTTP calls",
        unit: "calls",
        value: again.calls,
        baselineLabel,
        baseline: stormCalls(storm),
        goal: "1",
        goalMet: again.calls === 1,
      },
      { scenario, measure: "wall time", unit: "ms", value: again.ms, baselineLabel, baseline: storm.firstOpenMs },
    ],
  };
}
