/**
 * Watching many products costs what the service allows: MAD.PRODUCT cells and MAD.PRODUCTS lists, run through the
 * real generated wrappers as Excel runs them, against the simulator over real HTTP, counting the requests it
 * receives. 200 cards recalculated together take at most 5 calls (6 over two evaluation waves); each cell shows its
 * own product, never a neighbour's; an ASIN the service does not know is #N/A saying so; a failed batch fails only
 * its own cells, and its retry is that batch again; a refused secret or a spent month stops every batch at once.
 */
import fc from "fast-check";
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { setLocale } from "../../src/i18n/locale";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "lookups0simulator0000000000000abc";
const sim = useSimulator({ secret: SECRET });

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

const asin = (i: number) => `B0${String(i).padStart(8, "0")}`;
const UNKNOWN = "B0ZZZZ0001";
const lookups = () => sim.stats().byOperation.competitor_lookup ?? 0;
/** A card's labelled row (no data types here): its ASIN column. */
const cardAsin = (value: unknown[][] | undefined) => value?.[1]?.[value[0].indexOf("ASIN")];
const invokeCard = (a: string, i: number) =>
  shim.invoke("PRODUCT", ["US", a, null], { address: `Sheet1!A${i + 1}` }).outcome;
const products = (asins: unknown, fields: unknown = null) =>
  shim.invoke("PRODUCTS", ["US", asins, fields, null], { address: "Sheet1!C1" }).outcome;

beforeEach(() => {
  harness(shim, sim.service);
  configureRunner({ entities: () => null });
});

test("200 MAD.PRODUCT cells over 200 ASINs, recalculated together: at most 5 calls, each cell its own product", async () => {
  const asins = Array.from({ length: 200 }, (_, i) => asin(1000 + i));
  const outcomes = await Promise.all(asins.map(invokeCard));
  expect(outcomes.map((o) => o.error)).toEqual(asins.map(() => undefined));
  expect(outcomes.map((o) => cardAsin(o.value))).toEqual(asins);
  expect(lookups()).toBeLessThanOrEqual(5);
  expect(sim.stats().total).toBe(lookups());
});

