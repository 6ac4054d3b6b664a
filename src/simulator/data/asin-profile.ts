/**
 * One product as the simulator knows it: what it is (category, brand, title, picture) is its identity, read from
 * its ASIN alone (./product-identity.ts: the same in product research, lookups, cards and every operation), and its
 * life is drawn from its marketplace and ASIN, so every single-product operation tells the same story (the details' price is the keepa history's last price, the sales trend's months
 * add up the days the sales estimate shows, the ratings count grows with the units sold). A profile is a day by
 * day life since the product was listed (at most three years back): price with changes every few weeks and
 * out-of-stock spells, Buy Box, list price, deals, rank, units, ratings and sellers.
 */
import type { Marketplace } from "../../api/catalog-types";
import { hashString, mix, Rng, round } from "./prng";
import { describeProduct, mintAsin, PRODUCT_SEEDS } from "./product-identity";
import { COLORS, MARKET_FACTS, SIZES } from "./vocab";
import { brandName, chinaMidnight, DAY_MS, type CategoryPath, price, toCurrency } from "./values";

/** A product's state on one day (UTC); -1 where the service has no data (out of stock: no price, no Buy Box). */
export interface Day {
  readonly day: number;
  readonly price: number;
  readonly buyBox: number;
  readonly listPrice: number;
  /** A lightning deal's price, or null on days without one. */
  readonly deal: number | null;
  readonly bsr: number;
  readonly units: number;
  readonly rating: number;
  readonly ratings: number;
  readonly sellers: number;
  /** The coupon running that day: money off (M) or percent off (P). */
  readonly coupon: { readonly type: "M" | "P"; readonly off: number } | null;
}

export interface ProductProfile {
  readonly market: Marketplace;
  readonly asin: string;
  readonly seed: number;
  readonly category: CategoryPath;
  readonly brand: string;
  readonly title: string;
  readonly parent: string;
  readonly variants: readonly { readonly asin: string; readonly attribute: string }[];
  /** Units of every variant for each unit of this one (the parent's share). */
  readonly parentFactor: number;
  /** The listing day, midnight China time (how the service stamps day-only values). */
  readonly listedAt: number;
  readonly firstRatingAt: number;
  readonly days: readonly Day[];
  readonly imageId: string;
  /** The moment the profile was drawn for: no point of its history is later. */
  readonly asOf: number;
}

/** Math's functions held here, as in ./prng.ts: a product's life draws thousands of days. */
const { exp, floor, max, min, pow, round: mathRound, sin, PI } = Math;

const PROFILE_DAYS_MAX = 3 * 365;
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** The day (UTC midnight) of a moment. */
export const dayOf = (ms: number) => floor(ms / DAY_MS) * DAY_MS;

/** China-time midnight of the UTC calendar day of `day` (the service's stamp of a day-only value). */
export const chinaDay = (day: number) => {
  const d = new Date(day);
  return chinaMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};

/** Units a day at a rank: a power law, scaled by the marketplace's size and the category's. */
export function unitsAtRank(rank: number, market: Marketplace, categoryScale: number): number {
  return max(0, 2600 * MARKET_FACTS[market].volume * categoryScale * pow(max(1, rank), -0.72));
}

/** How big a main category is (a rank sells more in Home & Kitchen than in a niche), stable per node id. */
export const categoryScale = (rootId: string) => 0.5 + (hashString(rootId) % 1000) / 1000;

