/**
 * Category-market data. All eight market operations describe the same category sample (products, units, revenue,
 * new products), drawn from a seed of the category query alone, so their figures agree with each other: the
 * rating buckets, listing years and seller countries each split the same sample. Rows are presets for the generic
 * record generator, which fills the remaining fields by name.
 */
import { hashString, mix, round, Rng } from "./prng";
import type { Generator, Scenario } from "./row";
import { money } from "./gen-common";
import { COUNTRIES, MARKET_FACTS, RATING_COUNT_BUCKETS, UNKNOWN_COUNTRY } from "./vocab";
import { mintAsin, PRODUCT_SEEDS } from "./product-identity";
import { brandName, categoryFromPath, daysAgo, pad2, toCurrency } from "./values";

export type Preset = Record<string, unknown>;

export interface Sample {
  readonly seed: number;
  readonly products: number;
  readonly units: number;
  readonly avgPriceUsd: number;
  readonly newProducts: number;
  readonly firstYear: number;
}

/**
 * The category sample a market query describes: the same for every market operation asked about the same category
 * with the same month, topN and newProduct, so their figures agree (and a niche of market research agrees with the
 * distributions asked for its nodeIdPath).
 */
export function sampleOf(s: Pick<Scenario, "market" | "now" | "params">): Sample {
  const { nodeIdPath, month, topN, newProduct } = s.params;
  const seed = hashString(JSON.stringify(["market", s.market, nodeIdPath, month ?? "", topN ?? "", newProduct ?? ""]));
  const rng = new Rng(seed);
  const products = typeof topN === "number" ? Math.min(topN, 500) : rng.int(30, 100);
  const perProduct = rng.logUniform(20, 800) * MARKET_FACTS[s.market].volume;
  return {
    seed,
    products,
    units: Math.max(products, Math.round(products * perProduct)),
    avgPriceUsd: rng.logUniform(10, 80),
    newProducts: Math.round(products * rng.float(0.02, 0.2)),
    firstYear: new Date(s.now).getUTCFullYear() - rng.int(6, 14),
  };
}

/** Splits `total` in proportion to `weights` (largest remainder, so the parts add up). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) parts[i]++;
  return parts;
}

/** The products of a market's bucket: its category's, each one product wherever it shows (./product-identity.ts). */
const asinList = (nodeIdPath: unknown, seed: number, count: number) => {
  const rng = new Rng(seed);
  const category = categoryFromPath(String(nodeIdPath ?? ""));
  return Array.from({ length: count }, () =>
    mintAsin(category, rng.int(0, category.nouns.length - 1), rng.int(0, PRODUCT_SEEDS - 1)),
  );
};

/** Rows splitting the sample by bucket weights: products, units, revenue, unitsRatio and the bucket's ASINs. */
export function split(s: Scenario, sample: Sample, buckets: readonly { preset: Preset; weight: number }[]): Preset[] {
  const rng = new Rng(mix(sample.seed, hashString(s.record)));
  const products = apportion(
    sample.products,
    buckets.map((b) => b.weight),
  );
  const units = apportion(
    sample.units,
    products.map((p) => (p === 0 ? 0 : p * rng.float(0.3, 1.7))),
  );
  return buckets.map((bucket, i) => {
    const revenue = round(units[i] * toCurrency(s.market, sample.avgPriceUsd * rng.float(0.6, 1.5)), 2);
    return {
      ...bucket.preset,
      products: products[i],
      units: units[i],
      revenue,
      unitsRatio: round(units[i] / sample.units, 4),
      asins: asinList(s.params.nodeIdPath, mix(sample.seed, i), products[i]),
    };
  });
}

function listingYears(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 1));
  const last = new Date(s.now).getUTCFullYear();
  const buckets = [];
  for (let year = sample.firstYear; year <= last; year++) {
    const weight = rng.chance(0.15) ? 0 : Math.pow(year - sample.firstYear + 1, 1.5) * rng.float(0.3, 1.7);
    buckets.push({ preset: { label: String(year), year: String(year) }, weight });
  }
  return split(s, sample, buckets);
}

