/**
 * What `npm run team -- alerts` and `schedules` print counts things in proper English: "1 delivery pending", "1 call",
 * never "1 deliveries" (issue 46). The operator's commands speak English (as the rest of `npm run team`); the plural
 * forms are the language's rules (Intl.PluralRules, ICU's), not a hand-built "s".
 */
import { alertLines } from "../../src/server/team/alerts/alerts-cli";
import type { StoredAlert } from "../../src/server/team/alerts/model";
import { scheduleLines } from "../../src/server/team/schedule-report";
import type { TeamStore } from "../../src/server/team/team-store";
import type { Schedule } from "../../src/relay-api/schedules";

const AT = Date.UTC(2025, 8, 15, 8);

const alert = {
  id: "a1",
  member: "ann",
  name: "Price drop",
  query: '=MAD.PRODUCTS("US",{"B07Z82895W"})',
  when: "price < 20",
  every: "daily",
  digest: false,
  language: "en",
  muted: false,
  destinations: [],
  createdAt: AT,
  updatedAt: AT,
  version: "v1",
} as unknown as StoredAlert;

function storeWith(pending: number, lastRun: { calls: number; cacheHits: number; rows: number; fired: number }) {
  return {
    alerts: async () => [alert],
    alertStatuses: async () => ({ a1: { nextRunAt: AT, lastRun: { at: AT, ...lastRun }, lastFiredAt: AT } }),
    outbox: async () => Array.from({ length: pending }, (_, i) => ({ id: `d${i}`, alertId: "a1" })),
    outboxCounts: async () => ({ a1: { pending, dropped: 0 } }),
    outboxFailed: async () => [],
  } as unknown as TeamStore;
}

test("an alert's line counts one delivery, call and row in the singular, others in the plural", async () => {
  const [one] = await alertLines(storeWith(1, { calls: 1, cacheHits: 0, rows: 1, fired: 1 }));
  expect(one).toContain("1 delivery pending");
  expect(one).toContain("1 row, 1 fired (1 call, 0 from the cache)");
  const [many] = await alertLines(storeWith(2, { calls: 0, cacheHits: 3, rows: 12, fired: 2 }));
  expect(many).toContain("2 deliveries pending");
  expect(many).toContain("12 rows, 2 fired (0 calls, 3 from the cache)");
});

test("a schedule's line counts its queries and calls by the same rules", () => {
  const schedule = {
    id: "s1",
    member: "ann",
    name: "Competitors",
    at: "07:00",
    timeZone: "Europe/Berlin",
    queries: [{ operation: "competitor_lookup", params: { marketplace: "US" } }],
    nextRunAt: AT,
    lastRun: { at: AT, calls: 1, cacheHits: 0, failed: 0 },
  } as unknown as Schedule;
  const [line] = scheduleLines([schedule]);
  expect(line).toContain("\t1 query\t");
  expect(line).toContain(": 1 call, 0 from the cache");
});