function lifeOf(rng: Rng, market: Marketplace, category: CategoryPath, listedAt: number, now: number): Day[] {
  const first = max(dayOf(listedAt), dayOf(now) - PROFILE_DAYS_MAX * DAY_MS);
  const basePrice = price(rng, market, 8, 120);
  const decimals = MARKET_FACTS[market].priceDecimals;
  const listPrice = toCurrency(market, (basePrice / MARKET_FACTS[market].priceFactor) * rng.float(1.15, 1.6), rng);
  const scale = categoryScale(category.ids[0] ?? "0");
  const home = rng.logUniform(50, 60_000);
  let rank = home;
  let current = basePrice;
  let nextChange = rng.int(10, 40);
  let outOfStock = 0;
  // Ratings gathered before the days kept here (a product listed long ago already has its share).
  const daysBefore = max(0, (first - dayOf(listedAt)) / DAY_MS);
  let ratings = mathRound(daysBefore * unitsAtRank(home, market, scale) * 0.03) + rng.int(0, 15);
  let rating = rng.float(3.8, 4.8, 1);
  let sellers = rng.int(1, 4);
  let coupon: Day["coupon"] = null;
  let couponLeft = 0;
  const days: Day[] = [];
  for (let day = first; day <= dayOf(now); day += DAY_MS) {
    if (--nextChange <= 0) {
      current = max(1, round(basePrice * rng.float(0.82, 1.12), decimals));
      nextChange = rng.int(12, 45);
    }
    if (outOfStock > 0) outOfStock--;
    else if (rng.chance(0.004)) outOfStock = rng.int(2, 8);
    if (couponLeft > 0) couponLeft--;
    else {
      coupon = null;
      if (rng.chance(0.02)) {
        couponLeft = rng.int(5, 25);
        coupon = rng.chance(0.5)
          ? { type: "P", off: rng.pick([5, 10, 15, 20]) }
          : { type: "M", off: toCurrency(market, rng.pick([1, 2, 3, 5])) };
      }
    }
    // The rank wanders (multiplicatively) and drifts back towards where the product belongs; a spell out of
    // stock sinks it.
    const drift = pow(home / rank, 0.05);
    rank = max(1, mathRound(rank * drift * exp(rng.float(-0.12, 0.12, 4)) * (outOfStock > 0 ? 1.15 : 1)));
    const seasonal = 1 + 0.25 * sin((2 * PI * new Date(day).getUTCMonth()) / 12);
    const units = outOfStock > 0 ? 0 : mathRound(unitsAtRank(rank, market, scale) * seasonal * rng.float(0.8, 1.2));
    ratings += mathRound(units * rng.float(0.01, 0.05));
    if (rng.chance(0.02)) rating = min(5, max(1, round(rating + rng.pick([-0.1, 0.1]), 1)));
    if (rng.chance(0.01)) sellers = max(1, sellers + rng.pick([-1, 1]));
    const onSale = outOfStock === 0;
    const buyBox = onSale ? (rng.chance(0.1) ? round(current * 0.97, decimals) : current) : -1;
    const deal = onSale && rng.chance(0.015) ? round(current * 0.8, decimals) : null;
    days.push({
      day,
      price: onSale ? current : -1,
      buyBox,
      listPrice,
      deal,
      bsr: rank,
      units,
      rating,
      ratings,
      sellers,
      coupon: onSale ? coupon : null,
    });
  }
  return days;
}

const PROFILES = new Map<string, ProductProfile>();
const PROFILES_KEPT = 64;

/** The product an ASIN names in a marketplace, as of `now`'s day (cached: one life per product and day). */
export function profileOf(market: Marketplace, asin: string, now: number): ProductProfile {
  const key = `${market}|${asin}|${dayOf(now)}`;
  const kept = PROFILES.get(key);
  if (kept) return kept;
  const seed = hashString(`product|${market}|${asin}`);
  const rng = new Rng(seed);
  const { category, noun, brand, title, imageId } = describeProduct(asin);
  // What it is comes from its identity; the draws that once named it (brand, kind, title's three words) are still
  // made, so that each product's life stays as it was drawn.
  brandName(rng);
  for (let word = 0; word < 4; word++) rng.next();
  const listedAt = chinaDay(dayOf(now) - rng.logUniform(60, 2500) * DAY_MS);
  // Its variants and its parent are products of the same kind, each one product wherever it shows.
  const kind = max(0, category.nouns.indexOf(noun));
  const sibling = (r: Rng) => mintAsin(category, kind, hashString(r.chars(ID_CHARS, 8)) % PRODUCT_SEEDS);
  const variantRng = new Rng(mix(seed, 7));
  const variants = Array.from({ length: rng.int(1, 6) }, (_, i) => ({
    asin: i === 0 ? asin : sibling(variantRng),
    attribute: `${variantRng.pick(COLORS)}, ${variantRng.pick(SIZES)}`,
  }));
  const profile: ProductProfile = {
    market,
    asin,
    seed,
    category,
    brand,
    title,
    parent: sibling(rng),
    variants,
    parentFactor: variants.length > 1 ? rng.float(1.3, 3.5) : 1,
    listedAt,
    firstRatingAt: listedAt + rng.int(3, 40) * DAY_MS,
    days: lifeOf(new Rng(mix(seed, 11)), market, category, listedAt, now),
    imageId,
    asOf: now,
  };
  if (PROFILES.size >= PROFILES_KEPT) PROFILES.delete(PROFILES.keys().next().value as string);
  PROFILES.set(key, profile);
  return profile;
}

/** The last day of a profile: the product as it is today. */
export const today = (profile: ProductProfile): Day => profile.days[profile.days.length - 1];

/** A point series of one figure: a point where it changes (at a time of day within that day), -1 kept. */
export function changes(
  profile: ProductProfile,
  value: (day: Day) => number | null,
): { timePoint: number; value: number }[] {
  const out: { timePoint: number; value: number }[] = [];
  const rng = new Rng(mix(profile.seed, 17));
  let last: number | null = null;
  for (const day of profile.days) {
    const v = value(day);
    if (v === null || v === last) continue;
    const at = day.day + rng.int(0, 23) * 3_600_000 + rng.int(0, 59) * 60_000;
    out.push({ timePoint: min(at, profile.asOf), value: v });
    last = v;
  }
  return out;
}