function sellerCountries(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 2));
  const home = COUNTRIES.find(([code]) => code === s.market.replace("UK", "GB"));
  const others = rng.sample(
    COUNTRIES.filter(([code]) => !["CN", "US", "HK", s.market].includes(code)),
    rng.int(1, 2),
  );
  const rows: [string, number][] = [
    ["中国", 0.55],
    ["美国", 0.22],
    [UNKNOWN_COUNTRY, 0.06],
    ["中国香港", 0.04],
    ...others.map(([, name]): [string, number] => [name, 0.02]),
  ];
  if (home && !rows.some(([name]) => name === home[1])) rows.push([home[1], 0.08]);
  const presets = split(
    s,
    sample,
    rows.map(([name, weight]) => ({ preset: { label: name, country: name }, weight: weight * rng.float(0.6, 1.4) })),
  );
  const revenue = presets.reduce((a, p) => a + Number(p.revenue), 0) || 1;
  return presets
    .map((p): Preset => ({ ...p, revenueRatio: round(Number(p.revenue) / revenue, 4) }))
    .sort((a, b) => Number(b.products) - Number(a.products));
}

function ratingBuckets(s: Scenario, sample: Sample): Preset[] {
  const weights = [0.12, 0.4, 0.12, 0.1, 0.07, 0.07, 0.12];
  return split(
    s,
    sample,
    RATING_COUNT_BUCKETS.map(([label], i) => ({ preset: { label }, weight: weights[i] })),
  );
}

/** A+/video: four buckets over old products, four over new ones (ratios per group, in percent), and A+ overall. */
function aplusVideo(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, 3));
  const kinds = ["有A+有视频", "有A+无视频", "无A+有视频", "无A+无视频"];
  const group = (count: number, units: number, prefix: string) => {
    const products = apportion(
      count,
      [0.2, 0.2, 0.08, 0.52].map((w) => w * rng.float(0.5, 1.5)),
    );
    const unitParts = apportion(
      units,
      products.map((p, i) => p * (i === 0 ? 3 : i === 1 ? 1.5 : 0.5) * rng.float(0.5, 1.5)),
    );
    return kinds.map((kind, i) => ({
      label: `${prefix}${kind}`,
      products: products[i],
      productsRatio: count ? round((products[i] / count) * 100, 2) : 0,
      units: unitParts[i],
      unitsRatio: units ? round((unitParts[i] / units) * 100, 2) : 0,
    }));
  };
  const newUnits = Math.round(sample.units * rng.float(0.02, 0.15));
  const old = group(sample.products - sample.newProducts, sample.units - newUnits, "");
  const fresh = group(sample.newProducts, newUnits, "新品");
  const aplus = old.slice(0, 2);
  const sum = (key: "products" | "units") => aplus.reduce((a, r) => a + r[key], 0);
  const oldTotals = { products: sample.products - sample.newProducts, units: sample.units - newUnits };
  const overall = {
    label: "A+",
    products: sum("products"),
    productsRatio: round((sum("products") / Math.max(1, oldTotals.products)) * 100, 2),
    units: sum("units"),
    unitsRatio: round((sum("units") / Math.max(1, oldTotals.units)) * 100, 2),
  };
  return [old[0], fresh[3], old[1], fresh[1], fresh[2], old[3], fresh[0], old[2], overall];
}

