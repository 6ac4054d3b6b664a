/**
 * Field generators shared by all records: identity (asin, title, brand, keyword), volumes (searches, units),
 * rates, prices and ranks. A generator is looked up by `record.path.field`, `path.field`, `domain:field`, then
 * `field`; see generators.ts. Hidden facts start with `_`.
 */
import { round, Rng } from "./prng";
import type { Generator, Row } from "./row";
import { CATEGORY_TREE, CategoryNode } from "./category-tree";
import { COLORS, MARKET_FACTS, PREFIXES, SIZES } from "./vocab";
import { categoryOfProduct, identityOf, mintAsin, PRODUCT_SEEDS, productImage } from "./product-identity";
import {
  brandName,
  CategoryPath,
  categoryOfTopic,
  childCategory,
  daysAgo,
  imageUrl,
  keywordAround,
  price,
  productUrl,
  randomCategory,
  toCurrency,
  translate,
} from "./values";

const ALL_NOUNS: readonly string[] = (() => {
  const out = new Set<string>();
  const walk = (nodes: readonly CategoryNode[]) =>
    nodes.forEach((n) => (n.nouns.forEach((x) => out.add(x)), walk(n.children ?? [])));
  walk(CATEGORY_TREE);
  return [...out];
})();

const TITLE_TAILS = [
  "with Storage Pocket",
  "for Home and Office",
  "Compatible with Most Devices",
  "Easy to Clean",
  "Gift for Women and Men",
  "Durable and Lightweight",
  "2 Pack",
];
const FEATURES = [
  "Non-Slip",
  "Premium Quality",
  "Upgraded Version",
  "Large Capacity",
  "Quick Dry",
  "Machine Washable",
  "Eco-Friendly",
];

const titleCase = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
/** The top-level record a (possibly nested) row belongs to. */
export const top = (row: Row): Row => (row.parent ? top(row.parent) : row);
export const facts = (row: Row) => MARKET_FACTS[row.scenario.market];
export const money = (row: Row, usd: number) => toCurrency(row.scenario.market, usd);
export const fraction = (rng: Rng, min: number, max: number) => rng.float(min, max, 4);

/** Where a product row sits in the category tree: the requested category (or a child), the ASIN's, the topic's. */
function categoryFor(row: Row, rng: Rng): CategoryPath {
  const { category, exactCategory, asins, code, topic } = row.scenario;
  if (category) return exactCategory ? category : childCategory(category, rng);
  if (code === "competitor_lookup" && asins.length > 0) return categoryOfProduct(String(row.get("asin")));
  if (asins.length > 0) return categoryOfProduct(asins[code === "traffic_source" ? 0 : row.index % asins.length]);
  if (topic) return categoryOfTopic(topic);
  return randomCategory(rng);
}

function topicFor(row: Row, rng: Rng): string {
  const { topic, asins, category, domain } = row.scenario;
  if (topic) return topic;
  if (domain === "product" || row.scenario.code === "traffic_source")
    return rng.pick(row.get<CategoryPath>("_category").nouns);
  if (category) return rng.pick(category.nouns);
  if (asins.length > 0) return rng.pick(categoryOfProduct(asins[row.index % asins.length]).nouns);
  return rng.pick(ALL_NOUNS);
}

/**
 * The product a record shows (its `asin`), one product in every operation (./product-identity.ts); undefined for a
 * record without one.
 */
const shownProduct = (row: Row) =>
  row.fields.some((f) => f.name === "asin") ? identityOf(String(row.get("asin"))) : undefined;

/**
 * A product for a record of a list: of its category, of the kind its query is about (or one of the category's), its
 * ASIN minted so that every operation reads the same product from it.
 */
function mintedFor(row: Row, rng: Rng): string {
  const category = top(row).get<CategoryPath>("_category");
  const kind = category.nouns.indexOf(String(top(row).get("_topic")));
  return mintAsin(category, kind >= 0 ? kind : rng.int(0, category.nouns.length - 1), rng.int(0, PRODUCT_SEEDS - 1));
}

