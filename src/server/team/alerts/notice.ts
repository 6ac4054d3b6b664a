/**
 * The words of a delivered message, in the alert's language: which alert, what changed (each row's key, and each
 * field the condition reads, before → after), when, and a link back when the relay has a public address. Each
 * receiver's format (./formats.ts) lays these out in its own markup, as many rows as its size limit takes.
 */
import { t } from "../../../i18n/alerts";
import type { Locale } from "../../../i18n/locale";
import type { Firing, FiredRow, StoredAlert } from "./model";

export interface NoticeLine {
  readonly key: string;
  /** "new row", "gone", or "" for a row that was there before. */
  readonly change: string;
  /** `price: 21.99 → 18.99` (in Chinese with the field's label: `价格（price）：21.99 → 18.99`). */
  readonly changes: readonly string[];
}

export interface Notice {
  readonly language: Locale;
  readonly subject: string;
  readonly headline: string;
  readonly lines: readonly NoticeLine[];
  /** `Checked 4 Mar 2025, 10:20 (UTC) · every day`. */
  readonly checked: string;
  readonly footer: string;
  readonly link?: { readonly url: string; readonly text: string };
  /** Words for "…and N more rows", for a format that cannot take every line. */
  readonly more: (count: number) => string;
  /** ISO time of the run, for machine-read formats. */
  readonly at: string;
}

/** One number format per language: making one per value took most of a 400-row message's time (issue 46). */
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function valueText(value: number | null, locale: Locale): string {
  if (value === null) return t.in(locale)("message.none");
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })));
  return format.format(value);
}

function lineOf(row: FiredRow, locale: Locale): NoticeLine {
  const say = t.in(locale);
  const change = row.change === "new" ? say("message.row.new") : row.change === "gone" ? say("message.row.gone") : "";
  const changes = row.entries.map((e) => {
    const name = e.label && e.label.toLowerCase() !== e.field.toLowerCase() ? `${e.label} (${e.field})` : e.field;
    // The first run has no before: the value as it is now.
    if (row.change === "first") return `${name}: ${valueText(e.after, locale)}`;
    return `${name}: ${valueText(e.before, locale)} → ${valueText(e.after, locale)}`;
  });
  return { key: row.key, change, changes };
}

/** The link back to the alert: the relay's add-in page, which the task pane opens on the alert. */
const alertLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, "")}/taskpane.html?alert=${encodeURIComponent(id)}`;

/** A member's long text (a query may have 2,000 characters) cut for a message that has a size limit. */
const short = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function noticeOf(alert: StoredAlert, firing: Firing, publicUrl: string | undefined): Notice {
  const locale = alert.language;
  const say = t.in(locale);
  const count = firing.rows.length;
  // A digest lists what meets the condition; so does a first run, which has nothing to compare with (no change).
  const meets = firing.digest || (count > 0 && firing.rows.every((row) => row.change === "first"));
  const [query, when] = [short(alert.query), short(alert.when)];
  // In the member's time zone when the alert has one (the pane sends it), named; else UTC.
  const zone = alert.timeZone ?? "UTC";
  const at = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(
    firing.at,
  );
  const every = say(
    alert.every === "hourly" ? "every.hourly" : alert.every === "daily" ? "every.daily" : "every.weekly",
  );
  return {
    language: locale,
    subject: meets
      ? say("message.subject.digest", { name: alert.name, count })
      : say("message.subject.fired", { name: alert.name, count }),
    headline: meets
      ? say("message.headline.digest", { count, query, when })
      : say("message.headline.fired", { count, query, when }),
    lines: firing.rows.map((row) => lineOf(row, locale)),
    checked: say("message.at", { at, zone, every }),
    footer: say("message.footer", { name: alert.name, member: alert.member }),
    ...(publicUrl ? { link: { url: alertLink(publicUrl, alert.id), text: say("message.link") } } : {}),
    more: (n) => say("message.more", { count: n }),
    at: new Date(firing.at).toISOString(),
  };
}

/** A line as plain text: `B07Z82895W (new row): price: none → 18.99; rating: …`. */
export const lineText = (line: NoticeLine): string =>
  `${line.key}${line.change ? ` (${line.change})` : ""}${line.changes.length ? `: ${line.changes.join("; ")}` : ""}`;

/**
 * The most lines (in order) for which `size(lines, left)` stays within `limit`, the rest counted as "more". Sizes
 * grow with lines, so a binary search finds it.
 */
export function fitLines<T>(
  lines: readonly T[],
  limit: number,
  size: (shown: readonly T[], left: number) => number,
): { shown: readonly T[]; left: number } {
  if (size(lines, 0) <= limit) return { shown: lines, left: 0 };
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (size(lines.slice(0, mid), lines.length - mid) <= limit) low = mid;
    else high = mid - 1;
  }
  return { shown: lines.slice(0, low), left: lines.length - low };
}
