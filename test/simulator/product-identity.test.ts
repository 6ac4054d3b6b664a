/**
 * One ASIN is one product in every operation of the simulator (issue 46: B0VIWYLLVO was a yoga mat in product
 * research and a hiking backpack in MAD.PRODUCTS, the card and Product watch): a product a list shows is the same
 * product, with its title, brand, category and picture, in competitor lookup (MAD.PRODUCTS, Product watch), the
 * details a card reads, its price history and its sales; and a well-formed ASIN the simulator does not know is
 * unknown everywhere. Over real HTTP, as the add-in asks.
 */
import type { RunningSimulator } from "../../src/simulator";
import { send, start, type Rec } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const data = async (path: string, params: Rec) => {
  const reply = await send(sim.url, path, { marketplace: "US", ...params });
  expect(reply.body.code).toBe("OK");
  return reply.body.data as Rec | Rec[] | null;
};
const items = async (path: string, params: Rec) => ((await data(path, params)) as { items: Rec[] }).items;
const detail = (asin: string) => data("/v1/asin/{marketplace}/{asin}", { asin }) as Promise<Rec | null>;
const lookup = (asins: string[]) => items("/v1/product/competitor-lookup", { asins, size: 100 });

test("a product product research shows is the same product in the lookup, the card's details and its history", async () => {
  const research = (await items("/v1/product/research", { keyword: "yoga mat", size: 10 })).slice(0, 5);
  expect(research).toHaveLength(5);
  const watched = new Map((await lookup(research.map((r) => String(r.asin)))).map((r) => [r.asin, r]));
  expect([...watched.keys()].sort()).toEqual(research.map((r) => r.asin).sort());
  for (const row of research) {
    const asin = String(row.asin);
    expect(String(row.title)).toMatch(/Yoga Mat/);
    const card = (await detail(asin))!;
    const keepa = (await data("/v1/keepa/{marketplace}/{asin}", { asin })) as Rec;
    for (const other of [watched.get(asin)!, card, keepa]) {
      expect([asin, other.title, other.brand]).toEqual([asin, row.title, row.brand]);
      expect(String(other.nodeIdPath ?? row.nodeIdPath)).toBe(String(row.nodeIdPath));
    }
    expect(card.imageUrl).toBe(row.imageUrl);
  }
});

test("products other lists show (a market's buckets, a niche's top products) are known products of that category", async () => {
  const buckets = (await data("/v1/market/ratings", { nodeIdPath: "1055398:1063236" })) as Rec[];
  const inBuckets = buckets.flatMap((b) => (b.asins as string[]) ?? []).slice(0, 5);
  expect(inBuckets.length).toBeGreaterThan(0);
  for (const asin of inBuckets) expect(String((await detail(asin))?.nodeIdPath)).toMatch(/^1055398:1063236/);
  const niches = await items("/v1/market/research", { nodeIdPath: "1055398:1063236", size: 5 });
  const top = (niches[0].top10Images as Rec[])[0];
  const card = (await detail(String(top.asin)))!;
  expect(card.imageUrl).toBe(top.image);
});

test("a well-formed ASIN the simulator does not know is unknown everywhere", async () => {
  for (const asin of ["B0VIWYLLVO", "B0ABCDEFGH", "B07Z82895X"]) {
    expect(await detail(asin)).toBeNull();
    expect(await data("/v1/keepa/{marketplace}/{asin}", { asin })).toBeNull();
    expect(await data("/v1/sales/prediction/asin", { asin })).toBeNull();
    expect(await lookup([asin])).toEqual([]);
    expect(((await data("/v1/traffic/keyword", { asin, size: 10 })) as { total: number }).total).toBe(0);
  }
  // Known ones stay known: the docs' examples and the numbered products tests use by the hundred.
  expect(await detail("B07Z82895W")).not.toBeNull();
  expect(await detail("B000000042")).not.toBeNull();
});
