/**
 * The catalog's words for people leave the bundles (webpack/strip-catalog-texts.js) and come back on demand
 * (src/api/words/texts.ts from src/api/generated/catalog-texts.json): the loader empties exactly the words and keeps every
 * wire fact; the generated words are the catalog's own, fresh; and once put back, the rows read as written.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../../src/api/catalog";
import { RECORD_FIELDS } from "../../src/api/records";
import { catalogTextsFile } from "../../src/functions/codegen/catalog-words-file";
import { CATALOG_TEXTS_FILE } from "../../scripts/generate-functions";

const { stripCatalogTexts } = require("../../webpack/strip-catalog-texts.js") as {
  stripCatalogTexts: (code: string, fileName?: string) => string;
};

const API = join(__dirname, "..", "..", "src", "api");
const SOURCES = [
  ...readdirSync(join(API, "catalog")).map((f) => join(API, "catalog", f)),
  ...readdirSync(join(API, "records")).map((f) => join(API, "records", f)),
  join(API, "params.ts"),
];

/** The catalog as the bundles hold it: src/ copied with its catalog's sources stripped, loaded from the copy. */
const COPY = join(__dirname, "..", "..", ".cache", `stripped-src-${process.pid}`);
interface StrippedCatalog {
  operations: unknown;
  /** The card functions (MAD.PRODUCT): a title and a description each, like an operation's. */
  cards: unknown;
  records: unknown;
  /** The copy's own src/api/words/texts.ts restoreCatalogWords. */
  restore: (words: readonly string[]) => void;
}
function strippedCatalog(): StrippedCatalog {
  rmSync(COPY, { recursive: true, force: true });
  cpSync(join(API, ".."), join(COPY, "src"), { recursive: true });
  for (const file of SOURCES) {
    const target = join(COPY, "src", relative(join(API, ".."), file));
    writeFileSync(target, stripCatalogTexts(readFileSync(file, "utf8"), file));
  }
  let loaded: StrippedCatalog | undefined;
  jest.isolateModules(() => {
    loaded = {
      operations: (require(join(COPY, "src", "api", "catalog")) as { OPERATIONS: unknown }).OPERATIONS,
      cards: (require(join(COPY, "src", "api", "catalog")) as { LOOKUP_FUNCTIONS: unknown }).LOOKUP_FUNCTIONS,
      records: (require(join(COPY, "src", "api", "records")) as { RECORD_FIELDS: unknown }).RECORD_FIELDS,
      restore: (
        require(join(COPY, "src", "api", "words", "texts")) as { restoreCatalogWords: StrippedCatalog["restore"] }
      ).restoreCatalogWords,
    };
  });
  return loaded!;
}
afterAll(() => rmSync(COPY, { recursive: true, force: true }));

/** A value with its words for people emptied, as the loader empties them. */
function withoutWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutWords);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      ["title", "description", "doc", "label"].includes(key) && typeof inner === "string" ? "" : withoutWords(inner),
    ]),
  );
}

test("the bundles' catalog is the catalog with every word for people emptied, and nothing else changed", () => {
  const { operations, cards, records } = strippedCatalog();
  // Every group's rows, the product group's history columns (their `level`/`flow` helpers' docs) and `timestamp`
  // parameters included: a builder the loader does not know would leave its words here.
  expect(operations).toEqual(withoutWords(OPERATIONS));
  expect(cards).toEqual(withoutWords(LOOKUP_FUNCTIONS));
  expect(records).toEqual(withoutWords(RECORD_FIELDS));
  // And the words are really gone: none of the operations' long texts is left.
  const texts = (OPERATIONS as readonly { description: string }[]).map((op) => op.description);
  expect(JSON.stringify(operations)).not.toContain(texts[0]);
});

test("the generated words are the catalog's, fresh (npm run gen:functions)", () => {
  expect(readFileSync(CATALOG_TEXTS_FILE, "utf8")).toBe(catalogTextsFile());
});

test("once the words are loaded, the bundles' catalog reads exactly as the catalog's rows write it", () => {
  const { operations, cards, records, restore } = strippedCatalog();
  expect(operations).not.toEqual(OPERATIONS);
  expect(cards).not.toEqual(LOOKUP_FUNCTIONS);
  restore(JSON.parse(readFileSync(CATALOG_TEXTS_FILE, "utf8")) as string[]);
  expect(operations).toEqual(OPERATIONS);
  expect(cards).toEqual(LOOKUP_FUNCTIONS);
  expect(records).toEqual(RECORD_FIELDS);
});

test("a list of words that does not line up with the catalog is refused, and the rows keep what they had", () => {
  const { operations, restore } = strippedCatalog();
  const words = JSON.parse(readFileSync(CATALOG_TEXTS_FILE, "utf8")) as string[];
  const before = JSON.stringify(operations);
  expect(() => restore(words.slice(1))).toThrow(/catalog words/);
  expect(JSON.stringify(operations)).toBe(before);
});