/** The top listings (product concentration) or the top sellers/brands: Zipf shares of the sample's units. */
function concentration(s: Scenario, sample: Sample): Preset[] {
  const rng = new Rng(mix(sample.seed, hashString(s.record)));
  const requested = (s.params.asins as string[] | undefined) ?? [];
  const count = requested.length > 0 ? requested.length : Math.min(10, sample.products);
  const revenueTotal = sample.units * toCurrency(s.market, sample.avgPriceUsd);
  return Array.from({ length: count }, (_, i) => {
    const share = (Math.pow(i + 1, -1.1) / 4) * rng.float(0.8, 1.2);
    const totalUnits = Math.max(1, Math.round(sample.units * share));
    const unitPrice = toCurrency(s.market, sample.avgPriceUsd * rng.float(0.5, 2), rng);
    const totalRevenue = round(totalUnits * unitPrice, 2);
    return {
      ranking: i + 1,
      ...(requested[i] ? { asin: requested[i] } : {}),
      totalUnits,
      totalRevenue,
      totalUnitsRatio: round(totalUnits / sample.units, 4),
      totalRevenueRatio: round(Math.min(1, totalRevenue / revenueTotal), 4),
      _unitPrice: unitPrice,
    };
  });
}

/** Presets for every row of a market operation's array (or the single statistics object). */
export function marketRows(s: Scenario): Preset[] {
  const sample = sampleOf(s);
  switch (s.record) {
    case "listingTrend":
      return listingYears(s, sample);
    case "sellerCountry":
      return sellerCountries(s, sample);
    case "ratingCount":
      return ratingBuckets(s, sample);
    case "aplusVideo":
      return aplusVideo(s, sample);
    case "categoryStatistics":
      return [{ _sample: sample }];
    case "brandConcentration":
    case "sellerConcentration":
    case "productConcentration":
      return concentration(s, sample);
    default:
      // Every other record is answered elsewhere (respond.ts): reaching here is a new market record with no rows.
      throw new Error(`the simulator has no market rows for the record ${s.record}`);
  }
}

const stat = (row: { get<T>(n: string): T }) => row.get<Sample>("_sample");
const isoDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
};