export function productTitle(row: Row, rng: Rng): string {
  const shown = shownProduct(row);
  // A brand filter's rows are that brand's, in the title too (the product's own words after it).
  const filtered = row.scenario.params.brand;
  if (shown) return typeof filtered === "string" ? `${filtered}${shown.title.slice(shown.brand.length)}` : shown.title;
  const brand = row.fields.some((f) => f.name === "brand") ? String(row.get("brand")) : brandName(rng);
  const t = top(row);
  const topic = String(t.get("_topic"));
  const core = t.get("_tier") === "fuzzy" ? topic.split(" ").reverse().join(" ") + " Set" : topic;
  const adjective = titleCase(rng.pick(PREFIXES.filter(Boolean)));
  return `${brand} ${adjective} ${titleCase(core)} ${rng.pick(TITLE_TAILS)}, ${rng.pick(FEATURES)}, ${rng.pick(COLORS)}`;
}

/** The record's keyword: the seed keyword first, then distinct derived words; nested rows use their record's. */
export const keywordOf = (row: Row): string => String(top(row).get("_keyword"));

function deriveKeyword(row: Row): string {
  const topic = String(row.get("_topic"));
  const phrase = row.get("_tier") !== "fuzzy";
  if (row.scenario.topic && row.index === 0 && phrase) return topic;
  return keywordAround(topic, row.index, phrase, row.scenario.seed);
}

/** Searches per month, scaled by popularity, marketplace size and topic. */
function searchVolume(row: Row, rng: Rng): number {
  const base = row.parent ? rng.logUniform(200, 200_000) : 400_000 * row.num("_pop") * rng.float(0.85, 1.15);
  return Math.max(30, Math.round(base * facts(row).volume));
}

/** ABA-style rank from searches: fewer searches, larger rank. */
export const rankFromSearches = (searches: number, rng: Rng) =>
  Math.max(1, Math.round((6e9 / Math.pow(Math.max(searches, 1), 1.15)) * rng.float(0.9, 1.1)));

/** Best sellers have many ratings; the long tail anything from none to a few thousand. */
const ratingCount = (rng: Rng, popularity: number, most: number) =>
  rng.logUniform(Math.max(1, most * popularity * 0.05), Math.max(2, most * Math.max(0.05, popularity)));

const bid = (row: Row, rng: Rng) => money(row, rng.float(0.3, 3.2));

