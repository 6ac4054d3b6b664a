/**
 * Prints what a translation of the operation catalog's texts lacks (src/i18n/catalog-texts/<locale>.ts), as lines
 * ready to paste into it and fill in, each with where the text is read; and the entries nothing reads any more.
 * `npm run i18n:missing [-- --locale zh-CN]`; exits 1 when something is missing (what the guard test checks).
 */
import { parseArgs } from "node:util";
import { catalogTexts, type CatalogText } from "../src/api/words/catalog-text-list";
import type { CatalogTextTable } from "../src/i18n/catalog-translations";
import { texts as zhCN } from "../src/i18n/catalog-texts/zh-CN";
import type { OtherLocale } from "../src/i18n/locale";

const TABLES: Readonly<Record<OtherLocale, CatalogTextTable>> = { "zh-CN": zhCN };

/** The catalog's texts a translation lacks, and its entries no text of the catalog uses. */
export function translationGaps(table: CatalogTextTable, texts: readonly CatalogText[] = catalogTexts()) {
  const wanted = new Set(texts.map((x) => x.text));
  return {
    missing: texts.filter((x) => !(x.text in table) || table[x.text].trim() === ""),
    unused: Object.keys(table).filter((english) => !wanted.has(english)),
  };
}

/** The missing texts as lines of the translation's files, by file: `"English": "", // where`. */
export function missingLines(missing: readonly CatalogText[], locale: OtherLocale = "zh-CN"): string {
  const groups = [...new Set(missing.map((x) => x.group))];
  return groups
    .map((group) =>
      [
        `// src/i18n/catalog-texts/${locale}/${group}.ts`,
        ...missing.filter((x) => x.group === group).map((x) => `  ${JSON.stringify(x.text)}: "", // ${x.where}`),
      ].join("\n"),
    )
    .join("\n");
}

function main(): number {
  const { values } = parseArgs({ options: { locale: { type: "string", default: "zh-CN" } } });
  const locale = values.locale as OtherLocale;
  const table = TABLES[locale];
  if (!table) {
    console.error(`i18n:missing: no catalog texts for ${String(locale)} (known: ${Object.keys(TABLES).join(", ")})`);
    return 2;
  }
  const { missing, unused } = translationGaps(table);
  if (missing.length)
    console.log(
      `// ${missing.length} catalog texts without ${locale} (add to src/i18n/catalog-texts/${locale}.ts):\n${missingLines(missing)}`,
    );
  if (unused.length)
    console.log(
      `// ${unused.length} entries no catalog text uses (remove them):\n${unused.map((e) => `  ${JSON.stringify(e)}`).join("\n")}`,
    );
  if (!missing.length && !unused.length) console.log(`every catalog text has its ${locale} translation`);
  return missing.length || unused.length ? 1 : 0;
}

if (require.main === module) process.exitCode = main();
