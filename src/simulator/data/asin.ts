/**
 * The single-product group's answers, from the product's profile (./asin-profile.ts), in the live service's
 * shapes and encodings: day-only values at midnight China time, moments in epoch ms, keepa series of
 * `{timePoint, value}` with -1 for no data, package sizes in millimetres under a centimetre label, month and day
 * texts (`2025-07`, `2025-07-14`), reviews at most 10 a page. A product id the service does not know (the
 * simulator's: ./product-identity.ts) answers OK with `data: null`, as the live service does for a missing product.
 */
import type { AnyOperation } from "../../api/catalog";
import type { Marketplace } from "../../api/catalog-types";
import { MARKETPLACES } from "../../api/catalog-types";
import { hashString, mix, Rng, round } from "./prng";
import {
  categoryScale,
  changes,
  chinaDay,
  dayOf,
  profileOf,
  today,
  unitsAtRank,
  type Day,
  type ProductProfile,
} from "./asin-profile";
import { reviewPage } from "./asin-reviews";
import { isKnownAsin } from "./product-identity";
import { MARKET_FACTS } from "./vocab";
import { categoryFromPath, DAY_MS, pad2, productUrl } from "./values";

type Json = Record<string, unknown>;

const isoDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
};
const isoMonth = (ms: number) => isoDay(ms).slice(0, 7);
const image = (p: ProductProfile, size: string) => `https://m.media-amazon.com/images/I/${p.imageId}L._AC_${size}_.jpg`;
const avg = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const decimals = (p: ProductProfile) => MARKET_FACTS[p.market].priceDecimals;

/** The coupon a listing shows today, as its badge reads. */
function couponText(p: ProductProfile, day: Day): string | null {
  if (!day.coupon) return null;
  const symbol = MARKET_FACTS[p.market].currencySymbol;
  return day.coupon.type === "P" ? `Save ${day.coupon.off}%` : `Save ${symbol}${day.coupon.off}`;
}

/** The last price the product was offered at (today's, or the last before it went out of stock). */
const lastPrice = (p: ProductProfile) => [...p.days].reverse().find((d) => d.price > 0)?.price ?? p.days[0].listPrice;

/** The details of the product (asin_detail, and the `asin` object of the coupon and sales-trend answers). */
export function detailOf(p: ProductProfile, now: number): Json {
  const day = today(p);
  const rng = new Rng(mix(p.seed, 23));
  const facts = MARKET_FACTS[p.market];
  const leaf = p.category.labels.at(-1) ?? "";
  const inches = [rng.float(2, 20, 1), rng.float(1, 12, 1), rng.float(0.5, 8, 1)];
  return {
    asin: p.asin,
    marketplace: p.market,
    title: p.title,
    brand: p.brand,
    brandUrl: `/stores/${p.brand}/page/${rng.chars("0123456789ABCDEF", 8)}?ref_=ast_bln`,
    asinUrl: productUrl(p.market, p.asin),
    imageUrl: image(p, "US200"),
    zoomImageUrl: image(p, "US600"),
    parent: p.variants.length > 1 ? p.parent : p.asin,
    // The listing's price stays while out of stock (only the offers and the Buy Box go).
    price: lastPrice(p),
    primePrice: rng.chance(0.7) ? -1 : round(lastPrice(p) * 0.95, decimals(p)),
    deliveryPrice: rng.chance(0.8) ? -1 : round(rng.float(2, 6) * facts.priceFactor, decimals(p)),
    coupon: couponText(p, day),
    bsrId: p.category.bsrId,
    bsrLabel: p.category.labels[0] ?? "",
    bsrRank: day.bsr,
    nodeId: p.category.ids.at(-1) ?? "",
    nodeIdPath: p.category.ids.join(":"),
    nodeLabelPath: p.category.labels.join(":"),
    nodeLabelPathLocale: p.category.labelsCn.join(":"),
    subcategories: [
      { rank: Math.max(1, Math.round(day.bsr / rng.float(8, 40))), code: p.category.ids.at(-1), label: leaf },
    ],
    rating: day.rating,
    ratings: day.ratings,
    reviews: Math.round(day.ratings * 0.32),
    variantRatings: Math.round(day.ratings / p.parentFactor),
    variantReviews: Math.round((day.ratings / p.parentFactor) * 0.32),
    questions: rng.int(0, 60),
    lqs: rng.int(55, 99),
    availableDate: p.listedAt,
    firstRatingDate: p.firstRatingAt,
    sellerId: `A${rng.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 13)}`,
    sellerName: `${p.brand} Direct`,
    fulfillment: rng.pick(["FBA", "FBA", "FBA", "FBM", "AMZ"]),
    sellers: day.sellers,
    variations: p.variants.length,
    variationList: p.variants,
    skuList: p.variants[0].attribute.split(", ").map((part, i) => `${i === 0 ? "Color" : "Size"}: ${part}`),
    dimensions: facts.imperial
      ? `${inches.join(" x ")} inches`
      : `${inches.map((x) => round(x * 2.54, 1)).join(" x ")} cm`,
    weight: facts.imperial ? `${rng.float(0.2, 9)} pounds` : `${rng.int(90, 4000)} g`,
    features: [
      `PREMIUM QUALITY: ${p.title.split(",")[0]} made to last.`,
      "EASY TO USE: ready out of the box, no tools needed.",
      `WHAT YOU GET: 1 x ${leaf.toLowerCase()}, a user guide and a 12-month warranty.`,
    ],
    overviews: JSON.stringify({ Brand: p.brand, Color: p.variants[0].attribute.split(", ")[0] }),
    badge: {
      bestSeller: day.bsr <= 30 ? "Y" : "N",
      amazonChoice: rng.chance(0.2) ? "Y" : "N",
      newRelease: now - p.listedAt < 90 * DAY_MS ? "Y" : "N",
      ebc: rng.chance(0.7) ? "Y" : "N",
      video: rng.chance(0.45) ? "Y" : "N",
    },
    createdTime: p.listedAt + rng.int(1, 20) * DAY_MS + rng.int(0, 86_399) * 1000,
    updatedTime: dayOf(now) - rng.int(0, 2) * DAY_MS + rng.int(0, 86_399) * 1000,
  };
}

