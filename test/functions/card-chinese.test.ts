/**
 * A product card speaks the reader's language (issue 46: a Chinese reader saw Price, BSR, Category…): its fields are
 * named in the language it is made in (`=A2.价格` in Chinese, `=A2.Price` in English, as Excel's own data types
 * name theirs), and so is the labelled row where Excel takes no card. MAD.PRODUCT's `details` takes the detail facts
 * by either name.
 */
import { setLocale } from "../../src/i18n/locale";
import { productCard, productRow, type ProductFacts } from "../../src/table/product-card";
import { LOOKUP_FUNCTIONS } from "../../src/api/catalog";
import { cardPlan } from "../../src/formula/lookup-plans";

afterEach(() => setLocale("en"));

const FACTS: ProductFacts = {
  asin: "B07Z82895W",
  marketplace: "US",
  title: "Anexac Yoga Mat",
  brand: "Anexac",
  imageUrl: "https://m.media-amazon.com/images/I/x.jpg",
  url: "https://www.amazon.com/dp/B07Z82895W",
  price: 24.99,
  bsr: 1234,
  category: "Sports & Outdoors",
  categoryPath: "Sports & Outdoors:Yoga",
  rating: 4.5,
  ratings: 321,
  monthlyUnits: 800,
  monthlyRevenue: 19992,
  listedAt: Date.UTC(2024, 0, 1) - 8 * 3_600_000,
};

test("in Chinese, the card's fields, its layout and the labelled row are named in Chinese", async () => {
  await setLocale("zh-CN");
  const card = productCard(FACTS, "double");
  const names = Object.keys(card.properties);
  expect(names).toEqual(expect.arrayContaining(["标题", "图片", "价格", "BSR", "类目", "评分", "品牌", "上架日期"]));
  expect(names.filter((name) => /^[A-Z][a-z]/.test(name))).toEqual([]);
  expect(card.layouts.card.title).toEqual({ property: "标题" });
  expect(card.layouts.card.mainImage).toEqual({ property: "图片" });
  for (const section of card.layouts.card.sections)
    for (const name of section.properties) expect(names).toContain(name);
  const [header] = productRow(FACTS);
  expect(header.slice(0, 3)).toEqual(["标题", "价格", "BSR"]);
});

test("in English they keep their names: =A2.Price reads as before", () => {
  const card = productCard(FACTS, "double");
  expect(Object.keys(card.properties)).toEqual(expect.arrayContaining(["Title", "Image", "Price", "Listed on"]));
  expect(productRow(FACTS)[0].slice(0, 2)).toEqual(["Title", "Price"]);
});

test("MAD.PRODUCT's details take a fact by its Chinese name too", async () => {
  await setLocale("zh-CN");
  const product = LOOKUP_FUNCTIONS.find((f) => f.form === "card")!;
  const plan = cardPlan(product, { market: "US", positional: ["B07Z82895W"], details: "五点描述" }, () => null);
  expect(plan.params).toEqual({ marketplace: "US", asins: ["B07Z82895W"] });
});
