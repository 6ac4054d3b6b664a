/**
 * The category lookup (`GET /v1/product/node`): nodes of the simulator's one category tree (the same ids and
 * names every other simulated operation uses), found by the words of their name path, by a node id, or by a node
 * path. Product counts are stable per market and path, and a node counts at least its subcategories' products.
 * Localized names are the Chinese ones, as the live service's `nodeLabelPathLocale` shows (fixture of
 * market_research_statistics: "电子产品:辅料").
 */
import type { Marketplace } from "../../api/catalog-types";
import type { CategoryNodeRecord } from "../../api/records";
import { hashString } from "./prng";
import { categoryFromPath } from "./values";
import { CATEGORY_TREE, type CategoryNode } from "./category-tree";

/** The live service joins node ids and node names with ':' (fixtures: "Electronics:Accessories & Supplies"). */
const SEPARATOR = ":";
/** At most this many nodes per answer, best matches first. */
const MAX_NODES = 50;
/** Marketplaces differ in size; the US is the largest. */
const MARKET_SCALE: Readonly<Record<Marketplace, number>> = {
  US: 1,
  JP: 0.45,
  UK: 0.4,
  DE: 0.5,
  FR: 0.3,
  IT: 0.25,
  ES: 0.25,
  CA: 0.3,
  IN: 0.35,
  MX: 0.2,
  BR: 0.2,
  AU: 0.15,
  AE: 0.1,
};

interface Located {
  readonly node: CategoryNode;
  readonly ids: readonly string[];
  readonly labels: readonly string[];
  readonly labelsCn: readonly string[];
}

function allNodes(): Located[] {
  const found: Located[] = [];
  const walk = (nodes: readonly CategoryNode[], parent?: Located) => {
    for (const node of nodes) {
      const here: Located = {
        node,
        ids: [...(parent?.ids ?? []), node.id],
        labels: [...(parent?.labels ?? []), node.label],
        labelsCn: [...(parent?.labelsCn ?? []), node.labelCn],
      };
      found.push(here);
      walk(node.children ?? [], here);
    }
  };
  walk(CATEGORY_TREE);
  return found;
}

const NODES = allNodes();

/** A leaf's own products (stable per market and path); a parent adds its subcategories'. */
function products(market: Marketplace, located: Located): number {
  const own = Math.round(
    (500 + (hashString(`${market}|${located.ids.join(SEPARATOR)}`) % 40_000)) * MARKET_SCALE[market],
  );
  const prefix = located.ids.join(SEPARATOR) + SEPARATOR;
  const children = NODES.filter(
    (n) => n.ids.length === located.ids.length + 1 && n.ids.join(SEPARATOR).startsWith(prefix),
  );
  return own + children.reduce((sum, child) => sum + products(market, child), 0);
}

/** A category held fewer products in past months (`month`): about 1 % fewer per month back. */
function monthShare(month: unknown, now: number): number {
  if (typeof month !== "string" || !/^\d{6}$/.test(month)) return 1;
  const today = new Date(now);
  const back =
    today.getUTCFullYear() * 12 + today.getUTCMonth() - (Number(month.slice(0, 4)) * 12 + Number(month.slice(4)) - 1);
  return Math.max(0.5, 1 - 0.01 * Math.max(0, back));
}

function record(market: Marketplace, located: Located, share: number): CategoryNodeRecord {
  return {
    nodeIdPath: located.ids.join(SEPARATOR),
    nodeLabelPath: located.labels.join(SEPARATOR),
    products: Math.round(products(market, located) * share),
    nodeLabelLocale: located.labelsCn.at(-1) ?? null,
    nodeLabelPathLocale: located.labelsCn.join(SEPARATOR),
  } as CategoryNodeRecord;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every word of the keyword starts a word of the node's name path (case-insensitive); a number is a node id. */
function matches(located: Located, keyword: string): boolean {
  const wanted = wordsOf(keyword);
  if (wanted.length === 0) return true;
  if (/^\d+$/.test(keyword.trim())) return located.node.id === keyword.trim();
  const have = wordsOf([...located.labels, ...located.labelsCn].join(" "));
  return wanted.every((w) => have.some((h) => h.startsWith(w)));
}

/** The node a path names and its direct subcategories; an id the tree does not know gets a stable name. */
function underPath(nodeIdPath: string): Located[] {
  const path = nodeIdPath.split(SEPARATOR).filter(Boolean).join(SEPARATOR);
  const known = NODES.find((n) => n.ids.join(SEPARATOR) === path);
  if (!known) {
    const category = categoryFromPath(path);
    const node: CategoryNode = { id: category.ids.at(-1) ?? "", label: "", labelCn: "", nouns: category.nouns };
    return [{ node, ids: category.ids, labels: category.labels, labelsCn: category.labelsCn }];
  }
  return [
    known,
    ...NODES.filter(
      (n) => n.ids.length === known.ids.length + 1 && n.ids.join(SEPARATOR).startsWith(`${path}${SEPARATOR}`),
    ),
  ];
}

export function categoryNodes(params: Readonly<Record<string, unknown>>, now: number): CategoryNodeRecord[] {
  const share = monthShare(params.month, now);
  const market = params.marketplace as Marketplace;
  const keyword = typeof params.keyword === "string" ? params.keyword : "";
  const nodeIdPath = typeof params.nodeIdPath === "string" ? params.nodeIdPath : "";
  let found: Located[];
  if (nodeIdPath) found = underPath(nodeIdPath).filter((n) => matches(n, keyword));
  else if (keyword.trim()) found = NODES.filter((n) => matches(n, keyword));
  else found = NODES.filter((n) => n.ids.length === 1);
  return found
    .map((n) => record(market, n, share))
    .sort((a, b) => (b.products ?? 0) - (a.products ?? 0))
    .slice(0, MAX_NODES);
}
