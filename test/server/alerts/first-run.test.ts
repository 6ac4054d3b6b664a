/**
 * Papercuts of a delivered alert (issue 46). The first run of an alert has nothing to compare with: what it tells
 * is the rows that meet the condition now, with their values ("9 rows meet the condition … price: 14.99"), never
 * "9 changes … none → 14.99". And the condition reads as the member wrote it: `price < 20`, not `price ‹ 20` (only
 * what a receiver's markdown would read as a tag is replaced). Both languages.
 */
import { loadLocale } from "../../../src/i18n/locale";
import { evaluate } from "../../../src/server/team/alerts/evaluate";
import { webhookBody } from "../../../src/server/team/alerts/formats";
import type { Firing, StoredAlert } from "../../../src/server/team/alerts/model";
import { noticeOf } from "../../../src/server/team/alerts/notice";
import { compileCondition, compileQuery } from "../../../src/server/team/alerts/query";

beforeAll(() => loadLocale("zh-CN"));

const AT = Date.UTC(2025, 8, 15, 7, 0);
const QUERY = '=MAD.PRODUCTS("US",{"B000000001","B000000002"})';
const alert = (language: "en" | "zh-CN"): StoredAlert => ({
  id: "price-watch-01",
  member: "alice",
  name: "Price watch",
  query: QUERY,
  when: "price < 20",
  every: "daily",
  digest: false,
  language,
  muted: false,
  destinations: [],
  createdAt: AT,
  updatedAt: AT,
  version: "v1",
});

function run(language: "en" | "zh-CN", previous?: ReturnType<typeof evaluate>["state"]) {
  const compiled = compileQuery(QUERY, language, new Date(AT));
  if (!("query" in compiled)) throw new Error(compiled.refused.message);
  const when = compileCondition("price < 20", compiled.query, language);
  if (!("condition" in when)) throw new Error(when.refused.message);
  const records = [
    { asin: "B000000001", price: 14.99 },
    { asin: "B000000002", price: 18.5 },
  ];
  return evaluate(when.condition, compiled.query, previous, records, "v1", AT);
}

const firingOf = (rows: ReturnType<typeof evaluate>["fired"]): Firing => ({
  id: `price-watch-01.${AT}`,
  alertId: "price-watch-01",
  at: AT,
  digest: false,
  rows,
});

test("the first run tells the rows that meet the condition with their values, not changes from none", () => {
  const first = run("en");
  expect(first.fired.map((row) => row.change)).toEqual(["first", "first"]);
  const notice = noticeOf(alert("en"), firingOf(first.fired), undefined);
  expect(notice.subject).toBe("Price watch: 2 rows meet the condition");
  expect(notice.headline).toBe(`2 rows of ${QUERY} meet: price < 20`);
  const wecom = (webhookBody("wecom", notice, alert("en"), firingOf(first.fired)) as { markdown: { content: string } })
    .markdown.content;
  expect(wecom).toContain("B000000001: price: 14.99");
  expect(wecom).not.toMatch(/none|→|changes?\b/);
  expect(wecom).toContain("price < 20");
  expect(wecom).not.toContain("‹");
});

test("in Chinese too: 满足条件, the value alone, and the condition as written", () => {
  const first = run("zh-CN");
  const notice = noticeOf(alert("zh-CN"), firingOf(first.fired), undefined);
  expect(notice.subject).toBe("Price watch：2 行满足条件");
  const wecom = (
    webhookBody("wecom", notice, alert("zh-CN"), firingOf(first.fired)) as { markdown: { content: string } }
  ).markdown.content;
  expect(wecom).toMatch(/B000000001：价格（price）：14\.99|B000000001: .*14\.99/);
  expect(wecom).not.toMatch(/无 →|处变化/);
  expect(wecom).toContain("price < 20");
});

test("a later run compares with the first: a row that starts to hold is a change, before → after", () => {
  const first = run("en");
  const rows = { ...first.state.rows, B000000002: { values: { price: 22 }, holds: false } };
  const second = run("en", { ...first.state, rows });
  expect(second.fired.map((row) => [row.key, row.change])).toEqual([["B000000002", "row"]]);
  const notice = noticeOf(alert("en"), firingOf(second.fired), undefined);
  expect(notice.subject).toBe("Price watch: 1 change");
  const wecom = (webhookBody("wecom", notice, alert("en"), firingOf(second.fired)) as { markdown: { content: string } })
    .markdown.content;
  expect(wecom).toContain("B000000002: price: 22 → 18.5");
});

test("markup stays text: a tag's < is replaced, a comparison's < is kept", () => {
  const hostile = { ...alert("en"), name: "<b>Mats</b> under $20", when: "price <= 20 and rating >= 4" };
  const first = run("en");
  const notice = noticeOf(hostile, firingOf(first.fired), undefined);
  const wecom = (webhookBody("wecom", notice, hostile, firingOf(first.fired)) as { markdown: { content: string } })
    .markdown.content;
  expect(wecom).not.toContain("<b>");
  expect(wecom).toContain("price <= 20 and rating >= 4");
});
