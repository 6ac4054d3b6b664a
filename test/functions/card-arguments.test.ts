/**
 * A product card where an ASIN is expected, the way STOCKHISTORY takes a Stocks card: every MAD argument is `any`
 * and functions.json sets allowCustomDataForDataTypeAny, so a card cell arrives as its entity JSON
 * (custom-functions-data-types-concepts). The one reader (src/api/kinds/read.ts) takes its ASIN in a positional
 * argument, in a filter's row and in a range of cards; any other parameter given a card says which of its fields
 * would fit, or that none does. Before this, a card became "[object Object]" and the cell #VALUE!.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { operation } from "../../src/api/catalog";
import { ValidationError } from "../../src/api/errors";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { configureRunner } from "../../src/functions/runner";
import { productCard, productFactsOf } from "../../src/table/product-card";
import metadata from "../../src/functions/generated/functions-zh-CN.json";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "cardargs00000000000000000000abcd";
const sim = useSimulator({ secret: SECRET });

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

/** A card as Excel passes it: the entity value MAD.PRODUCT (or Insert as table) wrote. */
const cardOf = (asin: string, numbers: "double" | "formattedNumber" = "double") =>
  productCard(productFactsOf({ asin, title: `Mat ${asin}`, price: 19.99, brand: "Acme" }, "US")!, numbers);

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error("no error");
};

test("a card as the ASIN argument reads its ASIN", () => {
  const parsed = parseFormulaArgs(operation("asin_sales_trend"), { market: "US", positional: [cardOf("B0CARDASIN")] });
  expect(parsed.params.asin).toBe("B0CARDASIN");
});

test("a range of cards, and cards mixed with typed ASINs, read as a list of ASINs", () => {
  const cards = [[cardOf("B0CARD0001")], [cardOf("B0CARD0002", "formattedNumber")], ["B0TYPED003"], [null]];
  const parsed = parseFormulaArgs(operation("traffic_listing"), { market: "US", positional: [cards, "bab"] });
  expect(parsed.params.asinList).toEqual(["B0CARD0001", "B0CARD0002", "B0TYPED003"]);
});

test("cards in a filter's row read as ASINs (competitor lookup's asins, what MAD.PRODUCTS takes)", () => {
  const filters = [["asins", cardOf("B0CARD0001"), cardOf("B0CARD0002")]];
  const parsed = parseFormulaArgs(operation("competitor_lookup"), { market: "US", positional: [], filters });
  expect(parsed.params.asins).toEqual(["B0CARD0001", "B0CARD0002"]);
});

test("any other parameter given a card names the field that would fit, or says it has none", () => {
  const card = cardOf("B0CARDASIN");
  expect(problem(() => parseFormulaArgs(operation("asin_sales_trend"), { market: card, positional: ["B0X"] }))).toMatch(
    /market: takes a marketplace code such as US, not a product card; give its Marketplace field instead, e\.g\. =A2\.Marketplace/,
  );
  const filters = [["brand", card]];
  expect(
    problem(() => parseFormulaArgs(operation("competitor_lookup"), { market: "US", positional: [], filters })),
  ).toMatch(/brand \(in filters\): .*give its Brand field instead, e\.g\. =A2\.Brand/);
  expect(
    problem(() =>
      parseFormulaArgs(operation("competitor_lookup"), { market: "US", positional: [], filters: [["keyword", card]] }),
    ),
  ).toMatch(/keyword \(in filters\): takes text, not a product card, and a card has no field for it/);
  expect(
    problem(() =>
      parseFormulaArgs(operation("competitor_lookup"), { market: "US", positional: [], filters: [[card]] }),
    ),
  ).toMatch(/a filter's name is text, not a data type/);
});

test("a data type without an ASIN (another add-in's entity) where an ASIN goes: said so", () => {
  const stock = { type: "Entity", text: "Contoso", properties: { Price: { type: "Double", basicValue: 3 } } };
  expect(problem(() => parseFormulaArgs(operation("asin_sales_trend"), { market: "US", positional: [stock] }))).toMatch(
    /asin: this data type has no ASIN field/,
  );
});

test("a formatted number or text data type (=A2.Price in a cell) gives its value", () => {
  const price = { type: "FormattedNumber", basicValue: 10, numberFormat: "$#,##0.00" };
  const filters = [["minPrice", price]];
  const parsed = parseFormulaArgs(operation("product_research"), { market: "US", positional: [], filters });
  expect(parsed.params.minPrice).toBe(10);
  const market = parseFormulaArgs(operation("asin_sales_trend"), {
    market: { type: "String", basicValue: "US" },
    positional: ["B0TYPED003"],
  });
  expect(market.params.marketplace).toBe("US");
});

test("every MAD argument is `any` in the metadata, so a card reaches the reader (no typed string or number)", () => {
  const typed = metadata.functions.flatMap((f) =>
    (f.parameters ?? [])
      .filter((p) => p.type !== "any" && !["limit"].includes(p.name))
      .map((p) => `${f.id}.${p.name}: ${p.type}`),
  );
  expect(typed).toEqual([]);
});

test("MAD.SALESTREND given a card and given its ASIN is one call: the same request", async () => {
  const h = harness(shim, sim.service);
  const card = cardOf("B07Z82895W");
  const byCard = await h.run("asin_sales_trend", { positional: [card] });
  const byAsin = await h.run("asin_sales_trend", { positional: ["B07Z82895W"] });
  expect(byCard.error).toBeUndefined();
  expect(byCard.value).toEqual(byAsin.value);
  expect(sim.stats().byOperation.asin_sales_trend).toBe(1);
});
