/**
 * The query parameters of the history, changes and feed routes, checked before anything is read: `since` and
 * `until` real days `YYYY-MM-DD` (inclusive; `until` not before `since`), `latest=1` (the newest snapshot only),
 * `labels=en|zh-CN` (the spill's header words in that language instead of wire names). A parameter given twice or
 * one the route does not take is refused, naming it and the rule. A feed's `key` is taken apart (it is no read
 * parameter, and never shown back). The problem is worded in the requester's language (the relay's book).
 */
import { t } from "../../i18n/alerts";
import type { Locale } from "../../i18n/locale";

export interface ReadParams {
  readonly since?: string;
  readonly until?: string;
  readonly latest: boolean;
  readonly labels?: Locale;
}

const READ_PARAMS = ["since", "until", "latest", "labels"] as const;
const LABELS: readonly Locale[] = ["en", "zh-CN"];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar day that exists (2024-02-29 yes, 2023-02-29 no). */
function isRealDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Say = ReturnType<typeof t.in>;

/** The first repeated or unknown parameter's problem. */
function shapeProblem(search: URLSearchParams, taken: readonly string[], say: Say): string | undefined {
  const seen = new Set<string>();
  for (const name of search.keys()) {
    // A name is never echoed whole: a long or odd one stays out of the answer.
    const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
    if (!taken.includes(name)) return say("params.unknown", { name: shown, taken: taken.join(", ") });
    if (seen.has(name)) return say("params.twice", { name });
    seen.add(name);
  }
  return undefined;
}

/**
 * Reads the parameters of a route; `withKey` for a feed's (its `key` returned apart). The problem, naming the
 * parameter and its rule in `locale`, when one is wrong.
 */
export function readParams(
  search: URLSearchParams,
  withKey: boolean,
  locale: Locale,
): { params: ReadParams; key?: string } | { error: string } {
  const say = t.in(locale);
  const taken = withKey ? [...READ_PARAMS, "key"] : [...READ_PARAMS];
  const shape = shapeProblem(search, taken, say);
  if (shape) return { error: shape };
  const since = search.get("since") ?? undefined;
  const until = search.get("until") ?? undefined;
  for (const [name, day] of [
    ["since", since],
    ["until", until],
  ] as const)
    if (day !== undefined && !isRealDay(day)) return { error: say("params.day", { name }) };
  if (since !== undefined && until !== undefined && until < since)
    return { error: say("params.order", { until, since }) };
  const latest = search.get("latest");
  if (latest !== null && latest !== "1") return { error: say("params.latest") };
  const labels = search.get("labels");
  if (labels !== null && !LABELS.includes(labels as Locale)) return { error: say("params.labels") };
  const params: ReadParams = {
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
    latest: latest === "1",
    ...(labels === null ? {} : { labels: labels as Locale }),
  };
  const key = search.get("key") ?? undefined;
  return key === undefined ? { params } : { params, key };
}
