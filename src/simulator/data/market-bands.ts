/**
 * The category sample split by band (listing age, rating value, price) and by seller type, and the category's
 * demand trend: the newer market operations, drawn from the same sample as the others (market.ts) so a category's
 * figures agree whichever operation shows them. Labels are the service's Chinese ones; the add-in reads them in
 * English (src/i18n/labels.ts).
 */
import { hashString, mix, round, Rng } from "./prng";
import type { RecordName } from "../../api/records";
import type { Scenario } from "./row";
import { apportion, type Preset, type Sample, sampleOf, split } from "./market";
import { MARKET_FACTS } from "./vocab";
import { shiftMonth, toCurrency } from "./values";

/** Listing-age bands, youngest first, and how many of a category's products are that young. */
const LISTING_AGES: readonly (readonly [string, number])[] = [
  ["1个月以内", 0.04],
  ["1-3个月", 0.07],
  ["3-6个月", 0.09],
  ["6-12个月", 0.14],
  ["1-2年", 0.22],
  ["2-3年", 0.16],
  ["3年以上", 0.28],
];

/** Rating-value bands, best first. */
const RATING_BANDS: readonly (readonly [string, number])[] = [
  ["4.5以上", 0.38],
  ["4-4.5", 0.34],
  ["3.5-4", 0.14],
  ["3-3.5", 0.06],
  ["3以下", 0.04],
  ["无评分", 0.04],
];

/** Band edges in US dollars; each market shows them in its own currency, rounded to a plain number. */
const PRICE_EDGES_USD = [0, 5, 10, 15, 20, 30, 50, 100];

function listingAges(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 11));
  return split(
    s,
    sample,
    LISTING_AGES.map(([label, weight]) => ({
      preset: { label, shelfTime: label },
      weight: weight * rng.float(0.6, 1.4),
    })),
  );
}

function ratingBands(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 12));
  return split(
    s,
    sample,
    RATING_BANDS.map(([label, weight]) => ({ preset: { label }, weight: weight * rng.float(0.6, 1.4) })),
  );
}

/** A price edge in the market's currency, as a round number (10 USD is 1500 JPY, 8 GBP). */
function edge(s: Scenario, usd: number): number {
  const local = toCurrency(s.market, usd);
  const step = local >= 1000 ? 100 : local >= 100 ? 10 : 1;
  return Math.round(local / step) * step;
}

/** Price bands around the category's average price: most products near it, few far from it. */
function priceBands(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 13));
  const logAvg = Math.log(sample.avgPriceUsd);
  const buckets = PRICE_EDGES_USD.map((low, i) => {
    const high = PRICE_EDGES_USD[i + 1];
    const middle = high === undefined ? low * 1.5 : (low + high) / 2 || 2.5;
    const distance = Math.abs(Math.log(middle) - logAvg);
    const label = high === undefined ? `${edge(s, low)}以上` : `${edge(s, low)}-${edge(s, high)}`;
    return { preset: { label }, weight: Math.exp(-distance * distance * 1.5) * rng.float(0.7, 1.3) };
  });
  return split(s, sample, buckets);
}

/** Amazon itself, FBA and FBM sellers: products, units and ratings of each (ratios as fractions). */
function sellerTypes(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 14));
  const amazon = rng.float(0.01, 0.12);
  const fbm = rng.float(0.05, 0.3);
  const weights = [amazon, 1 - amazon - fbm, fbm];
  const products = apportion(sample.products, weights);
  const units = apportion(
    sample.units,
    products.map((p, i) => p * (i === 0 ? 2.5 : i === 1 ? 1.2 : 0.5) * rng.float(0.7, 1.3)),
  );
  return ["Amazon自营", "FBA", "FBM"].map((label, i) => ({
    label,
    asinNum: products[i],
    asinRatio: round(products[i] / sample.products, 4),
    units: units[i],
    unitsRatio: round(units[i] / sample.units, 4),
    ratings: products[i] === 0 ? 0 : Math.round(products[i] * rng.logUniform(50, 4000)),
    rating: products[i] === 0 ? null : rng.float(3.8, 4.7, 1),
    productNum: sample.products,
  }));
}

/** The band and seller-type operations' rows, by record. */
const BAND_ROWS: Partial<Record<RecordName, (s: Scenario, sample: Sample) => Preset[]>> = {
  listingAge: listingAges,
  ratingBand: ratingBands,
  priceBand: priceBands,
  sellerType: sellerTypes,
};

/** The presets of the rows of a band or seller-type operation, or undefined for the older market operations. */
export function bandRows(s: Scenario): Preset[] | undefined {
  return BAND_ROWS[s.record]?.(s, sampleOf(s));
}

/**
 * The demand trend (`market/performance`): 12 months of page views ending with the month asked for (or the last
 * complete one), dated `yyyy-MM-dd` as the docs show, and the category's return and search-to-purchase figures.
 */
export function demandTrend(s: Scenario): Record<string, unknown> {
  const sample = sampleOf(s);
  const rng = new Rng(mix(sample.seed, hashString("performance")));
  const viewsPerUnit = rng.float(8, 40);
  const season = rng.float(0, Math.PI * 2);
  const volume = MARKET_FACTS[s.market].volume;
  const items = Array.from({ length: 12 }, (_, i) => {
    const ym = shiftMonth(s.dataMonth, 11 - i);
    const wave = 1 + 0.25 * Math.sin(season + (Number(ym.slice(4)) / 12) * Math.PI * 2);
    return {
      date: `${ym.slice(0, 4)}-${ym.slice(4)}-01`,
      glanceViews: Math.round(sample.units * viewsPerUnit * wave * rng.float(0.85, 1.15) * Math.max(volume, 0.05)),
    };
  });
  const returnRatio = rng.float(0.5, 8, 2);
  const searchToPurchase = round(rng.float(0.5, 6, 5), 5);
  // asinCount and returnRatio come as text, as the docs type them.
  return {
    asinCount: String(Math.round(sample.products * rng.float(40, 400))),
    returnRatio: String(returnRatio),
    searchToPurchaseRatio: searchToPurchase,
    avgReturnRatio: round(returnRatio * rng.float(0.6, 1.6), 2),
    avgSearchToPurchaseRatio: round(searchToPurchase * rng.float(0.6, 1.5), 5),
    items,
  };
}
