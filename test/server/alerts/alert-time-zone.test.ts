/**
 * An alert's times are the member's (issue 46): the pane sends its time zone with the alert (as it does with a
 * schedule), the relay keeps it (times are still stored as UTC instants) and words a delivered message's check time
 * in it, naming it; an alert saved without one says UTC, as before. A zone the relay does not know is refused,
 * naming the field. Both languages.
 */
import { loadLocale } from "../../../src/i18n/locale";
import type { Firing, StoredAlert } from "../../../src/server/team/alerts/model";
import { noticeOf } from "../../../src/server/team/alerts/notice";
import { alertClient, AlertRefusal } from "../../../src/taskpane/alerts/alert-client";
import { alertRequest, draftFor } from "../../../src/taskpane/alerts/alert-form";
import { planKey, startTeam, type RunningTeam } from "../support/team";
import { useSimulator } from "../../support/simulator";

const SECRET = "altz00secret0000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
let team: RunningTeam;
beforeAll(async () => {
  await loadLocale("zh-CN");
  // Receivers on this machine (a loopback webhook): nothing is resolved on the network.
  team = await startTeam({
    kind: "memory",
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    alerts: { allowPrivate: true },
  });
});
afterAll(() => team?.stop());

const AT = Date.UTC(2025, 8, 15, 7, 5);
const alert = (language: "en" | "zh-CN", timeZone?: string): StoredAlert => ({
  id: "tz-alert-0001",
  member: "alice",
  name: "Mat price",
  query: '=MAD.PRODUCTDETAILS("US","B07Z82895W")',
  when: "price < 20",
  every: "daily",
  digest: false,
  language,
  muted: false,
  destinations: [],
  createdAt: AT,
  updatedAt: AT,
  version: "v1",
  ...(timeZone ? { timeZone } : {}),
});
const firing: Firing = { id: `tz-alert-0001.${AT}`, alertId: "tz-alert-0001", at: AT, digest: false, rows: [] };

test("a message's check time is in the member's time zone, named; without one, UTC", () => {
  expect(noticeOf(alert("en", "Asia/Shanghai"), firing, undefined).checked).toBe(
    "Checked Sep 15, 2025, 3:05 PM (Asia/Shanghai) · every day",
  );
  expect(noticeOf(alert("zh-CN", "Asia/Shanghai"), firing, undefined).checked).toBe(
    "检查时间 2025年9月15日 15:05（Asia/Shanghai）· 每天一次",
  );
  expect(noticeOf(alert("en"), firing, undefined).checked).toBe("Checked Sep 15, 2025, 7:05 AM (UTC) · every day");
});

test("the pane sends its time zone; the relay keeps it and shows it back; an unknown zone is refused", async () => {
  const draft = { ...draftFor('=MAD.PRODUCTDETAILS("US","B07Z82895W")', "Mat price", "en"), when: "price < 20" };
  const request = alertRequest({ ...draft, deliver: "http://127.0.0.1:9/hook" });
  expect(request.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const client = alertClient({ baseUrl: team.bases[0], secret: await team.member("pat") }, "en")!;
  const checked = await client.check("tz-alert-0001", { ...request, timeZone: "Asia/Shanghai" });
  expect(checked.timeZone).toBe("Asia/Shanghai");
  const refusal = await client.check("tz-alert-0001", { ...request, timeZone: "Mars/Olympus_Mons" }).catch((e) => e);
  expect(refusal).toBeInstanceOf(AlertRefusal);
  expect((refusal as AlertRefusal).problem).toBe("time-zone");
  expect((refusal as AlertRefusal).message).toMatch(/^timeZone: /);
});
