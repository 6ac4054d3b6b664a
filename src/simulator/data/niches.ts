/**
 * Market research (niches): every category of the tree under the one asked for (or all), each known leaf with a few
 * sub-niches of its own, one row each. A niche's figures come from the same category sample the other market
 * operations draw for its nodeIdPath (market.ts), so the niche a screen ranks first shows the same average price
 * and units in MAD.PRICEBANDS, MAD.RATINGBANDS and MAD.LISTINGAGES. Filters (demand, concentration, price...) then
 * narrow this universe like any other (query.ts).
 */
import { CATEGORY_TREE, type CategoryNode } from "./category-tree";
import { hashString, mix, round, Rng } from "./prng";
import type { Generator, Row, Scenario } from "./row";
import { type Preset, type Sample, sampleOf } from "./market";
import { identityOf, mintAsin, PRODUCT_SEEDS, productImage } from "./product-identity";
import { brandName, categoryFromPath, toCurrency } from "./values";

/** Sub-niches under each known leaf: plausible categories whose names come from the generic labels. */
const SUB_NICHES = 5;

function knownPaths(): string[][] {
  const out: string[][] = [];
  const walk = (nodes: readonly CategoryNode[], parent: readonly string[]) => {
    for (const node of nodes) {
      const ids = [...parent, node.id];
      out.push(ids);
      if (node.children?.length) walk(node.children, ids);
      else
        for (let k = 0; k < SUB_NICHES; k++)
          out.push([...ids, String(1_000_000_000 + (hashString(`${ids.join(":")}#${k}`) % 8_000_000_000))]);
    }
  };
  walk(CATEGORY_TREE, []);
  return out;
}

const ALL_NICHES = knownPaths();

/** The niches under a path (itself included unless only its subcategories are wanted); all of them without one. */
function nichesUnder(path: readonly string[] | undefined): string[][] {
  if (!path?.length) return ALL_NICHES;
  const prefix = path.join(":");
  const under = ALL_NICHES.filter((ids) => ids.join(":") === prefix || ids.join(":").startsWith(`${prefix}:`));
  if (under.length) return under;
  // A path the tree does not know: sub-niches of its own, named like the tree's unknown nodes.
  return Array.from({ length: SUB_NICHES }, (_, k) => [
    ...path,
    String(1_000_000_000 + (hashString(`${prefix}#${k}`) % 8_000_000_000)),
  ]);
}

/** Presets of the universe's rows: each niche's identity and its category sample. */
export function nichePresets(s: Scenario): Preset[] {
  const words = String(s.params.departmentKeyword ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean);
  return nichesUnder(s.category?.ids)
    .map((ids) => categoryFromPath(ids.join(":")))
    .filter((c) => words.every((w) => c.labels.join(" ").toLowerCase().includes(w)))
    .map((c) => {
      const nodeIdPath = c.ids.join(":");
      const params = { nodeIdPath, month: s.params.month, newProduct: s.params.newProduct };
      return {
        nodeIdPath,
        nodeId: c.ids.at(-1),
        nodeLabelName: c.labels.at(-1),
        nodeLabelPath: c.labels.join(":"),
        nodeLabelLocale: c.labelsCn.at(-1),
        nodeLabelPathLocale: c.labelsCn.join(":"),
        _sample: sampleOf({ market: s.market, now: s.now, params }),
      };
    });
}

const sampleOfRow = (row: Row) => row.get<Sample>("_sample");
const price = (row: Row) => toCurrency(row.scenario.market, sampleOfRow(row).avgPriceUsd);
/** A niche's own draws: seeded by its sample, so a niche shows the same figures on every page and in every query. */
const draw = (row: Row, name: string) => new Rng(mix(sampleOfRow(row).seed, hashString(`niche.${name}`)));

