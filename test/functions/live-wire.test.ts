/**
 * Formulas written with the live service's names and values (or the spec's) spill against the simulator, which
 * takes only the official names, as the live service does: a name it does not know changes nothing there, so each
 * test checks that the filter or the order really applied.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "0123456789abcdef0123456789abcdef";

const sim = useSimulator({ secret: SECRET });
const service = sim.service;
afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

const column = (table: unknown[][], name: string) => {
  const i = table[0].indexOf(name);
  expect(i).toBeGreaterThanOrEqual(0);
  return table.slice(1).map((row) => row[i]);
};

test('=MAD.PRODUCTRESEARCH("US","minAmzUnit=20") filters by child units; minPlatformUnit reuses the cached page', async () => {
  const h = harness(shim, service);
  const official = await h.run("product_research", { filters: "minAmzUnit=20" });
  expect(official.error).toBeUndefined();
  const units = column(official.value!, "platformUnit");
  expect(units.length).toBeGreaterThan(0);
  expect(units.every((u) => typeof u === "number" && u >= 20)).toBe(true);
  const unfiltered = await h.run("product_research", {});
  expect(column(unfiltered.value!, "platformUnit").some((u) => typeof u !== "number" || u < 20)).toBe(true);
  const calls = service.calls();
  const spec = await h.run("product_research", { filters: "minPlatformUnit=20" }, { address: "Sheet1!Z9" });
  expect(spec.value).toEqual(official.value);
  expect(service.calls()).toBe(calls);
});

test('=MAD.PRODUCTRESEARCH("UK","dimensionType=SB") spills UK products of that size tier', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("product_research", { market: "UK", filters: "dimensionType=SB" });
  expect(outcome.error).toBeUndefined();
  const tiers = column(outcome.value!, "dimensionsType");
  expect(tiers.length).toBeGreaterThan(0);
  expect(tiers.every((t) => t === "SB")).toBe(true);
});

test('=MAD.PRODUCTRESEARCH("US","fulfillment=PLT") spills products the marketplace sells itself (AMZ)', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("product_research", { filters: "fulfillment=PLT" });
  const fulfillment = column(outcome.value!, "fulfillment");
  expect(fulfillment.length).toBeGreaterThan(0);
  expect(new Set(fulfillment)).toEqual(new Set(["AMZ"]));
});

test('=MAD.KEYWORDMINER("US","yoga mat","amazonChoice=TRUE") keeps only choice words', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("keyword_miner", { positional: ["yoga mat"], filters: "amazonChoice=TRUE" });
  expect(outcome.error).toBeUndefined();
  const choice = column(outcome.value!, "platformChoice");
  expect(choice.length).toBeGreaterThan(0);
  expect(choice.every((c) => c === true)).toBe(true);
});

test('=MAD.TRAFFICEXTEND("US","B07Z82895W","order=searches desc") sorts by searches', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("traffic_extend", { positional: ["B07Z82895W"], filters: "order=searches desc" });
  expect(outcome.error).toBeUndefined();
  const searches = column(outcome.value!, "searches") as number[];
  expect(searches.length).toBeGreaterThan(1);
  expect([...searches].sort((a, b) => b - a)).toEqual(searches);
});

test('=MAD.KEYWORDCONVERSION("US","yoga mat",,,250) spills 250 rows from 3 calls', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("keyword_conversion", { positional: ["yoga mat"], limit: 250 });
  expect(outcome.error).toBeUndefined();
  expect(outcome.value).toHaveLength(251);
  expect(sim.stats().byOperation.keyword_conversion).toBe(3);
  // Three distinct pages, not the first one three times.
  const rows = outcome.value!.slice(1).map((row) => JSON.stringify(row));
  expect(new Set(rows).size).toBe(250);
});