/** Coupon days of the last 90 days, newest first. */
function couponDays(p: ProductProfile): Json[] {
  return p.days
    .slice(-90)
    .filter((d) => d.coupon && d.price > 0)
    .reverse()
    .map((d) => {
      const coupon = d.coupon!;
      const off = coupon.type === "P" ? round((d.price * coupon.off) / 100, decimals(p)) : coupon.off;
      return {
        date: isoDay(d.day),
        marketplace: p.market,
        asin: p.asin,
        type: coupon.type,
        asinPrice: d.price,
        couponPrice: off,
        finalPrice: round(d.price - off, decimals(p)),
      };
    });
}

/** Days grouped by calendar month (UTC), oldest first. */
function months(p: ProductProfile): { month: number; days: Day[] }[] {
  const out: { month: number; days: Day[] }[] = [];
  for (const d of p.days) {
    const date = new Date(d.day);
    const month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    if (out.at(-1)?.month !== month) out.push({ month, days: [] });
    out.at(-1)!.days.push(d);
  }
  return out;
}

const priced = (days: readonly Day[]) => days.filter((d) => d.price > 0);

/** Complete months before today's, the last `count` of them. */
const pastMonths = (p: ProductProfile, count: number) => months(p).slice(0, -1).slice(-count);

function salesTrend(p: ProductProfile, now: number): Json {
  return {
    asin: detailOf(p, now),
    salesTrendPoints: pastMonths(p, 24).map(({ month, days }) => {
      const units = days.reduce((sum, d) => sum + d.units, 0);
      const revenue = days.reduce((sum, d) => sum + d.units * Math.max(d.price, 0), 0);
      const prices = priced(days).map((d) => d.price);
      return {
        month: isoMonth(month),
        price: prices.at(-1) ?? null,
        averagePrice: prices.length ? round(avg(prices), decimals(p)) : null,
        parentUnitSales: Math.round(units * p.parentFactor),
        childUnitSales: units,
        parentSalesRevenue: round(revenue * p.parentFactor, 2),
        childSalesRevenue: round(revenue, 2),
      };
    }),
  };
}