test("over two evaluation waves: at most 6 calls", async () => {
  const asins = Array.from({ length: 200 }, (_, i) => asin(2000 + i));
  const first = asins.slice(0, 100).map(invokeCard);
  // The second wave starts once the first one's batches have gone out.
  while (lookups() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const second = asins.slice(100).map((a, i) => invokeCard(a, 100 + i));
  const outcomes = await Promise.all([...first, ...second]);
  expect(outcomes.map((o) => cardAsin(o.value))).toEqual(asins);
  expect(lookups()).toBeLessThanOrEqual(6);
});

test("40 cells with repeated and unknown ASINs: one call; repeats identical; the unknown one #N/A saying so", async () => {
  const distinct = Array.from({ length: 25 }, (_, i) => asin(3000 + i));
  const asked = Array.from({ length: 40 }, (_, i) => (i % 13 === 5 ? UNKNOWN : distinct[(i * 7) % 25]));
  const outcomes = await Promise.all(asked.map(invokeCard));
  expect(lookups()).toBe(1);
  outcomes.forEach((o, i) => {
    if (asked[i] === UNKNOWN)
      expect(o.error).toEqual({
        code: "#N/A",
        message: expect.stringMatching(/^B0ZZZZ0001 was not found in marketplace US\. /),
      });
    else expect(cardAsin(o.value)).toBe(asked[i]);
  });
  const again = outcomes.filter((_, i) => asked[i] === distinct[0]).map((o) => o.value);
  expect(new Set(again.map((v) => JSON.stringify(v))).size).toBe(1);
});

test("MAD.PRODUCTS: a row per value in order; blanks, repeats, non-ASINs and unknowns; ⌈N/40⌉ calls", async () => {
  const column = [[asin(4001)], [""], [asin(4002)], ["nope"], [asin(4001)], [UNKNOWN], [0], ["b0" + "00004003"]];
  const { value, error } = await products(column, "asin, title, price");
  expect(error).toBeUndefined();
  expect(value![0]).toEqual(["asin", "title", "price"]);
  expect(value!.slice(1).map((row) => row[0])).toEqual([
    asin(4001),
    "",
    asin(4002),
    // Errors Excel's IFERROR and ISNA see, with their messages (issue 45).
    expect.objectContaining({ code: "#VALUE!", message: expect.stringMatching(/^"nope" is not an ASIN/) }),
    asin(4001),
    expect.objectContaining({
      code: "#N/A",
      message: expect.stringMatching(/^B0ZZZZ0001 was not found in marketplace US/),
    }),
    "",
    asin(4003),
  ]);
  expect(value![2]).toEqual(["", "", ""]);
  expect(value![1]).toEqual(value![5]);
  expect(lookups()).toBe(1);
  const many = Array.from({ length: 130 }, (_, i) => [asin(5000 + i)]);
  sim.resetStats();
  const rows = (await products(many, "asin")).value!;
  expect(rows.slice(1).map((row) => row[0])).toEqual(many.map((row) => row[0]));
  expect(lookups()).toBe(4);
});

test("MAD.PRODUCTS: more than 2,000 values is #VALUE! naming the limit, and nothing is sent", async () => {
  const tooMany = Array.from({ length: 2001 }, (_, i) => [asin(i)]);
  expect((await products(tooMany)).error).toEqual({
    code: "#VALUE!",
    message: "asins: at most 2000 ASINs (got 2001)",
  });
  expect((await products([["nope"], [""]])).error).toEqual({
    code: "#VALUE!",
    message: expect.stringMatching(/^asins: "nope" is not an ASIN/),
  });
  expect(sim.stats().total).toBe(0);
});

test("a failed batch fails only its cells with #N/A; a retry sends that batch again, not each ASIN", async () => {
  sim.injectFault({ match: { operation: "competitor_lookup" }, times: 1, fault: { type: "http", status: 500 } });
  const asins = Array.from({ length: 80 }, (_, i) => asin(6000 + i));
  const outcomes = await Promise.all(asins.map(invokeCard));
  const failed = outcomes.filter((o) => o.error);
  expect(failed).toHaveLength(40);
  expect(failed.every((o) => o.error!.code === "#N/A")).toBe(true);
  expect(outcomes.filter((o) => o.value).map((o) => cardAsin(o.value))).toEqual(
    asins.filter((_, i) => !outcomes[i].error),
  );
  expect(lookups()).toBe(2);

  sim.resetStats();
  harness(shim, sim.service, { client: { retries: 1, backoff: { baseMs: 1, maxMs: 1 } } });
  configureRunner({ entities: () => null });
  sim.injectFault({ match: { operation: "competitor_lookup" }, times: 1, fault: { type: "http", status: 500 } });
  const retried = await Promise.all(asins.map(invokeCard));
  expect(retried.map((o) => cardAsin(o.value))).toEqual(asins);
  expect(lookups()).toBe(3);
});

test("a refused secret stops every batch at once: one call for 200 cells", async () => {
  harness(shim, sim.service, { secret: "wrong0secret0000000000000000000ab" });
  const asins = Array.from({ length: 200 }, (_, i) => asin(7000 + i));
  const outcomes = await Promise.all(asins.map(invokeCard));
  expect(outcomes.every((o) => o.error?.code === "#N/A")).toBe(true);
  expect(lookups()).toBe(1);
});

test("property: MAD.PRODUCTS over shuffled, repeated and unknown ASINs shows each row's own product", async () => {
  const pool = [...Array.from({ length: 50 }, (_, i) => asin(8000 + i)), UNKNOWN];
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 60 }), async (asked) => {
      const rows = (
        await products(
          asked.map((a) => [a]),
          "asin, title",
        )
      ).value!.slice(1);
      asked.forEach((a, i) => {
        if (a === UNKNOWN)
          expect(rows[i][0]).toMatchObject({ code: "#N/A", message: expect.stringMatching(/was not found/) });
        else expect(rows[i][0]).toBe(a);
      });
    }),
    { numRuns: 15 },
  );
});

describe("a spent month", () => {
  const spent = useSimulator({ secret: SECRET, monthlyQuota: 0 });

  test("stops every batch at once: one call for 200 cells, each #N/A saying the month's calls are used", async () => {
    harness(shim, spent.service);
    configureRunner({ entities: () => null });
    const asins = Array.from({ length: 200 }, (_, i) => asin(9000 + i));
    const outcomes = await Promise.all(asins.map(invokeCard));
    expect(outcomes.every((o) => o.error?.code === "#N/A")).toBe(true);
    expect(outcomes.every((o) => /monthly call quota is used up/.test(o.error?.message ?? ""))).toBe(true);
    expect(spent.stats().byOperation.competitor_lookup).toBe(1);
  });
});

describe("in Chinese", () => {
  afterEach(() => setLocale("en"));

  test("an ASIN the service does not know says so in the reader's language, in a card and in a row", async () => {
    await setLocale("zh-CN");
    const card = await invokeCard(UNKNOWN, 0);
    expect(card.error).toEqual({ code: "#N/A", message: expect.stringMatching(/^在 US 站点未找到 B0ZZZZ0001。/) });
    const rows = (await products([[UNKNOWN], [asin(9500)]], "asin")).value!;
    expect(rows[1][0]).toMatchObject({ code: "#N/A", message: "在 US 站点未找到 B0ZZZZ0001" });
    expect((await invokeCardDetails(asin(9500), "weight")).error?.message).toMatch(/不是 MAD.PRODUCT 能添加的详情/);
  });
});

const invokeCardDetails = (a: string, details: unknown) =>
  shim.invoke("PRODUCT", ["US", a, details], { address: "Sheet1!B1" }).outcome;
