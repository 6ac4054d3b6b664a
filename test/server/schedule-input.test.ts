/**
 * A member's schedule request is checked by the catalog's rules on the relay: the first problem is named with its
 * stable `problem` and worded in the requester's language, the catalog's own words included.
 */
import { loadLocale } from "../../src/i18n/locale";
import { readScheduleRequest } from "../../src/server/team/schedule-input";

const NOW = new Date(Date.UTC(2025, 8, 15, 12));

beforeAll(() => loadLocale("zh-CN"));

const valid = {
  name: "Keywords yoga mat",
  at: "06:15",
  timeZone: "America/New_York",
  queries: [{ operation: "keyword_miner", params: { marketplace: "US", keyword: "yoga mat" }, limit: 20 }],
};

test("a valid request is kept as asked", () => {
  expect(readScheduleRequest(valid, NOW, "en")).toEqual({ request: valid });
});

const watch = (count: number) => ({
  ...valid,
  queries: [
    {
      operation: "competitor_lookup",
      params: {
        marketplace: "US",
        asins: Array.from({ length: count }, (_, i) => `B0${String(i).padStart(8, "0")}`),
      },
    },
  ],
});

test("a watch of up to 2,000 ASINs is one lookup (its calls are batches of 40)", () => {
  expect(readScheduleRequest(watch(200), NOW, "en")).toEqual({ request: watch(200) });
  expect(readScheduleRequest(watch(2000), NOW, "en")).toEqual({ request: watch(2000) });
});

test.each([
  [watch(2001), "query-params", /queries\[0\]\.params: asins: at most 2000 ASINs \(got 2001\)/],
  [{ ...valid, timeZone: "Mars/Olympus" }, "time-zone", /timeZone: expected an IANA time zone/],
  [{ ...valid, at: "24:00" }, "at", /at: expected a time of day HH:MM/],
  [{ ...valid, history: "yes" }, "history", /^history: expected true or false$/],
  [{ ...valid, queries: [] }, "queries", /queries: expected 1 to 20 queries/],
  [
    { ...valid, queries: [{ operation: "steal_keys", params: {} }] },
    "query-operation",
    /queries\[0\]\.operation: not an operation/,
  ],
  [
    { ...valid, queries: [{ ...valid.queries[0], limit: 5000 }] },
    "query-limit",
    /queries\[0\]\.limit: expected a whole number/,
  ],
  [
    { ...valid, queries: [{ operation: "keyword_miner", params: { marketplace: "US" } }] },
    "query-params",
    /queries\[0\]\.params: keyword/,
  ],
  [["not", "an", "object"], "body", /^body: expected a JSON object \{name, at, timeZone, queries\}$/],
])("%#: refused, naming the problem", (input, problem, message) => {
  const outcome = readScheduleRequest(input, NOW, "en");
  expect("refused" in outcome && outcome.refused.problem).toBe(problem);
  expect("refused" in outcome && outcome.refused.message).toMatch(message);
});

test("in Chinese for a Chinese reader: the relay's words and the catalog's", () => {
  const at = readScheduleRequest({ ...valid, at: "7am" }, NOW, "zh-CN");
  expect(at).toEqual({ refused: { problem: "at", message: "at：应为 HH:MM 格式的时刻" } });
  const limit = readScheduleRequest({ ...valid, queries: [{ ...valid.queries[0], limit: 5000 }] }, NOW, "zh-CN");
  expect("refused" in limit && limit.refused).toMatchObject({ problem: "query-limit", detail: { index: 0 } });
  // The catalog's own rule, worded in Chinese too (not the English of the relay's process).
  expect("refused" in limit && limit.refused.message).toMatch(/^queries\[0\]\.limit/);
  expect("refused" in limit && limit.refused.message).toMatch(/[\u4e00-\u9fff]/);
  expect(readScheduleRequest({ ...valid, at: "7am" }, NOW, "en")).toEqual({
    refused: { problem: "at", message: "at: expected a time of day HH:MM" },
  });
});
