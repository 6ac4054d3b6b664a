/**
 * The `when` language of alerts: what it reads (precedence, keywords in any case, labels, quoted names, full-width
 * signs as a Chinese keyboard types them) and, for what it cannot, the 1-based position and what could have come
 * there.
 */
import { conditionFields, parseCondition, type Condition } from "../../src/relay-api/alert-condition";

const parsed = (text: string): Condition => {
  const result = parseCondition(text);
  if ("error" in result) throw new Error(JSON.stringify(result.error));
  return result.condition;
};
const error = (text: string) => {
  const result = parseCondition(text);
  if (!("error" in result)) throw new Error(`parsed: ${text}`);
  return result.error;
};

test("comparisons, change in percent, new and gone rows, joined with and/or: and binds tighter, parentheses group", () => {
  expect(parsed("price < 20")).toEqual({ kind: "compare", field: "price", at: 1, op: "<", value: 20 });
  expect(parsed("price change <= -15%")).toEqual({ kind: "change", field: "price", at: 1, op: "<=", percent: -15 });
  expect(parsed("NEW ROWS")).toEqual({ kind: "rows", which: "new" });
  const mixed = parsed("a > 1 or b < 2 and gone rows");
  expect(mixed).toMatchObject({ kind: "or", left: { field: "a" }, right: { kind: "and", right: { which: "gone" } } });
  const grouped = parsed("(a > 1 or b < 2) AND c != 0");
  expect(grouped).toMatchObject({ kind: "and", left: { kind: "or" }, right: { op: "!=", value: 0 } });
  expect(parsed("rating <> 4.5")).toMatchObject({ op: "!=", value: 4.5 });
  expect(parsed("x == 3")).toMatchObject({ op: "=" });
});

test("fields by label in Chinese, dotted names and quoted names; full-width signs read as ASCII at their positions", () => {
  expect(parsed("价格 < 20")).toMatchObject({ field: "价格" });
  expect(parsed("badge.bestSeller >= 1")).toMatchObject({ field: "badge.bestSeller" });
  expect(parsed('"Share of units" > 0.3')).toMatchObject({ field: "Share of units", value: 0.3 });
  expect(parsed("（价格 ＜ 20）")).toMatchObject({ field: "价格", at: 2, op: "<" });
  expect(parsed("销量 change ＞＝ 50％")).toMatchObject({ kind: "change", op: ">=", percent: 50 });
  expect(conditionFields(parsed("a > 1 and (b change > 5% or new rows)"))).toEqual([
    { field: "a", at: 1 },
    { field: "b", at: 12 },
  ]);
});

test("a text that does not parse says where (1-based) and what could have come there", () => {
  expect(error("price <")).toEqual({ position: 8, expected: ["number"], found: "" });
  expect(error("price 20")).toEqual({ position: 7, expected: ["changeOrComparison"], found: "20" });
  expect(error("price change < 15")).toEqual({ position: 18, expected: ["percent"], found: "" });
  expect(error("price change 15%")).toEqual({ position: 14, expected: ["comparison"], found: "15" });
  expect(error("new row")).toEqual({ position: 5, expected: ["rows"], found: "row" });
  expect(error("price > 1 price > 2")).toEqual({ position: 11, expected: ["andOr", "end"], found: "price" });
  expect(error("(price > 1")).toEqual({ position: 11, expected: ["andOr", "closeParen"], found: "" });
  expect(error("")).toEqual({ position: 1, expected: ["condition"], found: "" });
  expect(error("> 3")).toEqual({ position: 1, expected: ["condition"], found: ">" });
  expect(error('"price > 3')).toMatchObject({ position: 1, expected: ["field"] });
  expect(error(`${"(".repeat(40)}a > 1${")".repeat(40)}`)).toMatchObject({ expected: ["condition"] });
  expect(error("a > 1 and ".repeat(200))).toMatchObject({ position: 1001 });
});