function salesEstimate(p: ProductProfile): Json {
  const last = today(p);
  return {
    asinDetail: {
      asin: p.asin,
      title: p.title,
      brand: p.brand,
      availableDate: p.listedAt,
      category: p.category.labels[0] ?? "",
      categoryId: p.category.ids[0] ?? "",
      imageUrl: image(p, "US600"),
      ratings: last.ratings,
      rating: last.rating,
    },
    dailyItemList: p.days.slice(-31, -1).map((d) => ({
      date: isoDay(d.day),
      bsr: d.bsr,
      sales: d.units,
      amount: round(d.units * Math.max(d.price, 0), 2),
      price: d.price > 0 ? d.price : null,
    })),
    monthItemList: pastMonths(p, 14).map(({ month, days }) => {
      const units = days.reduce((sum, d) => sum + d.units, 0);
      const prices = priced(days).map((d) => d.price);
      return {
        date: isoMonth(month),
        sales: units,
        amount: round(
          days.reduce((sum, d) => sum + d.units * Math.max(d.price, 0), 0),
          2,
        ),
        price: prices.length ? round(avg(prices), decimals(p)) : null,
      };
    }),
  };
}

function keepa(p: ProductProfile, now: number): Json {
  const detail = detailOf(p, now);
  const rng = new Rng(mix(p.seed, 29));
  const inches = [rng.float(4, 24, 1), rng.float(3, 20, 1), rng.float(1, 12, 1)];
  const gramsNet = rng.int(90, 9000);
  const subNode = p.category.ids.at(-1) ?? "";
  return {
    marketplace: p.market,
    asin: p.asin,
    dataAsin: p.asin,
    parentAsin: detail.parent,
    variationAsins: p.variants.map((v) => v.asin),
    title: p.title,
    brand: p.brand,
    asinUrl: detail.asinUrl,
    brandUrl: `https://${MARKET_FACTS[p.market].domain}/s?k=${encodeURIComponent(p.brand)}`,
    imageUrl: detail.imageUrl,
    zoomImageUrl: detail.zoomImageUrl,
    imageUrls: [
      detail.imageUrl,
      `https://m.media-amazon.com/images/I/${rng.chars("abcdefXYZ0123456789", 11)}L._AC_US200_.jpg`,
    ],
    productStatus: "STANDARD",
    availabilityAmazon: detail.fulfillment === "AMZ" ? "0" : "-1",
    rootCategory: p.category.ids[0] ?? "",
    rootCategoryLabel: p.category.labels[0] ?? "",
    salesRankReference: p.category.ids[0] ?? "",
    salesRankUrl: `https://${MARKET_FACTS[p.market].domain}/b/?node=${p.category.ids[0] ?? ""}`,
    salesRankReferenceHistory: [{ timePoint: p.listedAt + DAY_MS, value: p.category.ids[0] ?? "" }],
    nodeIdPath: detail.nodeIdPath,
    nodeLabelPath: detail.nodeLabelPath,
    dimensions: detail.dimensions,
    weight: detail.weight,
    weightGram: gramsNet,
    pkgDimensions: `${inches.join(" x ")} inches`,
    // Millimetres, though the docs label them centimetres (22 x 19.9 x 12.4 inches -> [558, 506, 316]).
    pkgDimensionsSize: inches.map((x) => Math.round(x * 25.4)),
    pkgWeight: `${round((gramsNet * 1.15) / 453.6, 2)} pounds`,
    pkgWeightGram: Math.round(gramsNet * 1.15),
    fbaFees: round(rng.float(3, 14) * MARKET_FACTS[p.market].priceFactor, decimals(p)),
    fbaItems: JSON.stringify({ pickAndPackFeeTax: 0, storageFee: 0, storageFeeTax: 0, pickAndPackFee: 5.43 }),
    numberOfPages: -1,
    numberOfItems: 1,
    price: changes(p, (d) => d.price),
    dealPrice: changes(p, (d) => d.deal ?? -1),
    buyBox: changes(p, (d) => d.buyBox),
    priceList: changes(p, (d) => d.listPrice),
    buyBoxSellerIdHistory: [{ timePoint: p.days[0].day + 3_600_000, value: detail.sellerId }],
    bsr: changes(p, (d) => d.bsr),
    subSalesRank: [
      {
        nodeId: subNode,
        node: p.category.labels.at(-1) ?? "",
        ranks: changes(p, (d) => Math.max(1, Math.round(d.bsr / 12))),
      },
    ],
    reviews: changes(p, (d) => d.ratings),
    rating: changes(p, (d) => d.rating),
    sellers: changes(p, (d) => d.sellers),
  };
}

