/**
 * Building blocks of plausible values: ids, prices in the marketplace's currency, brand names, keywords around a
 * topic, translations, category paths and the calendar facts (months, Saturdays, China-time midnights) the live
 * service's data follows.
 */
import type { Marketplace } from "../../api/catalog-types";
import { CATEGORY_TREE, CategoryNode, GENERIC_NODE_LABELS } from "./category-tree";
import { hashString, Rng, round } from "./prng";
import { MARKET_FACTS, PREFIXES, SUFFIXES, SYLLABLES, TRANSLATIONS } from "./vocab";

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const IMAGE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
export const DAY_MS = 86_400_000;
/** The live service's trend dates and rank periods are midnights in China time (UTC+8). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export const sellerId = (rng: Rng): string => `A${rng.chars(ID_CHARS, 13)}`;
export const imageUrl = (rng: Rng, size = "_AC_US200_"): string =>
  `https://m.media-amazon.com/images/I/${rng.chars(IMAGE_CHARS, 11)}L.${size}.jpg`;
export const productUrl = (market: Marketplace, id: string): string =>
  `https://${MARKET_FACTS[market].domain}/dp/${id}`;

export function brandName(rng: Rng): string {
  const word = Array.from({ length: rng.int(2, 4) }, () => rng.pick(SYLLABLES)).join("");
  return rng.chance(0.3) ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1);
}

/** A price drawn in US dollars (log-uniform) and shown in the marketplace's currency. */
export function price(rng: Rng, market: Marketplace, minUsd = 5, maxUsd = 150): number {
  return toCurrency(market, Math.exp(Math.log(minUsd) + rng.next() * (Math.log(maxUsd) - Math.log(minUsd))), rng);
}

/** A dollar amount in the marketplace's currency; with an rng, ends like real prices (.99, .49, 980 yen). */
export function toCurrency(market: Marketplace, usd: number, rng?: Rng): number {
  const facts = MARKET_FACTS[market];
  const amount = usd * facts.priceFactor;
  if (facts.priceDecimals === 0) return Math.max(1, Math.round(amount / 10) * 10 - (rng?.chance(0.5) ? 1 : 0));
  if (!rng) return round(amount, 2);
  return Math.max(0.99, Math.floor(amount) + rng.pick([0.99, 0.49, 0.95, 0.0, 0.89]));
}

/** Word-by-word rendering; Chinese joins words without spaces except between words left in Latin letters. */
export function translate(text: string, language: 0 | 1): string {
  const words = text.split(" ").map((word) => TRANSLATIONS[word.toLowerCase()]?.[language] ?? word);
  if (language === 1) return words.join(" ");
  const latin = (w: string | undefined) => w !== undefined && /^[ -~]+$/.test(w);
  return words.map((w, i) => (i > 0 && latin(w) && latin(words[i - 1]) ? ` ${w}` : w)).join("");
}

/**
 * The `index`-th distinct keyword around a topic. Indices map to (prefix, suffix) pairs, so a universe of
 * thousands of keywords has no duplicates. `phrase` keeps the topic contiguous; otherwise a word is put in the
 * middle (a fuzzy/broad match that still contains every topic word).
 */
export function keywordAround(topic: string, index: number, phrase: boolean, seed: number): string {
  const p = PREFIXES.length;
  const s = SUFFIXES.length;
  const shifted = (index + (seed % (p * s))) % (p * s);
  const prefix = PREFIXES[shifted % p];
  const suffix = SUFFIXES[Math.floor(shifted / p) % s];
  const round2 = Math.floor(index / (p * s));
  const words = topic.split(" ");
  let core = topic;
  if (!phrase) {
    // Multi-word topics get a word in the middle; a single word gets its plural (contains it, not as a word).
    const filler = PREFIXES[1 + ((index + seed) % (p - 1))];
    core =
      words.length > 1
        ? [words[0], filler, ...words.slice(1)].join(" ")
        : `${topic}${topic.endsWith("s") ? "es" : "s"}`;
  }
  const extra = round2 > 0 ? ` ${round2 + 1}` : "";
  return [prefix, core, suffix].filter(Boolean).join(" ") + extra;
}

// ---------------------------------------------------------------------------------------------------------------
// Categories

export interface CategoryPath {
  readonly ids: readonly string[];
  readonly labels: readonly string[];
  readonly labelsCn: readonly string[];
  readonly bsrId: string;
  readonly nouns: readonly string[];
}

