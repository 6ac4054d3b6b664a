/** `=MAD.CATEGORIES(market, keyword)` against the simulator over real HTTP: it spills categories with their node path. */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
const sim = useSimulator({ secret: SECRET });
const service = sim.service;

afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

test('=MAD.CATEGORIES("US","yoga") spills the yoga categories with their nodeIdPath, from one GET', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("product_node", { market: "US", positional: ["yoga"] }, { address: "Sheet1!A1" });
  expect(outcome.error).toBeUndefined();
  const [header, ...rows] = outcome.value!;
  expect(header).toEqual(["nodeIdPath", "nodeLabelPath", "products", "nodeLabelLocale", "nodeLabelPathLocale"]);
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) expect(String(row[1])).toMatch(/Yoga/);
  expect(rows).toContainEqual([
    "3375251:3407731:3422251:3422301",
    "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
    expect.any(Number),
    "瑜伽垫",
    "运动户外:健身器材:瑜伽:瑜伽垫",
  ]);
  expect(sim.requests).toEqual([expect.stringMatching(/^GET \/v1\/product\/node -> OK/)]);
});

test('=MAD.CATEGORIES("US","") lists the top-level categories', async () => {
  const h = harness(shim, service);
  const outcome = await h.run("product_node", { market: "US", positional: [""] }, { address: "Sheet1!C1" });
  expect(outcome.error).toBeUndefined();
  const ids = outcome.value!.slice(1).map((row) => String(row[0]));
  expect(ids).toContain("3375251");
  for (const id of ids) expect(id).toMatch(/^\d+$/);
});
