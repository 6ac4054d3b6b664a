/**
 * A lookup by a list of ASINs (competitor lookup's `asins`, the operation's `batch` in the catalog), answered as the
 * service answers it: one item per listed ASIN it knows, each that product whatever else the list holds or however
 * the list is grouped, and nothing for an ASIN it does not know (./product-identity.ts says which it knows, as for
 * the single-product operations, where the service answers `data: null`). The facts a seller watches (title, brand,
 * price, rank, category, rating, units, listing date, seller) come from the product's profile (./asin-profile.ts),
 * so the lookup, the details and the histories of one product tell one story; the other fields are drawn per ASIN.
 */
import type { AnyOperation } from "../../api/catalog";
import { batchOf, listedKeys } from "../../api/lookups/batch";
import type { FieldSpec, Marketplace } from "../../api/catalog-types";
import { detailOf } from "./asin";
import { profileOf, today } from "./asin-profile";
import { isKnownAsin } from "./product-identity";
import { resolveField } from "./generators";
import { mix, round } from "./prng";
import { Row } from "./row";
import { scenarioFor } from "./scenario";

/** The ASINs a request lists for its batch parameter, upper case, each once; none when the operation has no batch. */
function listedAsins(op: AnyOperation, params: Readonly<Record<string, unknown>>): string[] {
  const batch = batchOf(op);
  return batch ? [...new Set(listedKeys(batch, params[batch.param]).map((a) => a.toUpperCase()))] : [];
}

/** The product record's facts of a known ASIN, from its profile: the last 30 days' units and revenue. */
function presetsOf(market: Marketplace, asin: string, now: number): Record<string, unknown> {
  const p = profileOf(market, asin, now);
  const day = today(p);
  const detail = detailOf(p, now);
  const month = p.days.slice(-31, -1);
  const units = month.reduce((sum, d) => sum + d.units, 0);
  const revenue = month.reduce((sum, d) => sum + d.units * Math.max(d.price, 0), 0);
  return {
    _category: p.category,
    asin,
    title: p.title,
    brand: p.brand,
    imageUrl: detail.imageUrl,
    parent: detail.parent,
    bsr: day.bsr,
    units: Math.round(units * p.parentFactor),
    revenue: round(revenue * p.parentFactor, 2),
    platformUnit: units,
    platformSales: round(revenue, 2),
    price: detail.price,
    rating: day.rating,
    ratings: day.ratings,
    availableDate: p.listedAt,
    fulfillment: detail.fulfillment,
    variations: p.variants.length,
    sellers: day.sellers,
    sellerId: detail.sellerId,
    sellerName: detail.sellerName,
    weight: detail.weight,
    dimension: detail.dimensions,
    lqs: detail.lqs,
  };
}

/**
 * The rows a lookup's list names, in the list's order: known ASINs only. Each row's seed is its ASIN's (with the
 * request's other parameters), never the list's, so the same ASIN reads the same in any batch.
 */
export function lookupRows(
  op: AnyOperation,
  fields: readonly FieldSpec[],
  params: Readonly<Record<string, unknown>>,
  now: number,
): Row[] {
  const batch = batchOf(op)!;
  const { [batch.param]: _list, page: _page, size: _size, order: _order, ...rest } = params;
  return listedAsins(op, params)
    .filter(isKnownAsin)
    .map((asin) => {
      const s = scenarioFor(op, { ...rest, [batch.param]: [asin] }, now);
      return new Row(s, fields, 0, mix(s.seed, 0), resolveField, "", undefined, presetsOf(s.market, asin, now));
    });
}
