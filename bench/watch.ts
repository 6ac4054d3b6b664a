/**
 * 11. Watching many products: 200 MAD.PRODUCT cells over 200 distinct ASINs, evaluated at once through the real
 * wrappers, runner and engine (one recalculation) on a cold cache, against the one-call-per-ASIN baseline (the bare
 * client asking competitor lookup for each ASIN alone, as many at a time as the engine sends). HTTP calls are
 * counted by the simulator; the month's cost of a daily refresh is 30 times one refresh's calls.
 */
import { createClient } from "../src/api/client";
import { MAD_FUNCTIONS } from "../src/functions/generated/functions";
import {
  BENCH_SECRET,
  callsDuring,
  CONCURRENCY,
  engineFor,
  storeFor,
  type BenchContext,
  type ScenarioResult,
} from "./scenarios";
import type { Evaluation } from "./workbook";

export const WATCHED = 200;
const DAYS = 30;

const asins = () => Array.from({ length: WATCHED }, (_, i) => `B0${String(70_000 + i).padStart(8, "0")}`);

type Wrapper = (...args: unknown[]) => Promise<unknown[][]>;

/** The cards, all at once: each cell's outcome counted, its error message kept. */
async function cards(list: readonly string[]): Promise<Evaluation> {
  const errors = new Map<string, number>();
  let ok = 0;
  const product = MAD_FUNCTIONS.PRODUCT as unknown as Wrapper;
  await Promise.all(
    list.map(async (asin, i) => {
      const invocation = { address: `Sheet1!A${i + 1}`, functionName: "MAD.PRODUCT", isInValuePreview: false };
      try {
        await product("US", asin, null, invocation);
        ok++;
      } catch (error) {
        const message = (error as { message?: string }).message ?? String(error);
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }),
  );
  return { ok, errors, rows: ok };
}

/** The baseline: one request per ASIN, `CONCURRENCY` at a time, no batching, no cache. */
async function onePerAsin(ctx: BenchContext, list: readonly string[]): Promise<number> {
  const client = createClient({ baseUrl: ctx.sim.url, secret: BENCH_SECRET });
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next < list.length) {
      await client.call("competitor_lookup", { marketplace: "US", asins: [list[next++]], variation: "N" });
      ok++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ok;
}

export async function watchingProducts(ctx: BenchContext): Promise<ScenarioResult> {
  const notes: string[] = [];
  const list = asins();
  engineFor(storeFor(ctx.sim));
  const batched = await callsDuring(ctx.sim, () => cards(list));
  if (batched.value.errors.size) notes.push(`watch: ${[...batched.value.errors].map(([m, n]) => `${n}: ${m}`)}`);
  const naive = await callsDuring(ctx.sim, () => onePerAsin(ctx, list));
  const scenario = `11. ${WATCHED} ASIN cells, one recalculation (MAD.PRODUCT, cold cache)`;
  const baselineLabel = "one call per ASIN";
  const goal = Math.ceil(WATCHED / 40);
  return {
    notes,
    measures: [
      {
        scenario,
        measure: "HTTP calls",
        unit: "calls",
        value: batched.calls,
        baselineLabel,
        baseline: naive.calls,
        goal: `≤ ${goal}`,
        goalMet: batched.calls <= goal && batched.value.ok === WATCHED,
      },
      { scenario, measure: "wall time", unit: "ms", value: batched.ms, baselineLabel, baseline: naive.ms },
      {
        scenario,
        measure: `calls a month, refreshed daily (${DAYS} days)`,
        unit: "calls",
        value: batched.calls * DAYS,
        baselineLabel,
        baseline: naive.calls * DAYS,
      },
    ],
  };
}
