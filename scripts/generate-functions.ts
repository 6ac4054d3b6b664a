/**
 * Writes everything generated from the operation catalog, in every language (REFERENCES of
 * src/functions/codegen/wrappers.ts): src/functions/generated/functions.ts (the MAD.* wrappers; their English JSDoc
 * is functions.json), src/functions/generated/functions-zh-CN.json (the same functions' metadata in Chinese, from
 * the wrappers rendered with the Chinese words through custom-functions-metadata, as the build does for English:
 * Microsoft's "Localize custom functions" asks for one metadata file per language, referenced by the manifest's
 * locale override, and notes that autogeneration alone does not localize:
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming#localize-custom-functions), each language's function reference (docs/functions.md, docs/functions.zh-CN.md), its help page
 * (src/functions/generated/help.html, help.zh-CN.html) and its README's functions section (README.md,
 * README.zh-CN.md), and src/api/generated/catalog-texts.json (the catalog's words for people, which the bundles
 * are built without: src/api/words/texts.ts). Run after changing the catalog or its words: `npm run gen:functions`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { renderHelpPage } from "../src/functions/codegen/help-page";
import { renderFunctionsDoc, renderReadmeSummary, withFunctionsSection } from "../src/functions/codegen/readme";
import { REFERENCES, renderFunctionsSource } from "../src/functions/codegen/wrappers";
import { catalogTextsFile } from "../src/functions/codegen/catalog-words-file";
import { docsWords } from "../src/i18n/docs";
import { LOCALES, setLocale, type Locale } from "../src/i18n/locale";

const root = join(__dirname, "..");
export const FUNCTIONS_FILE = join(root, "src/functions/generated/functions.ts");
export const GENERATED_DIR = join(root, "src/functions/generated");
export const CATALOG_TEXTS_FILE = join(root, "src/api/generated/catalog-texts.json");

/** The wrapper file as written: the rendering in the project's prettier style (what `npm run lint` checks). */
export function functionsFileText(): string {
  const cli = require.resolve("prettier/bin/prettier.cjs");
  return execFileSync(process.execPath, [cli, "--stdin-filepath", FUNCTIONS_FILE], {
    input: renderFunctionsSource(),
    encoding: "utf8",
  });
}

/** The functions' metadata in the active language: the wrappers rendered with its words, read as the build reads them. */
export async function metadataText(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "mad-metadata-"));
  try {
    const source = join(dir, "functions.ts");
    writeFileSync(source, renderFunctionsSource());
    const generated = await generateCustomFunctionsMetadata(source);
    if (generated.errors.length) throw new Error(`functions metadata: ${generated.errors.join("; ")}`);
    return generated.metadataJson;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface GeneratedFile {
  /** Relative to the repository root. */
  readonly path: string;
  readonly text: string;
}

/** Every file generated from the catalog in `locale` (the README as it is, with its functions section renewed). */
export async function referenceFiles(locale: Locale): Promise<GeneratedFile[]> {
  await setLocale(locale);
  const ref = REFERENCES[locale];
  const readmePath = join(root, ref.readme);
  const readme = existsSync(readmePath) ? readFileSync(readmePath, "utf8") : "# Marketplace Analytics Data for Excel\n";
  const files: GeneratedFile[] = [
    { path: ref.doc, text: renderFunctionsDoc() },
    { path: `src/functions/generated/${ref.help}`, text: renderHelpPage() },
    { path: ref.readme, text: withFunctionsSection(readme, renderReadmeSummary(), docsWords().functionsHeading) },
  ];
  // English metadata is built from functions.ts by the webpack plugin; other languages' are committed beside it.
  if (locale === "en") files.push({ path: "src/functions/generated/functions.ts", text: functionsFileText() });
  else files.push({ path: `src/functions/generated/${ref.metadata}`, text: await metadataText() });
  return files;
}

async function main(): Promise<void> {
  for (const locale of LOCALES) {
    for (const file of await referenceFiles(locale)) writeFileSync(join(root, file.path), file.text);
  }
  await setLocale("en");
  writeFileSync(CATALOG_TEXTS_FILE, catalogTextsFile());
  console.log(
    `wrote the function reference, help pages, metadata and README sections for ${LOCALES.join(", ")} and the catalog's words`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
