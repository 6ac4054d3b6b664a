/**
 * Google Trends as the service answers it: one object {marketplace, keyword, link, items}, five years of weekly
 * points (Sundays, midnight UTC, as the docs' examples 1599350400000 and 1599955200000 are) or with `monthly`
 * one point a month (its first day, midnight UTC). Values are Google's 0-100 index: the period's peak is 100.
 */
import { hashString, Rng } from "./prng";
import type { Scenario } from "./row";
import { DAY_MS } from "./values";

const WEEKS = 260;
const MONTHS = 60;

/** Google's country code of a marketplace (its geo parameter). */
const geoOf = (market: string) => (market === "UK" ? "GB" : market);

/** The last Sunday on or before `now`, midnight UTC. */
function lastSunday(now: number): number {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  return day - new Date(day).getUTCDay() * DAY_MS;
}

function points(s: Scenario, keyword: string, monthly: boolean): { time: number; value: number }[] {
  const rng = new Rng(
    hashString(JSON.stringify(["google", s.market, keyword.toLowerCase(), s.params.googleProp ?? ""])),
  );
  const trend = rng.float(-0.4, 0.8);
  const seasonal = rng.float(0, 0.6);
  const peakMonth = rng.int(0, 11);
  const noise = rng.float(0.03, 0.15);
  const times: number[] = [];
  if (monthly) {
    const now = new Date(s.now);
    for (let i = MONTHS - 1; i >= 0; i--) times.push(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
  } else {
    const last = lastSunday(s.now);
    for (let i = WEEKS - 1; i >= 0; i--) times.push(last - i * 7 * DAY_MS);
  }
  const raw = times.map((time, i) => {
    const month = new Date(time).getUTCMonth();
    const season = 1 + seasonal * Math.cos(((month - peakMonth) / 12) * 2 * Math.PI);
    const growth = 1 + trend * (i / times.length);
    return Math.max(0, season * growth * (1 + noise * (rng.next() * 2 - 1)));
  });
  const peak = Math.max(...raw) || 1;
  return times.map((time, i) => ({ time, value: Math.round((raw[i] / peak) * 100) }));
}

export function googleTrend(s: Scenario): Record<string, unknown> {
  const keyword = String(s.params.keyword ?? "").trim();
  const monthly = s.params.monthly === true;
  const query = new URLSearchParams({ date: "today 5-y", geo: geoOf(s.market), q: keyword });
  if (s.params.googleProp === "shoppingCart") query.set("gprop", "froogle");
  return {
    marketplace: s.market,
    keyword,
    link: `https://trends.google.com/trends/explore?${query.toString()}`,
    items: points(s, keyword, monthly),
  };
}
