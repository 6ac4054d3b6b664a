/**
 * A lookup function's plans come in a chunk of their own, with their words (a card's field names, a key not found).
 * A Chinese reader's first MAD.PRODUCT loads that chunk after the language is already active: its plan is made only
 * once the chunk's Chinese words are in, so the card's fields are 价格, 标题 (=A2.价格), never English first.
 */
import type * as Locale from "../../src/i18n/locale";
import type * as Plans from "../../src/formula/plans";
import type * as Catalog from "../../src/api/catalog";
import type * as Lookups from "../../src/i18n/lookups";

test("the card's words are in the reader's language once MAD.PRODUCT's plan is made", async () => {
  await jest.isolateModulesAsync(async () => {
    const locale: typeof Locale = require("../../src/i18n/locale");
    await locale.setLocale("zh-CN");
    const { planOf }: typeof Plans = require("../../src/formula/plans");
    const { lookupFunction, operation }: typeof Catalog = require("../../src/api/catalog");
    const card = lookupFunction("PRODUCT");
    if (!card) throw new Error("the catalog has no MAD.PRODUCT");
    const runtime = { entities: () => null, now: () => Date.UTC(2025, 7, 5) };
    // Read the words the moment the plan is there (a card is made as soon as its answer is: no later tick to wait for).
    const words = await planOf(
      operation(card.operation),
      { market: "US", positional: ["B0CHX1W1XY"] },
      "PRODUCT",
      runtime,
    ).then(() => {
      const { t }: typeof Lookups = require("../../src/i18n/lookups");
      return [t("card.field.price"), t("card.field.title"), t("card.section.listing")];
    });
    expect(words).toEqual(["价格", "标题", "商品信息"]);
  });
});
