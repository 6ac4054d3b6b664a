/**
 * A schedule's time of day is the member's: the next run is when their clocks show it, across daylight-saving
 * changes; requests are checked by the catalog's rules, each problem named.
 */
import { checkScheduleRequest, nextRunAt } from "../../src/api/schedules";

const NOW = new Date(Date.UTC(2025, 8, 15, 12));

describe("nextRunAt", () => {
  test("07:00 in Berlin: 05:00 UTC in summer, 06:00 UTC in winter, the next day when today's has passed", () => {
    expect(new Date(nextRunAt("07:00", "Europe/Berlin", Date.UTC(2025, 6, 1, 4))).toISOString()).toBe(
      "2025-07-01T05:00:00.000Z",
    );
    expect(new Date(nextRunAt("07:00", "Europe/Berlin", Date.UTC(2025, 6, 1, 5))).toISOString()).toBe(
      "2025-07-02T05:00:00.000Z",
    );
    expect(new Date(nextRunAt("07:00", "Europe/Berlin", Date.UTC(2025, 11, 1, 12))).toISOString()).toBe(
      "2025-12-02T06:00:00.000Z",
    );
  });

  test("across the spring change (Berlin, 30 March 2025) and in a zone ahead of UTC's date", () => {
    expect(new Date(nextRunAt("07:00", "Europe/Berlin", Date.UTC(2025, 2, 29, 12))).toISOString()).toBe(
      "2025-03-30T05:00:00.000Z",
    );
    // 23:30 UTC on 14 September is already 08:30 on the 15th in Tokyo: 09:00 Tokyo is half an hour later.
    expect(new Date(nextRunAt("09:00", "Asia/Tokyo", Date.UTC(2025, 8, 14, 23, 30))).toISOString()).toBe(
      "2025-09-15T00:00:00.000Z",
    );
  });
});

describe("checkScheduleRequest", () => {
  const valid = {
    name: "Keywords yoga mat",
    at: "06:15",
    timeZone: "America/New_York",
    queries: [{ operation: "keyword_miner", params: { marketplace: "US", keyword: "yoga mat" }, limit: 20 }],
  };

  test("a valid request is kept as asked", () => {
    expect(checkScheduleRequest(valid, NOW)).toEqual({ request: valid });
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
    expect(checkScheduleRequest(watch(200), NOW)).toEqual({ request: watch(200) });
    expect(checkScheduleRequest(watch(2000), NOW)).toEqual({ request: watch(2000) });
  });

  test.each([
    [watch(2001), /queries\[0\]\.params: asins: at most 2000 ASINs \(got 2001\)/],
    [{ ...valid, timeZone: "Mars/Olympus" }, /timeZone: expected an IANA time zone/],
    [{ ...valid, at: "24:00" }, /at: expected a time of day HH:MM/],
    [{ ...valid, queries: [] }, /queries: expected 1 to 20 queries/],
    [{ ...valid, queries: [{ operation: "steal_keys", params: {} }] }, /queries\[0\]\.operation: not an operation/],
    [{ ...valid, queries: [{ ...valid.queries[0], limit: 5000 }] }, /queries\[0\]\.limit: expected a whole number/],
    [
      { ...valid, queries: [{ operation: "keyword_miner", params: { marketplace: "US" } }] },
      /queries\[0\]\.params: keyword/,
    ],
  ])("%#: refused, naming the problem", (input, message) => {
    const outcome = checkScheduleRequest(input, NOW);
    expect("error" in outcome && outcome.error).toMatch(message);
  });
});