export const COMMON: Record<string, Generator> = {
  _pop: (row, rng) => (row.parent ? rng.float(0.001, 1, 4) : Math.pow(row.index + 1, -0.75) * rng.float(0.8, 1.25)),
  _tier: (row, rng) => (row.scenario.topic && row.index > 0 && rng.chance(0.45) ? "fuzzy" : "phrase"),
  _topic: (row, rng) => topicFor(row, rng),
  _category: (row, rng) => categoryFor(row, rng),
  _keyword: (row) => deriveKeyword(row),
  marketplace: (row) => row.scenario.market,
  station: (row) => row.scenario.market,
  countryCode: (row) => row.scenario.market,
  currency: (row) => row.scenario.currency,
  // A lookup's rows are its listed ASINs (./asin-lookup.ts presets them); any other product is minted for its list.
  asin: mintedFor,
  parent: mintedFor,
  imageUrl: (row, rng) => {
    const shown = shownProduct(row);
    return shown ? productImage(shown) : imageUrl(rng);
  },
  asinImage: (row, rng) => {
    const shown = shownProduct(row);
    return shown ? productImage(shown) : imageUrl(rng);
  },
  bigAsinImage: (row, rng) => {
    const shown = shownProduct(row);
    return shown ? productImage(shown, "_AC_SL1500_") : imageUrl(rng, "_AC_SL1500_");
  },
  handledImageUrl: (_row, rng) => rng.chance(0.8),
  asinUrl: (row) => productUrl(row.scenario.market, String(row.get("asin"))),
  title: (row, rng) => productTitle(row, rng),
  asinTitle: (row, rng) => productTitle(row, rng),
  // A brand filter's rows are that brand's (the service's answer); any other product's brand is its own.
  brand: (row, rng) => (row.scenario.params.brand as string | undefined) ?? shownProduct(row)?.brand ?? brandName(rng),
  asinBrand: (row, rng) => shownProduct(row)?.brand ?? brandName(rng),
  sku: (_row, rng) => `Color: ${rng.pick(COLORS)} | Size: ${rng.pick(SIZES)}`,
  keyword: (row) => keywordOf(row),
  keywordCn: (row) => translate(keywordOf(row), 0),
  keywordJp: (row) => translate(keywordOf(row), 1),
  searches: searchVolume,
  clicks: (row, rng) => Math.round(row.num("searches") * rng.float(0.25, 0.9)),
  impressions: (row, rng) => Math.round(row.num("searches") * rng.float(6, 30)),
  purchaseRate: (_row, rng) => fraction(rng, 0.002, 0.16),
  purchases: (row) => Math.round(row.num("searches") * row.num("purchaseRate")),
  products: (_row, rng) => rng.logUniform(2_000, 600_000),
  adProducts: (row, rng) => Math.round(row.num("products") * rng.float(0.0001, 0.02, 4)),
  supplyDemandRatio: (row) => round(row.num("searches") / Math.max(1, row.num("products")), 2),
  searchRank: (row, rng) => rankFromSearches(row.num("searches"), rng),
  searchesRank: (row, rng) => rankFromSearches(row.num("searches"), rng),
  wordCount: (row) => keywordOf(row).split(" ").length,
  _wordCount: (row) => keywordOf(row).split(" ").length,
  titleDensity: (_row, rng) => rng.int(0, 60),
  titleDensityExact: (_row, rng) => rng.int(0, 60),
  spr: (_row, rng) => (rng.chance(0.1) ? null : rng.int(1, 600)),
  monopolyClickRate: (_row, rng) => fraction(rng, 0.05, 0.75),
  top3ClickingRate: (row) => row.get("monopolyClickRate"),
  cvsShareRate: (_row, rng) => fraction(rng, 0, 0.6),
  top3ConversionRate: (row) => row.get("cvsShareRate"),
  clickRate: (_row, rng) => fraction(rng, 0.01, 0.3),
  conversionRate: (_row, rng) => fraction(rng, 0.005, 0.2),
  conversionShareRate: (_row, rng) => fraction(rng, 0, 0.2),
  bid,
  bidMin: (row) => round(row.num("bid") * 0.75, 2),
  bidMax: (row) => round(row.num("bid") * 1.25, 2),
  price: (row, rng) => price(rng, row.scenario.market),
  avgPrice: (row, rng) => price(rng, row.scenario.market, 8, 80),
  rating: (_row, rng) => rng.float(3.3, 4.9, 1),
  avgRating: (_row, rng) => rng.float(3.8, 4.8, 1),
  ratings: (row, rng) => ratingCount(rng, top(row).num("_pop"), 60_000),
  reviews: (row, rng) => ratingCount(rng, top(row).num("_pop"), 40_000),
  avgRatings: (_row, rng) => (rng.chance(0.1) ? null : rng.logUniform(50, 30_000)),
  avgReviews: (_row, rng) => rng.logUniform(50, 30_000),
  variations: (_row, rng) => rng.logUniform(1, 120),
  updatedTime: (row, rng) => daysAgo(row.scenario.now, rng.int(1, 25)) + rng.int(0, 86_399) * 1000,
  supplement: (_row, rng) => (rng.chance(0.1) ? "Y" : "N"),
  month: (row) => `${row.scenario.dataMonth.slice(0, 4)}.${row.scenario.dataMonth.slice(4)}`,
  nodeIdPath: (row) => top(row).get<CategoryPath>("_category").ids.join(":"),
  nodeLabelPath: (row) => top(row).get<CategoryPath>("_category").labels.join(":"),
  nodeId: (row) => Number(top(row).get<CategoryPath>("_category").ids.at(-1)),
  bsrId: (row) => top(row).get<CategoryPath>("_category").bsrId,
};
