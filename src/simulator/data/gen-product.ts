/** Field generators of the product record (competitor lookup, product research, listing traffic) and traffic source. */
import { round } from "./prng";
import type { Generator, ListDecision, NestedDecision, Row } from "./row";
import { facts, money, top } from "./gen-common";
import { operation } from "../../api/catalog";
import { optionsForMarket, type ParamSpec } from "../../api/catalog-types";
import { CategoryPath, daysAgo, sellerId } from "./values";

/** The marketplace's size tiers, from the catalog's table 1.4 (UK products are SB or O, never ST). */
const TIER_OPTIONS = (operation("product_research").params as readonly ParamSpec[]).find(
  (p) => p.name === "dimensionType",
)!.options!;
const sizeTiers = (market: string): string[] => optionsForMarket(TIER_OPTIONS, market).map((o) => String(o.value));

const NATIONS = ["CN", "CN", "CN", "CN", "US", "US", "HK", "JP", "DE", "TW"];

const weight = (row: Row, pounds: number) =>
  facts(row).imperial
    ? pounds < 1
      ? `${round(pounds * 16, 1)} ounces`
      : `${round(pounds, 2)} pounds`
    : pounds < 2
      ? `${Math.round(pounds * 453.6)} g`
      : `${round(pounds * 0.4536, 2)} kg`;
const dimension = (row: Row, inches: readonly number[]) =>
  facts(row).imperial ? `${inches.join(" x ")} inches` : `${inches.map((x) => round(x * 2.54, 1)).join(" x ")} cm`;

/** Badge values: mostly Y/N, sometimes the label text or null, as in live data. */
const BADGE: Record<string, Generator> = {
  "badge.bestSeller": (row, rng) => {
    const leaf = top(row).get<CategoryPath>("_category").labels.at(-1);
    if (top(row).num("bsr") <= 20 && rng.chance(0.7)) return `#1 Best Seller in ${leaf}`;
    return rng.chance(0.2) ? null : "N";
  },
  "badge.platformChoice": (_row, rng) => rng.pick(["N", "N", "N", "Y", "Amazon's Choice", null]),
  "badge.newRelease": (row, rng) =>
    rng.chance(0.1)
      ? null
      : daysAgo(row.scenario.now, 90) < top(row).num("availableDate") && rng.chance(0.5)
        ? "Y"
        : "N",
  "badge.ebc": (_row, rng) => (rng.chance(0.65) ? "Y" : "N"),
  "badge.video": (_row, rng) => (rng.chance(0.4) ? "Y" : "N"),
};

