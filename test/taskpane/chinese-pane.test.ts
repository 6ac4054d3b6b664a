/**
 * The pane's models in Chinese, and the language it speaks: the stored choice over Office's display language
 * (zh-* is Simplified Chinese), a switch that stores the choice in runtime storage (never the workbook) and applies
 * at once; the Build form, a report sheet and a filter block written in the person's language, and what was
 * written in one language read back in the other (a report's title, a filter block's title).
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { memoryStore } from "../../src/engine/key-value-store";
import { currentLocale, localeOf, setLocale } from "../../src/i18n";
import { buildFilterBlock } from "../../src/taskpane/builder/filter-block";
import { allFields, formModel, operationGroups } from "../../src/taskpane/builder/form-model";
import { validateDraft } from "../../src/taskpane/builder/inline-errors";
import { choiceLabel } from "../../src/taskpane/shared/category-search";
import { languageSettings } from "../../src/taskpane/shared/language";
import { reportTitle } from "../../src/taskpane/reports/reports";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { reportNamePrefix } from "../../src/table/report-names";
import { templateById } from "../../src/taskpane/report-model/templates";
import { validateTemplateInputs } from "./support/report-plan";

const NOW = new Date("2026-11-24T12:00:00Z");
afterEach(() => setLocale("en"));

describe("the language", () => {
  test.each([
    ["zh-CN", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["zh", "zh-CN"],
    ["en-US", "en"],
    ["de-DE", "en"],
    [undefined, "en"],
  ] as const)("Office's %s reads as %s", (tag, locale) => {
    expect(localeOf(tag)).toBe(locale);
  });

  test("follows Office until the person chooses; the choice is stored as mad.language and applies at once", async () => {
    const store = memoryStore();
    const settings = languageSettings(store, "zh-CN");
    expect(await settings.chosen()).toBe("office");
    expect(await settings.current()).toBe("zh-CN");
    expect(await settings.choose("en")).toBe("en");
    expect([currentLocale(), await store.getItem("mad.language")]).toEqual(["en", "en"]);
    expect(await languageSettings(store, "zh-CN").current()).toBe("en");
    expect(await settings.choose("office")).toBe("zh-CN");
    expect([currentLocale(), await store.getItem("mad.language")]).toEqual(["zh-CN", null]);
  });

  test("an unknown stored value counts as no choice", async () => {
    const settings = languageSettings(memoryStore({ "mad.language": "fr" }), "en-GB");
    expect([await settings.chosen(), await settings.current()]).toEqual(["office", "en"]);
  });
});

describe("in Chinese", () => {
  beforeEach(() => setLocale("zh-CN"));

  test("a history function's form (Sales estimate): title, hint and fields in Chinese, and in English once switched back", async () => {
    const model = formModel("asin_prediction");
    expect([model.title, model.description]).toEqual([
      "销量预估",
      "单个商品按天（最近几周）或按月（14 个月）的预估销量、销售额和价格。",
    ]);
    expect(allFields(model).map((f) => f.label)).toEqual(["站点", "ASIN", "开始日期", "结束日期", "间隔"]);
    await setLocale("en");
    const english = formModel("asin_prediction");
    expect([english.title, ...allFields(english).map((f) => f.label)]).toEqual([
      "Sales estimate",
      "Marketplace",
      "ASIN",
      "From",
      "To",
      "Interval",
    ]);
  });

  test("the Build form: Chinese labels, hints with the API name, groups and titles, and Chinese validation", () => {
    const model = formModel("product_research");
    expect(model.title).toBe("选产品");
    const price = model.ranges.find((r) => r.base === "Price")!;
    expect([price.label, price.min.label, price.max.label]).toEqual(["价格", "价格下限", "价格上限"]);
    expect(allFields(model).find((f) => f.name === "fulfillment")?.help).toBe(
      "配送方式，以逗号分隔，可选 AMZ（平台自营；规范中为 PLT）、FBA、FBM。API 名称：fulfillment。",
    );
    expect(operationGroups().map((g) => g.label)).toEqual([
      "产品数据",
      "单个商品（ASIN）",
      "关键词数据",
      "搜索频率（ABA）",
      "类目市场",
      "搜索趋势（Google）",
      "商标",
    ]);
    const errors = validateDraft(model, { values: { marketplace: "XX" }, fields: [], limit: "" }, NOW).errors;
    expect(errors.byField.marketplace).toEqual([
      'marketplace："XX" 不是站点；可用 US, JP, UK, DE, FR, IT, ES, CA, IN, MX, BR, AU, AE（GB = UK）',
    ]);
  });

  test("a report sheet is written in Chinese, its ASIN row keeping the filter name the formula reads", () => {
    const spec = reportSheetSpec(
      templateById("competitorWatch"),
      readInputs({ market: "US", asins: "B07Z82895W" }),
      NOW,
    );
    expect(spec.name).toBe("竞品 B07Z82895W");
    // Its workbook names read in the sheet's words too (Excel's names take any letter).
    expect(reportNamePrefix(spec.name, [])).toBe("MAD_竞品_B07Z82895W");
    expect(spec.values.slice(0, 2).map((v) => v.value)).toEqual([
      "竞品监控报表",
      "于 2026-11-24 由“竞品监控”模板创建。修改下方的输入值，各分区会随之更新；可在“报表”页刷新。",
    ]);
    expect(spec.values.find((v) => v.address === "A4")?.value).toBe("ASINs");
    expect(spec.charts[0]).toMatchObject({ title: "各 ASIN 销量与销售额", valueAxisTitle: "销量" });
    expect(
      validateTemplateInputs(templateById("keywordOpportunity"), readInputs({ market: "US", keyword: "" }), NOW)
        .byInput,
    ).toEqual({ keyword: ["关键词：必填。搜索词，例如 yoga mat。"] });
  });

  test("a report made in English is listed under its Chinese title", () => {
    const report = { template: "categoryMarket" as const, title: "Category market", inputs: {}, createdAt: 0 };
    expect(reportTitle(report)).toBe("类目市场");
    expect(reportTitle({ ...report, template: "unknown" as never, title: "Old report" })).toBe("Old report");
  });

  test("a category choice shows the service's Chinese path when it sent one", () => {
    const choice = { nodeIdPath: "1:2", label: "Sports › Yoga", localLabel: "运动 › 瑜伽", products: 3 };
    expect(choiceLabel(choice)).toBe("运动 › 瑜伽");
    expect(choiceLabel({ ...choice, localLabel: null })).toBe("Sports › Yoga");
  });
});

test("a filter block's title is written in the person's language and read back in either", async () => {
  const at = { sheet: "Sheet1", address: "A1" };
  const english = buildFilterBlock("product_research", { marketplace: "US" }, { at }).values[0][0];
  await setLocale("zh-CN");
  const chinese = buildFilterBlock("product_research", { marketplace: "US" }, { at }).values[0][0];
  expect([english, chinese]).toEqual(["MAD filters — Product research", "MAD 筛选条件 — 选产品"]);
});
