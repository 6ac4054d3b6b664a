/**
 * A Chinese reader's cells: the runtime's language (chosen once at start: the stored choice, else Office's display
 * language) words #VALUE! and #N/A in Chinese, naming the argument as typed; a cell computed before the language is
 * active waits for it; service labels (seller countries, buckets) stay as the service sent them in Chinese, and
 * `headers=labels` spills Chinese headers. API names, codes and units stay as they are.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { chooseLocale, setLocale } from "../../src/i18n/locale";
import { fixtureService } from "./helpers/fixture-service";
import { harness } from "./helpers/harness";

afterEach(async () => {
  configureRunner();
  await setLocale("en");
});
afterAll(() => shim.uninstall());

const CJK = /[\u4e00-\u9fff]/;

test("bad arguments read in Chinese, naming the argument the person typed, and nothing is sent", async () => {
  await setLocale("zh-CN");
  const service = fixtureService();
  const h = harness(shim, service);
  expect((await h.run("keyword_research_trends", { market: "XX" })).error).toEqual({
    code: "#VALUE!",
    message: 'market："XX" 不是站点；可用 US, JP, UK, DE, FR, IT, ES, CA, IN, MX, BR, AU, AE（GB = UK）',
  });
  expect((await h.run("keyword_research_trends", { limit: 5000 })).error).toEqual({
    code: "#VALUE!",
    message: "limit：应为 1 到 2000 的整数（实际为 5000）",
  });
  expect((await h.run("product_research", { filters: "minPrice=x" })).error?.message).toBe(
    'minPrice（filters 中）：应为数字（实际为 "x"）',
  );
  expect((await h.run("product_research", { filters: "minPrce=1" })).error?.message).toBe(
    'filters："minPrce" 不是 MAD.PRODUCTRESEARCH 的筛选条件；是否要输入 minPrice？',
  );
  expect(service.calls()).toBe(0);
});

test("a formula computed while the runtime is still choosing its language waits, then speaks it", async () => {
  let decide: (locale: "zh-CN") => void = () => undefined;
  void chooseLocale(new Promise((resolve) => (decide = resolve)));
  const h = harness(shim, fixtureService());
  const pending = h.run("keyword_research_trends", { market: "XX" });
  decide("zh-CN");
  const { error } = await pending;
  expect(error?.code).toBe("#VALUE!");
  expect(error?.message).toMatch(/^market："XX" 不是站点/);
});

test("service failures give #N/A with Chinese advice, the code and the service's own words kept", async () => {
  await setLocale("zh-CN");
  const service = fixtureService();
  service.failNext({ envelope: "ERROR_SECRET_KEY" });
  const { error } = await harness(shim, service).run("keyword_research_trends", {});
  expect(error?.code).toBe("#N/A");
  expect(error?.message).toMatch(
    /^API 密钥错误.*\[ERROR_SECRET_KEY\]。请在加载项的设置中填写正确的 API 密钥。设置位于任务窗格（开始 > 市场数据 > 调研）。$/,
  );
});

test("labels the service sends in Chinese stay Chinese for a Chinese reader, and headers=labels reads Chinese", async () => {
  const h = harness(shim, fixtureService());
  const args = { positional: ["172282:281407"], fields: "label, products", filters: "headers=labels" };
  const english = (await h.run("market_seller_country_distribution", args)).value!;
  expect(english[0]).toEqual(["Bucket label", "Products"]);
  expect(english.slice(1).every((row) => !CJK.test(String(row[0])))).toBe(true);
  await setLocale("zh-CN");
  const chinese = (await h.run("market_seller_country_distribution", args)).value!;
  expect(chinese[0]).toEqual(["区间标签", "商品数"]);
  expect(chinese.slice(1).some((row) => CJK.test(String(row[0])))).toBe(true);
  expect(chinese.map((row) => row[1]).slice(1)).toEqual(english.map((row) => row[1]).slice(1));
});
