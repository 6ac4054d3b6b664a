/**
 * The catalog's words for people (operations' titles and descriptions, parameters' docs, option labels, fields'
 * docs) in the built add-in. They are written in the catalog's rows (one home) and every face reads them from the
 * rows, but the bundles are built without them (webpack/strip-catalog-texts.js empties them): Excel loads the
 * functions bundle when a workbook opens, and a cell needs none of them. `npm run gen:functions` copies them, in
 * the order `eachWord` meets them, into generated/catalog-texts.json, a chunk of its own; `loadCatalogTexts` puts
 * them back into the rows: the task pane before it first renders, a formula only for `headers=labels`. Under node
 * (tests, scripts) nothing is stripped, and putting the words back changes nothing.
 */
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../catalog";
import { RECORD_FIELDS, TRAFFIC_KEYWORD_STATS_FIELDS } from "../records";

/** The properties the loader empties, wherever they are in the catalog's rows. */
const WORD_PROPERTIES = ["title", "description", "doc", "label"] as const;

/**
 * Calls `visit` on each word property of the catalog, always in the same order (the rows' own order, depth first),
 * so the list the generator writes and the rows the add-in fills line up one for one. An object shared by several
 * rows is met once per row, which fills it with the same words again.
 */
function eachWord(visit: (holder: Record<string, unknown>, key: string) => void): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== "object" || value === null) return;
    const holder = value as Record<string, unknown>;
    for (const [key, inner] of Object.entries(holder)) {
      if (typeof inner === "string" && (WORD_PROPERTIES as readonly string[]).includes(key)) visit(holder, key);
      else walk(inner);
    }
  };
  walk([OPERATIONS, LOOKUP_FUNCTIONS, RECORD_FIELDS, TRAFFIC_KEYWORD_STATS_FIELDS]);
}

/** The catalog's words in `eachWord`'s order: what generated/catalog-texts.json holds. */
export function catalogWords(): string[] {
  const words: string[] = [];
  eachWord((holder, key) => words.push(holder[key] as string));
  return words;
}

/**
 * Puts the words back into the rows. A list that does not line up (a stale build) is refused, never half-applied.
 * @public test/build/catalog-texts.test.ts calls it on a stripped copy of src/, by a require knip cannot follow.
 */
export function restoreCatalogWords(words: readonly string[]): void {
  let count = 0;
  eachWord(() => void count++);
  if (count !== words.length) throw new Error(`catalog words: ${words.length} given, the catalog has ${count} places`);
  let at = 0;
  eachWord((holder, key) => void (holder[key] = words[at++]));
}

let loading: Promise<void> | undefined;

/** Loads the words once (a chunk of their own in the built add-in); later calls wait for the same load. */
export function loadCatalogTexts(): Promise<void> {
  loading ??= import(/* webpackChunkName: "catalog-texts" */ "../generated/catalog-texts.json").then(
    // As an ES module (webpack) the JSON is its default export; as CommonJS (jest) the module itself.
    (module) => restoreCatalogWords(((module as { default?: unknown }).default ?? module) as string[]),
    (error: unknown) => {
      loading = undefined; // a failed load may be tried again
      throw error;
    },
  );
  return loading;
}
