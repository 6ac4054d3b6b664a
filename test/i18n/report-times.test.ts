/**
 * The Reports tab shows times one way (issue 46: "refreshed Nov 25, 2025, 9:10 AM" beside "As of 25 Nov, 09:10" and
 * "next 25 Nov, 09:10"): every message of the tab that takes a date or a time words it as a day and month and a
 * 24-hour time, `Nov 25, 09:10` in English and `11月25日 09:10` in Chinese, in the person's time zone (Intl's, the
 * runtime's own). Held on the catalogs, so a new message of the tab follows it too.
 */
import { pane } from "../../src/i18n/messages/en/pane";
import { pane as paneZh } from "../../src/i18n/messages/zh-CN/pane";
import { relayHistory } from "../../src/i18n/messages/en/relay-history";
import { relayHistory as relayHistoryZh } from "../../src/i18n/messages/zh-CN/relay-history";
import { reports } from "../../src/i18n/messages/en/reports";
import { reports as reportsZh } from "../../src/i18n/messages/zh-CN/reports";
import { setLocale, t } from "../../src/i18n";

/** The Reports tab's ids: its own books, and the pane's `reports.` messages. */
const TAB_IDS = [
  ...Object.keys(reports),
  ...Object.keys(relayHistory),
  ...Object.keys(pane).filter((id) => id.startsWith("reports.")),
];

const textOf = (entry: unknown): string =>
  typeof entry === "string" ? entry : ((entry as { text?: string; message?: string }).text ?? String(entry));

/** Every `{name, date, …}` and `{name, time, …}` of a message's source, as written. */
const timeFormats = (source: string) => [...source.matchAll(/\{\s*\w+\s*,\s*(date|time)\s*(?:,\s*([^}]*))?\}/g)];

const ALLOWED: Record<"en" | "zh-CN", Record<"date" | "time", string>> = {
  en: { date: "::d MMM", time: "::HH:mm" },
  "zh-CN": { date: "::MMMd", time: "::HH:mm" },
};

test.each([
  ["en", { ...pane, ...reports, ...relayHistory }],
  ["zh-CN", { ...paneZh, ...reportsZh, ...relayHistoryZh }],
] as const)("%s: every date and time of the Reports tab has the one format", (locale, book) => {
  const odd: string[] = [];
  for (const id of TAB_IDS) {
    const source = textOf((book as Record<string, unknown>)[id]);
    for (const [whole, kind, style] of timeFormats(source))
      if ((style ?? "").trim() !== ALLOWED[locale][kind as "date" | "time"]) odd.push(`${id}: ${whole}`);
  }
  expect(odd).toEqual([]);
});

test("a refreshed row and a report's status read the same", async () => {
  const at = new Date(2025, 10, 25, 9, 10).getTime();
  expect(t("reports.refreshed", { at })).toBe("refreshed Nov 25, 09:10");
  expect(t("status.asOf", { at })).toBe("As of Nov 25, 09:10");
  await setLocale("zh-CN");
  try {
    expect(t("reports.refreshed", { at })).toBe("刷新于 11月25日 09:10");
    expect(t("status.asOf", { at })).toBe("截至 11月25日 09:10");
  } finally {
    await setLocale("en");
  }
});
