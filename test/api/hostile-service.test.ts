/**
 * A hostile or broken service: too many rows for a page are not all kept, a value nested beyond any stack is a
 * malformed answer (not "Could not reach the service"), and the engine settles both the same way.
 */
import { clockFrom } from "../../src/lib/clock";
import { createTypedClient as createClient } from "../support/operation-methods";
import { MalformedResponseError } from "../../src/api/errors";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { VirtualClock } from "../support/virtual-clock";
import { fakeFetch, ok, text } from "./support/fake-fetch";
import { NOW } from "./support/typical";

const SECRET = "0123456789abcdef0123456789abcdef";
const DEPTH = 200_000;
const deeplyNested = (): string => `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;
/** A JSON envelope whose one record holds a value nested DEPTH levels deep. */
const deepAnswer = () =>
  text(`{"code":"OK","message":"","data":{"total":1,"items":[{"asin":"B000000001","title":${deeplyNested()}}]}}`, 200, {
    "content-type": "application/json",
  });

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ asin: `B0${String(i).padStart(8, "0")}` }));

test("200,000 rows answered for a 50-row page: only 50 are kept", async () => {
  const fake = fakeFetch(ok({ total: 200_000, items: items(200_000) }));
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    clock: clockFrom(NOW),
  });
  const result = await client.productResearch({ marketplace: "US", size: 50 });
  expect(result.rows).toHaveLength(50);
  const byDefault = await client.productResearch({ marketplace: "US" });
  expect(byDefault.rows.length).toBeLessThanOrEqual(200);
});

test("a 200,000-deep nested value is a malformed answer, not a network failure", async () => {
  const fake = fakeFetch(deepAnswer());
  const client = createClient({
    baseUrl: "https://api.example.test",
    secret: SECRET,
    fetch: fake.fetch,
    clock: clockFrom(NOW),
  });
  const error = await client.productResearch({ marketplace: "US", size: 50 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MalformedResponseError);
  expect((error as Error).message).not.toMatch(/Could not reach/);
  expect(fake.calls).toHaveLength(1);
});

test("through the engine, the deep answer settles as a malformed answer too", async () => {
  const fake = fakeFetch(deepAnswer());
  const engine = createEngine({
    store: memoryStore({ "mad.secret": SECRET, "mad.baseUrl": "https://api.example.test" }),
    clock: new VirtualClock(),
    fetch: fake.fetch,
  });
  const error = await engine.query("product_research", { marketplace: "US" }, { limit: 10 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MalformedResponseError);
});
