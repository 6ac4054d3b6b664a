/**
 * The category lookup over real HTTP: GET with the parameters in the query, keyword search over the one category
 * tree the other operations use, node paths and their subcategories, and the method the live route takes.
 */
import { exampleRequests } from "../support/example-requests";
import { post, type Rec, rowsOf, send, start, T0 } from "./helpers";
import type { RunningSimulator } from "../../src/simulator";

const NODE = "/v1/product/node";
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.stop());

const nodes = async (params: Rec) => {
  const reply = await send(sim.url, NODE, params);
  expect(reply.body.code).toBe("OK");
  return rowsOf(reply.body.data);
};

test("a keyword finds the categories whose name path has its words, case-insensitively", async () => {
  const yoga = await nodes({ marketplace: "US", keyword: "yoga" });
  expect(yoga.map((n) => n.nodeLabelPath)).toEqual(
    expect.arrayContaining([
      "Sports & Outdoors:Fitness & Exercise Equipment:Yoga",
      "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
    ]),
  );
  for (const n of yoga) expect(String(n.nodeLabelPath)).toMatch(/yoga/i);
  const mats = yoga.find((n) => String(n.nodeLabelPath).endsWith(":Yoga:Mats"))!;
  expect(mats).toEqual({
    nodeIdPath: "3375251:3407731:3422251:3422301",
    nodeLabelPath: "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
    products: expect.any(Number),
    nodeLabelLocale: "瑜伽垫",
    nodeLabelPathLocale: "运动户外:健身器材:瑜伽:瑜伽垫",
  });
  expect(await nodes({ marketplace: "US", keyword: "YOGA" })).toEqual(yoga);
  const narrower = await nodes({ marketplace: "US", keyword: "yoga mat" });
  expect(narrower.map((n) => n.nodeIdPath)).toEqual([mats.nodeIdPath]);
  expect(await nodes({ marketplace: "US", keyword: "no such category anywhere" })).toEqual([]);
});

test("no keyword lists the top-level categories; a node path gives the node and its subcategories", async () => {
  const top = await nodes({ marketplace: "US" });
  expect(top.length).toBeGreaterThan(3);
  for (const n of top) expect(String(n.nodeIdPath)).not.toContain(":");
  const yoga = await nodes({ marketplace: "US", nodeIdPath: "3375251:3407731:3422251" });
  expect(yoga.map((n) => n.nodeIdPath).sort()).toEqual([
    "3375251:3407731:3422251",
    "3375251:3407731:3422251:3422301",
    "3375251:3407731:3422251:3422311",
    "3375251:3407731:3422251:3422321",
  ]);
  // A node counts at least the products of its subcategories.
  const parent = yoga.find((n) => n.nodeIdPath === "3375251:3407731:3422251")!;
  const children = yoga.filter((n) => n !== parent).reduce((sum, n) => sum + Number(n.products), 0);
  expect(Number(parent.products)).toBeGreaterThan(children);
  // A number is a node id.
  expect((await nodes({ marketplace: "US", keyword: "3422301" })).map((n) => n.nodeIdPath)).toEqual([
    "3375251:3407731:3422251:3422301",
  ]);
});

test("markets differ in product counts; the paths are the ones the category-market operations describe", async () => {
  const us = await nodes({ marketplace: "US", keyword: "bath rugs" });
  const de = await nodes({ marketplace: "DE", keyword: "bath rugs" });
  expect(us.map((n) => n.nodeIdPath)).toEqual(de.map((n) => n.nodeIdPath));
  expect(us[0].products).not.toEqual(de[0].products);
  const stats = await post(sim.url, "/v1/market/statistics", { marketplace: "US", nodeIdPath: us[0].nodeIdPath });
  expect(stats.body.data).toEqual(
    expect.objectContaining({ nodeIdPath: us[0].nodeIdPath, nodeLabelPath: us[0].nodeLabelPath }),
  );
});

test("like the live route, it answers GET only, and checks its parameters", async () => {
  const viaPost = await post(sim.url, NODE, exampleRequests(new Date(T0)).product_node);
  expect(viaPost.body.code).toBe("ERROR_URL_NOT_FOUND");
  const badMarket = await send(sim.url, NODE, { marketplace: "XX", keyword: "yoga" });
  expect(badMarket.body.code).toBe("ERROR_PARAM");
  const badPath = await send(sim.url, NODE, { marketplace: "US", nodeIdPath: "sports" });
  expect(badPath.body.code).toBe("ERROR_PARAM");
});
