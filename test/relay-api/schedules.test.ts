/**
 * A schedule's time of day is the member's: the next run is when their clocks show it, across daylight-saving
 * changes. (The relay's check of a request: test/server/schedule-input.test.ts.)
 */
import { nextRunAt } from "../../src/relay-api/schedules";

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
