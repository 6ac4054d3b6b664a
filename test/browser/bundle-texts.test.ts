/**
 * The BUILT add-in: Excel loads functions.js when a workbook opens, so it is built without the catalog's words for
 * people (webpack/strip-catalog-texts.js); they are a chunk of their own that the task pane (and headers=labels)
 * load on demand (src/api/words/texts.ts). The pane's labels and titles are checked in taskpane.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { BUILD_TIMEOUT_MS, DIST, ensureBuilt } from "./support/built-addin";

beforeAll(ensureBuilt, BUILD_TIMEOUT_MS);

/** Long words only: a short label may also be a wire value ("FBA" is both). A history's columns have docs too. */
const wordsOf = (op: (typeof OPERATIONS)[number]) =>
  [
    op.description,
    ...(op.params as readonly ParamSpec[]).map((p) => p.doc),
    ...(op.history?.columns ?? []).map((c) => c.doc),
  ].filter((w) => w.length > 20);

test("functions.js holds no operation's description or parameter doc; the words chunk holds every one", () => {
  const functions = readFileSync(path.join(DIST, "functions.js"), "utf8");
  const chunk = readdirSync(DIST).find((f) => /^catalog-texts\.[0-9a-f]+\.js$/.test(f));
  expect(chunk).toBeDefined();
  const texts = readFileSync(path.join(DIST, chunk!), "utf8");
  for (const op of OPERATIONS) {
    // JSON escapes some characters; the words are compared as JSON strings too.
    const found = wordsOf(op).filter(
      (w) => functions.includes(w) || functions.includes(JSON.stringify(w).slice(1, -1)),
    );
    expect([op.code, found]).toEqual([op.code, []]);
    // webpack writes a JSON module as JSON.parse('...'): JSON escapes, and single quotes escaped too.
    const missing = wordsOf(op).filter((w) => !texts.includes(JSON.stringify(w).slice(1, -1).replace(/'/g, "\\'")));
    expect([op.code, missing]).toEqual([op.code, []]);
  }
  // The lookup functions (MAD.PRODUCT, MAD.PRODUCTS) are words too: their descriptions are in the chunk, not in
  // functions.js.
  for (const card of LOOKUP_FUNCTIONS) {
    expect([card.fn, functions.includes(card.description)]).toEqual([card.fn, false]);
    expect([card.fn, texts.includes(card.description.replace(/'/g, "\\'"))]).toEqual([card.fn, true]);
  }
  // The wire facts stay: every path and function name.
  for (const op of OPERATIONS) expect(functions).toContain(op.path);
});