/** Generators of market fields the presets leave open. */
export const MARKET: Record<string, Generator> = {
  _sample: (row) => sampleOf(row.scenario),
  "productConcentration.price": (row) => row.get("_unitPrice"),
  "productConcentration.sellerName": (row, rng) =>
    `${row.get("brand")}${rng.pick([" Direct", " Store", "", " Official"])}`,
  sellerType: (_row, rng) => rng.pick(["FBA", "FBA", "FBA", "FBM", "AMZ"]),
  shelfDate: (row, rng) => isoDate(daysAgo(row.scenario.now, rng.logUniform(30, 4000))),
  newFlag: (row, rng) => (row.index > 2 && rng.chance(0.15) ? 1 : 0),
  ranking: (row) => row.index + 1,
  "sellerConcentration.sellerName": (_row, rng) => `${brandName(rng)}${rng.pick([" Direct", " Store", "-US", ""])}`,
  "market:products": (_row, rng) => rng.int(1, 4),
  "market:asins": (row) => asinList(row.scenario.params.nodeIdPath, row.seed, row.num("products")),
  "market:avgPrice": (row) => round(row.num("totalRevenue") / Math.max(1, row.num("totalUnits")), 2),
  "market:ratings": (_row, rng) => rng.logUniform(1, 5000),
  "market:reviews": (_row, rng) => (rng.chance(0.4) ? 0 : rng.logUniform(1, 300)),
  newProducts: (row, rng) =>
    row.scenario.record === "categoryStatistics" ? stat(row).newProducts : rng.chance(0.8) ? 0 : 1,
  newUnits: (row, rng) => (row.num("newProducts") === 0 ? 0 : Math.round(row.num("totalUnits") * rng.float(0.05, 0.5))),
  newRevenue: (row) => round(row.num("newUnits") * row.num("avgPrice"), 2),
  newUnitsRatio: (row) => round(row.num("newUnits") / Math.max(1, row.num("totalUnits")), 4),
  newRevenueRatio: (row) => round(row.num("newRevenue") / Math.max(1, row.num("totalRevenue")), 4),
  // Category statistics
  nodeLabelPathLocale: (row) => row.scenario.category?.labelsCn.join(":") ?? null,
  totalProducts: (row, rng) => (rng.chance(0.5) ? null : stat(row).products * rng.int(20, 400)),
  "categoryStatistics.products": (row) => stat(row).products,
  "categoryStatistics.brands": (row, rng) => Math.round(stat(row).products * rng.float(0.5, 0.95)),
  "categoryStatistics.sellers": (row, rng) => Math.round(stat(row).products * rng.float(0.5, 0.95)),
  avgBsr: (_row, rng) => rng.logUniform(2_000, 300_000),
  avgUnits: (row) => Math.round(stat(row).units / stat(row).products),
  "categoryStatistics.avgPrice": (row) => toCurrency(row.scenario.market, stat(row).avgPriceUsd),
  avgRevenue: (row) => round(row.num("avgUnits") * row.num("avgPrice"), 2),
  avgProfit: (_row, rng) => rng.float(30, 80, 2),
  avgRatingsCv: (_row, rng) => rng.int(0, 40),
  avgSellers: (_row, rng) => rng.float(1, 3, 1),
  baseAvgVolume: (_row, rng) => rng.float(200, 9000, 2),
  avgVolume: (row) => round(row.num("baseAvgVolume") / 16.387, 2),
  baseAvgWeight: (_row, rng) => rng.float(50, 3000, 2),
  avgWeight: (row) => round(row.num("baseAvgWeight") / 453.6, 4),
  hlProducts: (row) => Math.min(10, stat(row).products),
  hlAvgBsr: (row, rng) => Math.round(row.num("avgBsr") * rng.float(0.1, 0.4)),
  hlAvgUnits: (row, rng) => Math.round(row.num("avgUnits") * rng.float(2, 5)),
  hlAvgRevenue: (row) => round(row.num("hlAvgUnits") * row.num("hlAvgPrice"), 2),
  hlAvgPrice: (row, rng) => money(row, stat(row).avgPriceUsd * rng.float(0.6, 1.3)),
  hlAvgRatingsCv: (row, rng) => Math.round(row.num("avgRatingsCv") * rng.float(1, 3)),
  hlAvgRatings: (row, rng) => Math.round(row.num("avgRatings") * rng.float(0.8, 3)),
  hlAvgRating: (_row, rng) => rng.float(4, 4.8, 1),
  newProductProportion: (row) => round((row.num("newProducts") / stat(row).products) * 100, 2),
  newAvgPrice: (row, rng) => money(row, stat(row).avgPriceUsd * rng.float(0.5, 1.2)),
  newAvgRatings: (row, rng) => (row.num("newProducts") === 0 ? 0 : rng.int(0, 80)),
  minNewRatings: (row, rng) => Math.round(row.num("newAvgRatings") * rng.float(0, 1)),
  maxNewRatings: (row, rng) => Math.round(row.num("newAvgRatings") * rng.float(1, 3)),
  newAvgRating: (row, rng) => (row.num("newProducts") === 0 ? null : rng.float(3.5, 4.8, 1)),
  newAvgUnits: (row, rng) => (row.num("newProducts") === 0 ? 0 : Math.round(row.num("avgUnits") * rng.float(0.2, 1.2))),
  newAvgRevenue: (row) => round(row.num("newAvgUnits") * row.num("newAvgPrice"), 2),
  firstShelfDate: (row, rng) => isoDate(Date.UTC(stat(row).firstYear, rng.int(0, 11), rng.int(1, 28))),
  lastShelfDate: (row, rng) => isoDate(daysAgo(row.scenario.now, rng.int(3, 40))),
  "categoryStatistics.nodeIdPath": (row) => row.scenario.category?.ids.join(":") ?? null,
  "categoryStatistics.nodeLabelPath": (row) => row.scenario.category?.labels.join(":") ?? null,
};
