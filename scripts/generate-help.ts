/**
 * Writes the help pages the functions' help links open (src/functions/generated/help.html, help.zh-CN.html) from
 * the operation catalog (the same text as docs/functions.md and docs/functions.zh-CN.md). `npm run gen:functions`
 * writes them with everything else; the build copies them.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHelpPage } from "../src/functions/codegen/help-page";
import { REFERENCES } from "../src/functions/codegen/wrappers";
import { LOCALES, setLocale, type Locale } from "../src/i18n/locale";

/** A help page's file, in the language it is written in. */
export const helpFile = (locale: Locale) => join(__dirname, "..", "src/functions/generated", REFERENCES[locale].help);
export const HELP_FILE = helpFile("en");

async function main(): Promise<void> {
  for (const locale of LOCALES) {
    await setLocale(locale);
    writeFileSync(helpFile(locale), renderHelpPage());
  }
  await setLocale("en");
  console.log(`wrote ${LOCALES.map((l) => REFERENCES[l].help).join(", ")}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
