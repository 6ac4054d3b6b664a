/**
 * One ASIN is one product in every operation of the simulator (issue 46: B0VIWYLLVO was a yoga mat in product
 * research and a hiking backpack in MAD.PRODUCTS, the card and Product watch; any well-formed ASIN became a product).
 *
 * What a product is (its category, the kind of thing it is, its brand, title and picture) is read from its ASIN
 * alone, by every operation: the details, histories and lookups (./asin-profile.ts) and every list that shows the
 * product (product research, keywords' and markets' top products...). A product a list shows has an ASIN minted
 * for it: its category (a path of the category tree) and kind are written into the ASIN's last six characters, with
 * two check characters before them, so reading the ASIN back gives the same product. The simulator knows:
 * - minted ASINs (their check characters hold);
 * - numbered ones, `B0` and eight digits (`B000000001`): the products tests use by the hundred;
 * - the ASINs the docs, examples and tests name (./demo-asins.ts).
 * Any other ASIN, well-formed or not, is unknown to every operation: no record in lists and lookups, `data: null`
 * from the single-product operations (as the live service answers a missing product). A minted ASIN never holds a
 * Z, so the simulator's ids for "unknown" (with ZZZZ) stay unknown. One exception to one identity: a list filtered
 * by brand shows its rows under that brand (brand and title's first word), as the service answers such a query.
 */
import { CATEGORY_TREE, type CategoryNode } from "./category-tree";
import { DEMO_ASINS } from "./demo-asins";
import { hashString, mix, Rng } from "./prng";
import { COLORS, PREFIXES } from "./vocab";
import { brandName, categoryFromPath, categoryOfAsin, type CategoryPath } from "./values";

/** Products a category path and kind can have (the seed written into a minted ASIN). */
export const PRODUCT_SEEDS = 1 << 20;
/** Kinds (nouns) of one category at most, as written into a minted ASIN. */
const KINDS = 8;
/** A minted ASIN's characters: no Z (the simulator's unknown ids hold ZZZZ). */
const MINT = "ABCDEFGHIJKLMNOPQRSTUVWXY0123456789";
/** Its first character is a letter: a minted ASIN is never a numbered one. */
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";
const CHECKS = LETTERS.length * MINT.length;
const BODY = 6;
const IMAGE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
const ASIN = /^B0[A-Z0-9]{8}$/;
const NUMBERED = /^B0\d{8}$/;

/** Every path of the category tree (its node ids joined by `:`), depth first: the categories a minted ASIN names. */
const PATHS: readonly string[] = (() => {
  const out: string[] = [];
  const walk = (nodes: readonly CategoryNode[], above: readonly string[]) =>
    nodes.forEach((node) => {
      const path = [...above, node.id];
      out.push(path.join(":"));
      walk(node.children ?? [], path);
    });
  walk(CATEGORY_TREE, []);
  return out;
})();

/** The tree's path a category is written as: itself, or its deepest known ancestor (a made-up node id has none). */
function pathIndexOf(category: CategoryPath): number {
  for (let depth = category.ids.length; depth > 0; depth--) {
    const index = PATHS.indexOf(category.ids.slice(0, depth).join(":"));
    if (index >= 0) return index;
  }
  return hashString(category.ids.join(":")) % PATHS.length;
}

const checkOf = (body: string) => hashString(`asin|${body}`) % CHECKS;
const checkChars = (check: number) => `${LETTERS[check % LETTERS.length]}${MINT[Math.floor(check / LETTERS.length)]}`;

/** The ASIN of a product of this category, of its `kind`-th noun, the `seed`-th of them. */
export function mintAsin(category: CategoryPath, kind: number, seed: number): string {
  let payload = (pathIndexOf(category) * KINDS + (kind % KINDS)) * PRODUCT_SEEDS + (seed % PRODUCT_SEEDS);
  let body = "";
  for (let i = 0; i < BODY; i++) {
    body = MINT[payload % MINT.length] + body;
    payload = Math.floor(payload / MINT.length);
  }
  return `B0${checkChars(checkOf(body))}${body}`;
}

/** What a minted ASIN says (its category path and kind), or undefined when it is not one. */
function minted(asin: string): { path: string; kind: number } | undefined {
  if (!ASIN.test(asin)) return undefined;
  const body = asin.slice(4);
  if (asin.slice(2, 4) !== checkChars(checkOf(body)) || [...body].some((c) => !MINT.includes(c))) return undefined;
  const payload = [...body].reduce((n, c) => n * MINT.length + MINT.indexOf(c), 0);
  const group = Math.floor(payload / PRODUCT_SEEDS);
  const path = PATHS[Math.floor(group / KINDS)];
  return path === undefined ? undefined : { path, kind: group % KINDS };
}

/** Whether the simulator knows this product (minted, numbered, or named by the docs and tests). */
export function isKnownAsin(asin: string): boolean {
  const id = asin.trim().toUpperCase();
  if (!ASIN.test(id) || id.includes("ZZZZ")) return false;
  return NUMBERED.test(id) || DEMO_ASINS.has(id) || minted(id) !== undefined;
}

export interface ProductIdentity {
  readonly asin: string;
  readonly category: CategoryPath;
  /** The kind of thing it is: one of its category's nouns. */
  readonly noun: string;
  readonly brand: string;
  readonly title: string;
  /** Its picture's id on the image host. */
  readonly imageId: string;
}

const titleCase = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
const IDENTITIES = new Map<string, ProductIdentity>();
const IDENTITIES_KEPT = 4096;

/** The product an ASIN names, the same for every operation and marketplace; undefined when it is unknown. */
export function identityOf(asin: string): ProductIdentity | undefined {
  return isKnownAsin(asin) ? describeProduct(asin) : undefined;
}

/**
 * What an ASIN would be as a product, known or not (the single-product operations ask only for known ones: see
 * isKnownAsin; a profile is drawn for any id it is given).
 */
export function describeProduct(asin: string): ProductIdentity {
  const id = asin.trim().toUpperCase();
  const kept = IDENTITIES.get(id);
  if (kept) return kept;
  // Drawn as a product's profile drew it before it had an identity (its US profile's seed, the same draws), so the
  // products the docs and tests name keep their brand, title and picture.
  const seed = hashString(`product|US|${id}`);
  const rng = new Rng(seed);
  const read = minted(id);
  const category = read ? categoryFromPath(read.path) : categoryOfAsin(id);
  const brand = brandName(rng);
  const drawn = rng.pick(category.nouns);
  const noun = read ? category.nouns[read.kind % category.nouns.length] : drawn;
  const title =
    `${brand} ${titleCase(rng.pick(PREFIXES.filter(Boolean)))} ${titleCase(noun)}, ` +
    `${rng.pick(["Upgraded Version", "Easy to Clean", "Durable and Lightweight", "Gift Idea"])}, ${rng.pick(COLORS)}`;
  const identity = { asin: id, category, noun, brand, title, imageId: new Rng(mix(seed, 13)).chars(IMAGE_CHARS, 11) };
  if (IDENTITIES.size >= IDENTITIES_KEPT) IDENTITIES.delete(IDENTITIES.keys().next().value as string);
  IDENTITIES.set(id, identity);
  return identity;
}

/** A product's category (for an id the simulator does not know, one drawn from the id, as before it had one). */
export const categoryOfProduct = (asin: string): CategoryPath => describeProduct(asin).category;

/** A picture of the product on the image host, at one of the host's sizes. */
export const productImage = (identity: ProductIdentity, size = "_AC_US200_"): string =>
  `https://m.media-amazon.com/images/I/${identity.imageId}L.${size}.jpg`;
