/**
 * MAD.PRODUCT against the simulator over real HTTP, both ways Excel may take it: where custom functions return
 * data types (CustomFunctionsRuntime 1.4, asked at run time) the cell holds an entity value in Microsoft's shape
 * (typed properties, a web image, a card layout); elsewhere the same facts spill as one labelled row. Either way
 * its facts are competitor lookup's answer for its ASIN (batched with the other cards asked at the same moment);
 * the details' facts (bullet points, variants) cost one more call, only when asked for.
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
/** The product as competitor lookup answers it for its ASIN (what the card reads). */
const lookedUp = async (asin: string) => {
  const reply = await fetch(`${sim.url}/v1/product/competitor-lookup`, {
    method: "POST",
    headers: { "secret-key": SECRET, "content-type": "application/json" },
    body: JSON.stringify({ marketplace: "US", asins: [asin], variation: "N" }),
  });
  return ((await reply.json()) as { data: { items: Json[] } }).data.items[0];
};
const card = (entities: CardNumbers | null, asin = "B07Z82895W", details: unknown = null) => {
  const h = harness(shim, service);
  configureRunner({ entities: () => entities });
  return shim.invoke("PRODUCT", ["US", asin, details]).outcome.then((o) => ({ ...o, h }));
};

test("with data types: one entity value, its properties typed, its card titled with an image", async () => {
  const { value, error } = await card("double");
  expect(error).toBeUndefined();
  expect(value).toHaveLength(1);
  expect(value![0]).toHaveLength(1);
  const entity = value![0][0] as unknown as Json & { properties: Record<string, Json>; layouts: Json };
  const item = await lookedUp("B07Z82895W");
  expect(entity.type).toBe("Entity");
  expect(entity.text).toBe(String(item.title).slice(0, 100));
  expect(entity.properties.Price).toEqual({ type: "Double", basicValue: item.price, numberFormat: "$#,##0.00" });
  expect(entity.properties.BSR).toEqual({ type: "Double", basicValue: item.bsr, numberFormat: "#,##0" });
  expect(entity.properties.Category).toEqual({ type: "String", basicValue: String(item.nodeLabelPath).split(":")[0] });
  // The last 30 days' units of this variant (the service's amzUnit), not the parent's.
  expect(entity.properties["Monthly units"]).toMatchObject({ basicValue: item.amzUnit });
  expect(entity.properties.Image).toEqual({ type: "WebImage", address: item.imageUrl, altText: item.title });
  expect(entity.properties.Listing).toEqual({ type: "String", basicValue: "https://www.amazon.com/dp/B07Z82895W" });
  // The listing day as an Excel date: the service's midnight China time read on its calendar day.
  const listed = entity.properties["Listed on"];
  expect(listed.numberFormat).toBe("yyyy-mm-dd");
  expect(listed.basicValue).toBe(Math.floor(((item.availableDate as number) + 8 * 3_600_000) / 86_400_000) + 25569);
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
  const item = await lookedUp("B07Z82895W");
  const at = (name: string) => row[header.indexOf(name)];
  expect(at("Price")).toBe(item.price);
  expect(at("ASIN")).toBe("B07Z82895W");
  expect(at("Image")).toBe(item.imageUrl);
  expect(Number.isInteger(at("Listed on"))).toBe(true);
  // No details asked for: none of their columns.
  expect(header).not.toContain("Bullet points");
});

test("a card costs one competitor lookup; its details' facts one more call, only when named", async () => {
  const { value } = await card(null, "B0DXTMS9NF");
  expect(value![0]).not.toContain("Variants");
  expect(sim.stats().byOperation).toEqual({ competitor_lookup: 1 });
  const withDetails = await card(null, "B0DXTMS9NF", [["bullet points"], ["Variants"]]);
  const [header, row] = withDetails.value!;
  expect(header.slice(-3)).toEqual(["Bullet points", "Variants", "Image"]);
  const details = await (await fetch(`${sim.url}/v1/asin/US/B0DXTMS9NF`, { headers: { "secret-key": SECRET } })).json();
  const features = (details as { data: { features: string[] } }).data.features;
  expect(row[header.indexOf("Bullet points")]).toBe(features.join("\n"));
  expect(row[header.indexOf("Variants")]).toMatch(/^B0DXTMS9NF \(/);
  expect(sim.stats().byOperation).toEqual({ competitor_lookup: 2, asin_detail: 2 });
  expect((await card(null, "B0DXTMS9NF", "weight")).error).toEqual({
    code: "#VALUE!",
    message: 'details: "weight" is not a detail MAD.PRODUCT adds; it adds Bullet points, Variants',
  });
});

test("a product the service does not know: #N/A saying so, not a made-up card", async () => {
  expect((await card("double", "B0ZZZZ0000")).error).toEqual({
    code: "#N/A",
    message:
      "B0ZZZZ0000 was not found in marketplace US. Check the ASIN and the market: the service has no product by that id there.",
  });
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