function bsrSales(market: Marketplace, params: Json): Json {
  const categoryId = String(params.categoryId ?? "");
  const bsr = Number(params.bsr ?? 1);
  const scale = categoryScale(categoryId);
  const rng = new Rng(hashString(`bsr|${market}|${categoryId}`));
  const daily = (rank: number) => Math.max(0, Math.round(unitsAtRank(rank, market, scale)));
  const monthly = (rank: number) => Math.round(daily(rank) * 30 * rng.float(0.95, 1.05));
  return {
    marketplace: market,
    bsr,
    categoryLabel: categoryFromPath(categoryId).labels[0] ?? "",
    estDailySales: daily(bsr),
    estMonthSales: monthly(bsr),
    itemList: Array.from({ length: 10 }, (_, i) => i + 1).map((rank) => ({
      bsr: rank,
      estDailySales: daily(rank),
      estMonthSales: monthly(rank),
    })),
  };
}

function keywordStat(p: ProductProfile, now: number): Json {
  const rng = new Rng(mix(p.seed, 31));
  const keywords = Math.round(rng.logUniform(40, 3000) * Math.max(0.2, 1 - Math.log10(today(p).bsr) / 7));
  const ranks = Math.round(keywords * rng.float(0.55, 0.8));
  const count = (share: number) => Math.round(keywords * share * rng.float(0.6, 1.4));
  return {
    marketplace: p.market,
    asin: p.asin,
    keywords,
    ranks,
    ads: keywords - ranks,
    calcTime: dayOf(now) - rng.int(1, 36) * 3_600_000,
    badgeCount: {
      ns: count(0.4),
      ac: rng.chance(0.7) ? 0 : rng.int(1, 6),
      er: count(0.02),
      fs: rng.chance(0.8) ? 0 : rng.int(1, 8),
      hr: count(0.04),
      sb: count(0.1),
      sv: count(0.07),
      ad: count(0.28),
    },
  };
}

const RELATIONS = ["vav", "bab", "fbt", "csi", "avp", "cob", "mib", "sp"] as const;

function listingStat(p: ProductProfile, now: number): Json {
  const rng = new Rng(mix(p.seed, 37));
  const items = RELATIONS.filter(() => rng.chance(0.7)).map((relation) => ({
    relation,
    count: rng.logUniform(1, relation === "vav" || relation === "bab" ? 60 : 15),
  }));
  const paid = items.filter((i) => i.relation === "sp" || i.relation === "cob").reduce((s, i) => s + i.count, 0);
  const relations = items.reduce((s, i) => s + i.count, 0);
  return {
    marketplace: p.market,
    asin: p.asin,
    relations,
    freeRelations: relations - paid,
    paidRelations: paid,
    calcTime: dayOf(now) - rng.int(1, 48) * 3_600_000,
    items,
  };
}

const marketOf = (params: Json): Marketplace => MARKETPLACES.find((m) => m.code === params.marketplace)?.code ?? "US";

/** The `data` of a single-product operation for validated parameters. */
export function asinAnswer(op: Extract<AnyOperation, { group: "asin" }>, params: Json, now: number): unknown {
  const market = marketOf(params);
  if (op.code === "bsr_prediction") return bsrSales(market, params);
  const asin = String(params.asin ?? "");
  if (!isKnownAsin(asin)) return null;
  const p = profileOf(market, asin, now);
  switch (op.code) {
    case "asin_detail":
      return detailOf(p, now);
    case "asin_coupon_trend":
      return couponDays(p);
    case "asin_detail_with_coupon_trend":
      return { asin: detailOf(p, now), couponTrends: couponDays(p) };
    case "asin_prediction":
      return salesEstimate(p);
    case "asin_sales_trend":
      return salesTrend(p, now);
    case "keepa_info":
      return keepa(p, now);
    case "traffic_keyword_stat":
      return keywordStat(p, now);
    case "traffic_listing_stat":
      return listingStat(p, now);
    case "review":
      return reviewPage(p, params, now, chinaDay);
    default: {
      const unhandled: never = op;
      throw new Error(`no single-product answer for ${JSON.stringify(unhandled)}`);
    }
  }
}