/** Generators of the niche record's fields (and hidden facts the screen's filters read). */
export const NICHE: Record<string, Generator> = {
  "niche.ranking": (row) => row.index + 1,
  "niche.topProducts": (row) => sampleOfRow(row).products,
  "niche.totalProducts": (row) => sampleOfRow(row).products * draw(row, "total").int(8, 300),
  "niche.totalUnits": (row) => sampleOfRow(row).units,
  "niche.avgUnits": (row) => Math.round(sampleOfRow(row).units / sampleOfRow(row).products),
  "niche.avgPrice": (row) => price(row),
  "niche.avgRevenue": (row) => round(row.num("avgUnits") * price(row), 2),
  "niche.totalRevenue": (row) => round(row.num("totalUnits") * price(row), 2),
  "niche.brands": (row) => Math.max(1, Math.round(sampleOfRow(row).products * draw(row, "brands").float(0.3, 0.9))),
  "niche.sellers": (row) => Math.max(1, Math.round(sampleOfRow(row).products * draw(row, "sellers").float(0.4, 0.95))),
  "niche.avgRatings": (row) => draw(row, "ratings").logUniform(20, 20_000),
  "niche.avgRating": (row) => draw(row, "rating").float(3.7, 4.8, 1),
  "niche.avgBsr": (row) => draw(row, "bsr").logUniform(2_000, 400_000),
  "niche.brandConcentration": (row) => draw(row, "brandCrn").float(15, 92, 2),
  "niche._goodsCrn": (row) => draw(row, "goodsCrn").float(10, 85, 2),
  "niche._sellerCrn": (row) => draw(row, "sellerCrn").float(15, 90, 2),
  "niche.newProductRatio": (row) => round((sampleOfRow(row).newProducts / sampleOfRow(row).products) * 100, 2),
  "niche._newCount": (row) => sampleOfRow(row).newProducts,
  "niche.avgProfit": (row) => draw(row, "profit").float(25, 75, 2),
  "niche.avgSellers": (row) => draw(row, "avgSellers").float(1, 4, 1),
  "niche.ebcProportion": (row) => draw(row, "ebc").float(20, 95, 1),
  "niche.amazonSelfProportion": (row) => draw(row, "amazon").float(0, 20, 1),
  "niche.fbaProportion": (row) => round(draw(row, "fba").float(50, 90, 1) - row.num("amazonSelfProportion") / 2, 1),
  "niche.fbmProportion": (row) =>
    round(Math.max(0, 100 - row.num("fbaProportion") - row.num("amazonSelfProportion")), 1),
  "niche.sellerNation": (row) => (draw(row, "nation").chance(0.7) ? "CN" : "US"),
  "niche.sellerNationLabel": (row) => (row.get("sellerNation") === "CN" ? "中国" : "美国"),
  "niche.sellerProportion": (row) => draw(row, "nationShare").float(35, 85, 1),
  "niche.returnRatio": (row) => draw(row, "return").float(0.5, 9, 2),
  "niche.avgReturnRatio": (row) => round(row.num("returnRatio") * draw(row, "avgReturn").float(0.6, 1.6), 2),
  "niche.searchToPurchaseRatio": (row) => draw(row, "s2p").float(0.3, 6, 5),
  "niche.baseAvgVolume": (row) => draw(row, "volume").float(200, 60_000, 2),
  "niche.avgVolume": (row) => round(row.num("baseAvgVolume") / 16.387, 2),
  "niche.baseAvgWeight": (row) => draw(row, "weight").float(50, 8_000, 2),
  "niche.avgWeight": (row) => round(row.num("baseAvgWeight") / 453.6, 4),
  "niche._topAvgUnits": (row) => Math.round(row.num("avgUnits") * draw(row, "topUnits").float(2, 6)),
  "niche._topAvgRevenue": (row) => round(row.num("_topAvgUnits") * price(row), 2),
  "niche._topAvgBsr": (row) => Math.round(row.num("avgBsr") * draw(row, "topBsr").float(0.05, 0.4)),
  "niche.topBrands": (row) => {
    const rng = draw(row, "topBrands");
    return Array.from({ length: 3 }, () => brandName(rng));
  },
  "niche.topSellers": (row) => {
    const rng = draw(row, "topSellers");
    return Array.from({ length: 3 }, () => `${brandName(rng)}${rng.pick([" Direct", " Store", "-US", ""])}`);
  },
  "niche.top10Images": (row) => {
    const rng = draw(row, "images");
    // The niche's own products, each one product wherever it shows (./product-identity.ts), with its picture.
    const category = categoryFromPath(String(row.get("nodeIdPath")));
    return Array.from({ length: 10 }, () => {
      const asin = mintAsin(category, rng.int(0, category.nouns.length - 1), rng.int(0, PRODUCT_SEEDS - 1));
      return { asin, image: productImage(identityOf(asin)!) };
    });
  },
};