export const PRODUCT: Record<string, Generator> = {
  ...BADGE,
  "product.brandUrl": (row) => `https://${facts(row).domain}/s?k=${encodeURIComponent(String(row.get("brand")))}`,
  "product.symbol": (row) =>
    String((row.get("badge") as Record<string, unknown>)?.bestSeller ?? "N").startsWith("#") ? "Y" : null,
  "product.bsr": (row, rng) => Math.max(1, Math.round((row.index + 1) * rng.float(2, 9) + rng.int(0, 5))),
  "product.bsrCv": (row, rng) => Math.round(row.num("bsr") * rng.float(-0.4, 0.4)),
  "product.bsrCr": (row) => round((row.num("bsrCv") / Math.max(1, row.num("bsr") - row.num("bsrCv"))) * 100, 2),
  "product.units": (row, rng) =>
    Math.max(1, Math.round(60_000 * facts(row).volume * row.num("_pop") * rng.float(0.7, 1.3))),
  "product.unitsGr": (_row, rng) => (rng.chance(0.25) ? null : rng.float(-60, 150, 2)),
  // platformUnit covers only the last 30 days, so it is null when a past month is asked for.
  "product.platformUnit": (row, rng) =>
    row.scenario.month || rng.chance(0.3) ? null : Math.round(row.num("units") * rng.float(0.2, 1)),
  "product.platformUnitDate": (row, rng) =>
    row.get("platformUnit") === null ? null : daysAgo(row.scenario.now, rng.int(0, 3)) + rng.int(0, 86_399) * 1000,
  "product.platformSales": (row) =>
    row.get("platformUnit") === null ? null : round(row.num("platformUnit") * row.num("price"), 2),
  "product.revenue": (row) => round(row.num("units") * row.num("price"), 2),
  "product.averagePrice": (row, rng) => round(row.num("price") * rng.float(0.9, 1.15), facts(row).priceDecimals),
  "product.primePrice": (row, rng) =>
    rng.chance(0.7) ? -1 : rng.chance(0.3) ? null : round(row.num("price") * 0.9, facts(row).priceDecimals),
  "product.profit": (_row, rng) => rng.float(15, 85, 2),
  "product.fba": (row, rng) => money(row, rng.float(2.5, 16)),
  "product.ratingsRate": (_row, rng) => rng.float(0.1, 3, 2),
  "product.ratingsCv": (row, rng) => Math.round(row.num("ratings") * rng.float(0, 0.12)),
  "product.ratingDelta": (_row, rng) => (rng.chance(0.6) ? 0 : rng.int(1, 60)),
  "product.lqs": (_row, rng) => (rng.chance(0.1) ? null : rng.int(40, 100)),
  "product.availableDate": (row, rng) => daysAgo(row.scenario.now, rng.logUniform(20, 4500)),
  "product.fulfillment": (_row, rng) => rng.pick(["FBA", "FBA", "FBA", "FBA", "FBM", "FBM", "AMZ"]),
  "product.sellers": (_row, rng) => rng.logUniform(1, 12),
  "product.sellerId": (row, rng) => (row.get("fulfillment") === "AMZ" || rng.chance(0.1) ? null : sellerId(rng)),
  "product.sellerName": (row, rng) =>
    row.get("fulfillment") === "AMZ"
      ? "Amazon"
      : ((row.scenario.params.sellerName as string | undefined) ??
        `${row.get("brand")}${rng.pick(["", " Direct", " Store", "-US"])}`),
  "product.sellerNation": (row, rng) =>
    row.get("fulfillment") === "AMZ" ? row.scenario.market.replace("UK", "GB") : rng.pick(NATIONS),
  "product.badge": (): NestedDecision => ({}),
  "product.weight": (row, rng) => weight(row, rng.float(0.1, 12)),
  "product.dimension": (row, rng) => dimension(row, [rng.float(2, 30, 1), rng.float(1, 20, 1), rng.float(0.5, 10, 1)]),
  "product.dimensionsType": (row, rng) => (rng.chance(0.2) ? null : rng.pick(sizeTiers(row.scenario.market))),
  "product.pkgDimensions": (row, rng) =>
    rng.chance(0.15) ? null : dimension(row, [rng.float(3, 32, 1), rng.float(2, 22, 1), rng.float(0.5, 12, 1)]),
  "product.pkgDimensionType": (row, rng) =>
    row.get("pkgDimensions") === null ? null : rng.pick(sizeTiers(row.scenario.market)),
  "product.pkgWeight": (row, rng) => (row.get("pkgDimensions") === null ? null : weight(row, rng.float(0.2, 13))),
  "product.deliveryPrice": (row, rng) => (rng.chance(0.8) ? -1 : money(row, rng.float(0, 9))),
  "product.subcategories": (row, rng): ListDecision => {
    const category = row.get<CategoryPath>("_category");
    const presets = [];
    for (let depth = category.ids.length; depth >= 1 && presets.length < rng.int(1, 3); depth--) {
      presets.push({
        code: category.ids[depth - 1],
        label: category.labels[depth - 1],
        rank: Math.max(1, Math.round(row.num("bsr") / (depth + 1) / rng.float(1, 4))),
      });
    }
    return presets;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Traffic source: keyword counts per source for one product (or the products of a keyword).

export const TRAFFIC_SOURCE: Record<string, Generator> = {
  "trafficSource.asinInfo": (row): NestedDecision =>
    row.index === 0 && row.scenario.asins[0] ? { asin: row.scenario.asins[0] } : {},
  "trafficSource.keywords": (row, rng) => Math.round(rng.logUniform(80, 3000) * Math.max(0.1, row.num("_pop"))),
  "trafficSource.searchKeywords": (row, rng) => Math.round(row.num("keywords") * rng.float(0.6, 0.95)),
  "trafficSource.adKeywords": (row, rng) => Math.round(row.num("keywords") * rng.float(0, 0.3)),
  "trafficSource.acKeywords": (row, rng) => (rng.chance(0.6) ? 0 : rng.int(1, 12)),
  "trafficSource.editorialKeywords": (_row, rng) => (rng.chance(0.8) ? 0 : rng.int(1, 5)),
  "trafficSource.fourStarsKeywords": (_row, rng) => (rng.chance(0.8) ? 0 : rng.int(1, 8)),
  "trafficSource.hrKeywords": (row, rng) => Math.round(row.num("keywords") * rng.float(0, 0.03)),
  "trafficSource.videoKeywords": (row, rng) => Math.round(row.num("keywords") * rng.float(0, 0.02)),
  "trafficSource.brandKeywords": (_row, rng) => (rng.chance(0.7) ? 0 : rng.int(1, 20)),
  "trafficSource.badgeLabels": (row) => Object.keys(row.get("badgeDetails") as object),
  "trafficSource.badgeDetails": (row) => {
    const details: Record<string, string[]> = { SEARCH: ["NATURAL_SEARCHING"] };
    if (row.num("acKeywords") > 0) details.OFFICIAL = ["PLATFORM_CHOICE"];
    const ads = [
      ...(row.num("brandKeywords") > 0 ? ["SPONSOR_BRAND"] : []),
      ...(row.num("videoKeywords") > 0 ? ["SPONSOR_VIDEO"] : []),
      ...(row.num("hrKeywords") > 0 ? ["HIGHLY_RATED"] : []),
      ...(row.num("adKeywords") > 0 ? ["ADS"] : []),
    ];
    if (ads.length > 0) details.AD = ads;
    return details;
  },
  "asinInfo.asinUrl": (row) => `https://${facts(row).domain}/dp/${row.get("asin")}?psc=1`,
  "asinInfo.bsrRank": (row, rng) => rng.logUniform(1, 200_000) + row.parent!.index * 10,
  "asinInfo.bsrLabel": (row) => top(row).get<CategoryPath>("_category").labels[0],
  "asinInfo.category1Id": (row) => top(row).get<CategoryPath>("_category").ids[0],
  "asinInfo.category1Name": (row) => top(row).get<CategoryPath>("_category").labels[0],
  "asinInfo.nodeIdPath": (row) => top(row).get<CategoryPath>("_category").ids.join(":"),
  "asinInfo.rating": (_row, rng) => rng.float(3.3, 4.9, 1),
};
