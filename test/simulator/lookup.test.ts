/**
 * Competitor lookup by `asins` over real HTTP, as the service answers it: one item per listed ASIN it knows, in the
 * real response's shape and field types, the same product whatever else the list holds, nothing for an ASIN it does
 * not know, and the facts a watch reads agreeing with the product's details.
 */
import { RECORD_FIELDS } from "../../src/api/records";
import type { RunningSimulator } from "../../src/simulator";
import { post, send, start, typeProblems, type Rec } from "./helpers";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const PATH = "/v1/product/competitor-lookup";
const lookup = async (asins: string[], extra: Rec = {}) => {
  const reply = await post(sim.url, PATH, { marketplace: "US", asins, ...extra });
  expect(reply.body.code).toBe("OK");
  return reply.body.data as { total: number; items: Rec[]; page: number; size: number; order: Rec };
};

test("one item per known listed ASIN, with every documented field of its type; unknown ones left out", async () => {
  const data = await lookup(["B07Z82895W", "B0ZZZZ0001", "b0dgvp84b5", "B07Z82895W"], { size: 100 });
  expect(data.items.map((i) => i.asin).sort()).toEqual(["B07Z82895W", "B0DGVP84B5"]);
  expect(data.total).toBe(2);
  expect(data.items.flatMap((row) => typeProblems(row, RECORD_FIELDS.product))).toEqual([]);
  // The live response's names (amzUnit, badge.amazonChoice) and envelope, as the fixture shows them.
  expect(data.items[0]).toEqual(expect.objectContaining({ amzUnit: expect.any(Number), badge: expect.any(Object) }));
  expect(data).toEqual(expect.objectContaining({ page: 1, size: 100, order: expect.any(Object) }));
});

test("an ASIN reads the same in any grouping of the list, and as its details say", async () => {
  const alone = (await lookup(["B0DXTMS9NF"])).items[0];
  const grouped = (await lookup(["B08GHW4TBS", "B0DXTMS9NF", "B0C2PQ4DKQ"])).items.find((i) => i.asin === "B0DXTMS9NF");
  expect(grouped).toEqual(alone);
  const detail = (await send(sim.url, "/v1/asin/{marketplace}/{asin}", { marketplace: "US", asin: "B0DXTMS9NF" })).body
    .data as Rec;
  for (const field of ["title", "brand", "price", "rating", "ratings", "availableDate", "nodeIdPath"])
    expect([field, alone[field]]).toEqual([field, detail[field]]);
  expect(alone.bsr).toBe(detail.bsrRank);
});

test("a list of unknown ASINs only answers OK with no items", async () => {
  const data = await lookup(["B0ZZZZ0001", "B0ZZZZ0002"]);
  expect(data).toEqual(expect.objectContaining({ total: 0, items: [] }));
});