/** Resolves a requested node path; unknown ids get stable names. */
export function categoryFromPath(nodeIdPath: string): CategoryPath {
  const ids = nodeIdPath.split(":").filter(Boolean);
  const labels: string[] = [];
  const labelsCn: string[] = [];
  let level: readonly CategoryNode[] = CATEGORY_TREE;
  let nouns: readonly string[] = ["storage box", "gift set", "organizer"];
  let bsrId = "";
  for (const id of ids) {
    const known = level.find((n) => n.id === id);
    if (known) {
      labels.push(known.label);
      labelsCn.push(known.labelCn);
      nouns = known.nouns;
      bsrId ||= known.bsrId ?? "";
      level = known.children ?? [];
    } else {
      const [label, labelCn] = GENERIC_NODE_LABELS[hashString(id) % GENERIC_NODE_LABELS.length];
      labels.push(label);
      labelsCn.push(labelCn);
      level = [];
    }
  }
  return { ids, labels, labelsCn, bsrId: bsrId || labels[0]?.toLowerCase().replace(/[^a-z]+/g, "-") || "misc", nouns };
}

/** A random path down the tree (as deep as the tree goes, at least two levels). */
export function randomCategory(rng: Rng): CategoryPath {
  const ids: string[] = [];
  let level: readonly CategoryNode[] = CATEGORY_TREE;
  while (level.length > 0 && (ids.length < 2 || rng.chance(0.6))) {
    const next = rng.pick(level);
    ids.push(next.id);
    level = next.children ?? [];
  }
  return categoryFromPath(ids.join(":"));
}

/** The category whose products a keyword names (a node listing it as a noun), or a stable random one. */
export function categoryOfTopic(topic: string): CategoryPath {
  const words = topic.toLowerCase().split(" ");
  const found: string[] = [];
  const walk = (nodes: readonly CategoryNode[], ids: string[]): boolean =>
    nodes.some((n) => {
      const path = [...ids, n.id];
      if (n.nouns.some((noun) => noun === topic || words.some((w) => w.length > 3 && noun.split(" ").includes(w))))
        found.push(path.join(":"));
      return walk(n.children ?? [], path) && false;
    });
  walk(CATEGORY_TREE, []);
  if (found.length > 0)
    return categoryFromPath(found.sort((a, b) => b.length - a.length)[hashString(topic) % Math.min(found.length, 2)]);
  return randomCategory(new Rng(hashString(topic)));
}

/** A subcategory of `path` (or the path itself), used where results include subcategories. */
export function childCategory(path: CategoryPath, rng: Rng): CategoryPath {
  let level: readonly CategoryNode[] = CATEGORY_TREE;
  for (const id of path.ids) level = level.find((n) => n.id === id)?.children ?? [];
  if (level.length === 0 || rng.chance(0.4)) return path;
  return categoryFromPath([...path.ids, rng.pick(level).id].join(":"));
}

/** The category of a product the simulator did not mint, stable per id (./product-identity.ts reads it). */
export function categoryOfAsin(id: string): CategoryPath {
  return randomCategory(new Rng(hashString(id)));
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar (UTC months; China-time midnights where live data uses them)

export const pad2 = (n: number): string => String(n).padStart(2, "0");

/** yyyyMM of the month `back` months before the month of `ym` (yyyyMM). */
export function shiftMonth(ym: string, back: number): string {
  const index = Number(ym.slice(0, 4)) * 12 + Number(ym.slice(4, 6)) - 1 - back;
  return `${Math.floor(index / 12)}${pad2((index % 12) + 1)}`;
}

/** The last complete month before `now`, as yyyyMM. */
export function lastCompleteMonth(now: number): string {
  const d = new Date(now);
  return shiftMonth(`${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}`, 1);
}

export function chinaMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - CHINA_OFFSET_MS;
}

/** yyyyMMdd of a UTC date. */
function ymd(date: Date): string {
  return `${date.getUTCFullYear()}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}`;
}

/** Epoch ms at UTC midnight `days` days before `now`. */
export function daysAgo(now: number, days: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - days * DAY_MS;
}

/** Sunday 00:00 and Saturday 00:00 (China time) of the week ending on the Saturday `yyyyMMdd`. */
export function weekBounds(saturday: string): [number, number] {
  const y = Number(saturday.slice(0, 4));
  const m = Number(saturday.slice(4, 6));
  const d = Number(saturday.slice(6, 8));
  const end = chinaMidnight(y, m, d);
  return [end - 6 * DAY_MS, end];
}

/** The `back`-th Saturday before the Saturday `yyyyMMdd`. */
export function saturdayBefore(saturday: string, back: number): string {
  const date = new Date(
    Date.UTC(Number(saturday.slice(0, 4)), Number(saturday.slice(4, 6)) - 1, Number(saturday.slice(6, 8))),
  );
  date.setUTCDate(date.getUTCDate() - 7 * back);
  return ymd(date);
}
