/**
 * Every text of the operation catalog a person reads (titles, descriptions, parameter docs and labels, option
 * labels, field docs, group and marketplace names) has its Chinese in src/i18n/catalog-texts/zh-CN.ts, and that file
 * keeps nothing the catalog no longer says. A new operation written in English only fails here with the exact list
 * to translate (`npm run i18n:missing` prints it ready to paste), and what the faces show comes from the same texts.
 */
import { catalogTexts } from "../../src/api/words/catalog-text-list";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { operationDescription, operationTitle, paramDoc } from "../../src/api/words/localized";
import { paramLabel } from "../../src/api/words/param-labels";
import type { ParamSpec } from "../../src/api/catalog-types";
import { texts as zhCN } from "../../src/i18n/catalog-texts/zh-CN";
import { setLocale } from "../../src/i18n/locale";
import { columnLabels, recordColumns } from "../../src/table/columns";
import { missingLines, translationGaps } from "../../scripts/i18n-missing";

afterEach(() => setLocale("en"));

test("every catalog text has its Chinese, and the Chinese keeps no text the catalog dropped", () => {
  const { missing, unused } = translationGaps(zhCN);
  // On failure: translate these (npm run i18n:missing prints them as lines to paste) or drop the unused ones.
  expect({ missing: missingLines(missing), unused }).toEqual({ missing: "", unused: [] });
});

test("the list is the catalog's: it holds every operation's title, descriptions, docs, labels and field docs", () => {
  const texts = new Set(catalogTexts().map((x) => x.text));
  expect(texts.size).toBeGreaterThan(500);
  for (const op of OPERATIONS) {
    expect(texts).toContain(op.title);
    expect(texts).toContain(op.description);
  }
  expect(texts).toContain("Phrase"); // an option label (matchType 1)
  expect(texts).toContain("BSR growth rate"); // a min/max pair's words
  expect(texts).toContain("Share of the category's units"); // a field doc
});

test("an operation added in English only is reported with each text to translate and where it is read", () => {
  const added = {
    ...OPERATIONS[0],
    code: "product_detail",
    title: "Product dossier",
    description: "Everything about one product.",
    params: [
      ...(OPERATIONS[0].params as readonly ParamSpec[]),
      { name: "minBuyBox", kind: "number", doc: "Minimum buy-box price.", role: "rangeMin", range: "BuyBox" },
      { name: "maxBuyBox", kind: "number", doc: "Maximum buy-box price.", role: "rangeMax", range: "BuyBox" },
    ],
  } as unknown as AnyOperation;
  const { missing } = translationGaps(zhCN, catalogTexts([...OPERATIONS, added]));
  expect(missing.map((x) => [x.text, x.where])).toEqual([
    ["Product dossier", "operation product_detail: title"],
    ["Everything about one product.", "operation product_detail: description"],
    ["buy-box price", "operation product_detail: param minBuyBox (range words)"],
  ]);
  expect(missingLines(missing).split("\n").slice(0, 2)).toEqual([
    "// src/i18n/catalog-texts/zh-CN/product.ts",
    `  "Product dossier": "", // operation product_detail: title`,
  ]);
});

test("a Chinese reader reads the catalog in Chinese: titles, descriptions, labels, docs and column labels", async () => {
  const op = OPERATIONS.find((o) => o.code === "product_research")!;
  const minPrice = (op.params as readonly ParamSpec[]).find((p) => p.name === "minPrice")!;
  expect([operationTitle(op), paramLabel(minPrice), paramDoc(minPrice)]).toEqual([
    "Product research",
    "Price, min",
    "Minimum price.",
  ]);
  await setLocale("zh-CN");
  expect([operationTitle(op), operationDescription(op), paramLabel(minPrice), paramDoc(minPrice)]).toEqual([
    "选产品",
    "按销量、价格、评分、标识、尺寸分段等条件筛选商品（最多可取前 2,000 行）。",
    "价格下限",
    "价格的最小值。",
  ]);
  const labels = columnLabels(recordColumns(OPERATIONS.find((o) => o.code === "market_seller_country_distribution")!));
  expect(labels.slice(0, 4)).toEqual(["区间标签", "国家名称", "商品数", "销量"]);
  expect(labels.every((label) => !/[a-z]{3,} [a-z]{3,}/i.test(label))).toBe(true);
});
