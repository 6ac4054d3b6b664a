/**
 * MAD.PRODUCT against the simulator over real HTTP, both ways Excel may take it: where custom functions return
 * data types (CustomFunctionsRuntime 1.4, asked at run time) the cell holds an entity value in Microsoft's shape
 * (typed properties, a web image, a card layout); elsewhere the same facts spill as one labelled row. Either way
 * it is one sales-trend call, shared with MAD.SALESTREND of the same product.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { entitiesSupported } from "../../src/functions/entity-support";
import { forgetDataTypeVerdict, noteDataTypesRefused, type CardNumbers } from "../../src/table/data-type-support";
import { productCard, productFactsOf } from "../../src/table/product-card";
import { configureRunner } from "../../src/functions/runner";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "product0card00000000000000000abcd";
const sim = useSimulator({ secret: SECRET });
const service = sim.service;

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

type Json = Record<string, unknown>;
const salesTrend = async (asin: string) => {
  const reply = await fetch(`${sim.url}/v1/asin/US/${asin}/sales-trend`, { headers: { "secret-key": SECRET } });
  return ((await reply.json()) as { data: { asin: Json; salesTrendPoints: Json[] } }).data;
};
const card = (entities: CardNumbers | null, asin = "B07Z82895W") => {
  const h = harness(shim, service);
  configureRunner({ entities: () => entities });
  return shim.invoke("PRODUCT", ["US", asin]).outcome.then((o) => ({ ...o, h }));
};

test("with data types: one entity value, its properties typed, its card titled with an image", async () => {
  const { value, error } = await card("double");
  expect(error).toBeUndefined();
  expect(value).toHaveLength(1);
  expect(value![0]).toHaveLength(1);
  const entity = value![0][0] as unknown as Json & { properties: Record<string, Json>; layouts: Json };
  const answer = await salesTrend("B07Z82895W");
  const detail = answer.asin;
  const lastMonth = answer.salesTrendPoints.at(-1)!;
  expect(entity.type).toBe("Entity");
  expect(entity.text).toBe(String(detail.title).slice(0, 100));
  expect(entity.properties.Price).toEqual({ type: "Double", basicValue: detail.price, numberFormat: "$#,##0.00" });
  expect(entity.properties.BSR).toEqual({ type: "Double", basicValue: detail.bsrRank, numberFormat: "#,##0" });
  expect(entity.properties.Category).toEqual({ type: "String", basicValue: detail.bsrLabel });
  expect(entity.properties["Monthly units"]).toMatchObject({ basicValue: lastMonth.childUnitSales });
  expect(entity.properties.Image).toEqual({ type: "WebImage", address: detail.zoomImageUrl, altText: detail.title });
  expect(entity.properties.Listing).toEqual({ type: "String", basicValue: "https://www.amazon.com/dp/B07Z82895W" });
  // The listing day as an Excel date: the service's midnight China time read on its calendar day.
  const listed = entity.properties["Listed on"];
  expect(listed.numberFormat).toBe("yyyy-mm-dd");
  expect(listed.basicValue).toBe(Math.floor(((detail.availableDate as number) + 8 * 3_600_000) / 86_400_000) + 25569);
  expect(entity.layouts).toMatchObject({
    card: { title: { property: "Title" }, mainImage: { property: "Image" } },
  });
  const sections = (entity.layouts.card as { sections: { properties: string[] }[] }).sections;
  expect(sections.flatMap((s) => s.properties).sort()).toEqual(
    Object.keys(entity.properties)
      .filter((p) => p !== "Title" && p !== "Image")
      .sort(),
  );
});

test("without data types: the same facts as one labelled row", async () => {
  const { value, error } = await card(null);
  expect(error).toBeUndefined();
  const [header, row] = value!;
  expect(value).toHaveLength(2);
  expect(header.slice(0, 4)).toEqual(["Title", "Price", "BSR", "Category"]);
  expect(header.at(-1)).toBe("Image");
  const detail = (await salesTrend("B07Z82895W")).asin;
  const at = (name: string) => row[header.indexOf(name)];
  expect(at("Price")).toBe(detail.price);
  expect(at("ASIN")).toBe("B07Z82895W");
  expect(at("Image")).toBe(detail.zoomImageUrl);
  expect(Number.isInteger(at("Listed on"))).toBe(true);
});

test("a card and the sales trend of one product share one call", async () => {
  const { h } = await card("double", "B0DXTMS9NF");
  const trend = await h.run("asin_sales_trend", { positional: ["B0DXTMS9NF"] });
  expect(trend.error).toBeUndefined();
  expect(sim.stats().byOperation.asin_sales_trend).toBe(1);
});

test("a product the service does not know: No rows, not a made-up card", async () => {
  expect((await card("double", "B0ZZZZ0000")).value).toEqual([["No rows"]]);
});

test("data types are asked for at run time: CustomFunctionsRuntime 1.4, numbers by ExcelApi 1.19, a refusal overrules", () => {
  const global = globalThis as { Office?: unknown };
  const had = global.Office;
  const officeWith = (sets: Record<string, string>) => ({
    context: {
      requirements: {
        isSetSupported: (name: string, v = "1.1") => name in sets && Number(v) <= Number(sets[name]),
      },
    },
  });
  try {
    global.Office = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.20" });
    expect(entitiesSupported()).toBe("double");
    global.Office = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.18" });
    expect(entitiesSupported()).toBe("formattedNumber");
    // Retail perpetual Office claims the sets (office-js #3504, #4750): a refusal the pane met overrules them.
    noteDataTypesRefused();
    expect(entitiesSupported()).toBeNull();
    forgetDataTypeVerdict();
    global.Office = officeWith({ CustomFunctionsRuntime: "1.3", ExcelApi: "1.20" });
    expect(entitiesSupported()).toBeNull();
    global.Office = {
      context: {
        requirements: {
          isSetSupported: () => {
            throw new Error("not ready");
          },
        },
      },
    };
    expect(entitiesSupported()).toBeNull();
    global.Office = undefined;
    expect(entitiesSupported()).toBeNull();
  } finally {
    global.Office = had;
    forgetDataTypeVerdict();
  }
});

const FACTS = productFactsOf(
  { asin: "B0TESTASIN", title: "Mat", price: 24.99, availableDate: 1_689_350_400_000, imageUrl: "https://x/i.jpg" },
  "DE",
)!;

test("below ExcelApi 1.19 a card's price and listing day are FormattedNumbers, from 1.19 Doubles, same formats", () => {
  const [older, newer] = (["formattedNumber", "double"] as const).map((numbers) => productCard(FACTS, numbers));
  expect(older.properties.Price).toEqual({ type: "FormattedNumber", basicValue: 24.99, numberFormat: "#,##0.00 €" });
  expect(newer.properties.Price).toEqual({ type: "Double", basicValue: 24.99, numberFormat: "#,##0.00 €" });
  expect(older.properties["Listed on"]).toMatchObject({ type: "FormattedNumber", numberFormat: "yyyy-mm-dd" });
  expect(newer.properties["Listed on"]).toMatchObject({ type: "Double", numberFormat: "yyyy-mm-dd" });
  // Microsoft's shape at compile time: both forms are an Excel.EntityCellValue.
  const typed: Excel.EntityCellValue[] = [older, newer];
  expect(typed).toHaveLength(2);
});

test("a card holds only JSON Excel on the web takes: https pictures, no section without properties (#5794)", () => {
  const plain = productCard(productFactsOf({ asin: "B0TESTASIN", imageUrl: "http://x/i.jpg" }, "US")!, "double");
  expect(plain.properties.Image).toBeUndefined();
  expect(plain.layouts.card.mainImage).toBeUndefined();
  const sections = plain.layouts.card.sections;
  expect(sections.every((section) => section.layout === "List" && section.properties.length > 0)).toBe(true);
  expect(sections.flatMap((section) => section.properties)).toEqual(["ASIN", "Marketplace", "Listing"]);
  expect(productCard(FACTS, "double").properties.Image).toMatchObject({ type: "WebImage", address: "https://x/i.jpg" });
});
