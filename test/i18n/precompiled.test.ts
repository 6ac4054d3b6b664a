/**
 * What the bundles get: webpack/icu-catalog-loader.js parses every catalog at build time, so no ICU parser ships
 * (webpack.config.js aliases it to FormatJS's no-parser build; test/browser/bundles.test.ts looks in the built
 * bundles). Every message, compiled as the build compiles it,
 * formats to exactly what the catalog as written formats to, in each language, with plurals, selects and numbers.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { formatText } from "../../src/i18n/book";
import type { ArgKind, CompiledText, Messages } from "../../src/i18n/message";
import { ROOT } from "../architecture/source-scan";

const loader = require("../../webpack/icu-catalog-loader.js") as (this: unknown) => string;

/** The loader's module for a catalog file, evaluated: its exports by name. */
function compiled(file: string): Record<string, Record<string, CompiledText>> {
  const source = loader.call({ resourcePath: file, addDependency: () => undefined });
  const exports: Record<string, Record<string, CompiledText>> = {};
  new Function("exports", source.replace(/^export const (\w+) =/gm, "exports.$1 ="))(exports);
  return exports;
}

const DIR = join(ROOT, "src/i18n/messages");
const valueOf = (kind: ArgKind, round: number): string | number | Date =>
  kind === "number"
    ? [0, 1, 2, 2500][round]
    : kind === "date"
      ? new Date(2025, 2, 4, 10, 20)
      : ["yes", "no", "none", "x"][round];

describe.each(readdirSync(DIR))("%s", (locale) => {
  // The books (a book's parts in folders, kinds/ and templates/, are compiled with their book).
  test.each(readdirSync(join(DIR, locale)).filter((file) => file.endsWith(".ts")))(
    "%s: compiled at build time, every message reads as written",
    async (file) => {
      const written = (await import(join(DIR, locale, file))) as Record<string, Record<string, unknown>>;
      const english = (await import(join(DIR, "en", file))) as Record<string, Messages>;
      const built = compiled(join(DIR, locale, file));
      const [name] = Object.keys(written);
      const args = Object.values(english)[0];
      expect(Object.keys(built[name]).sort()).toEqual(Object.keys(written[name]).sort());
      for (const [id, entry] of Object.entries(written[name])) {
        const text = typeof entry === "string" ? entry : (entry as { text: string }).text;
        for (let round = 0; round < 4; round++) {
          const values = Object.fromEntries(
            Object.entries(args[id].args).map(([arg, kind]) => [arg, valueOf(kind, round)]),
          );
          expect({ id, text: formatText(built[name][id], locale as "en", values) }).toEqual({
            id,
            text: formatText(text, locale as "en", values),
          });
        }
      }
    },
  );
});
