/**
 * Writes src/functions/generated/functions.ts (the MAD.* wrappers with their JSDoc), docs/functions.md (the function reference),
 * the README's short `## Functions` section and src/api/generated/catalog-texts.json (the catalog's words for people,
 * which the functions bundle is built without) from the operation catalog. Run after changing the catalog:
 * `npm run gen:functions`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  FUNCTIONS_DOC,
  renderFunctionsDoc,
  renderReadmeSummary,
  withFunctionsSection,
} from "../src/functions/codegen/readme";
import { renderFunctionsSource } from "../src/functions/codegen/wrappers";
import { catalogTextsFile } from "../src/functions/codegen/catalog-texts";

const root = join(__dirname, "..");
export const FUNCTIONS_FILE = join(root, "src/functions/generated/functions.ts");
export const CATALOG_TEXTS_FILE = join(root, "src/api/generated/catalog-texts.json");
const README_FILE = join(root, "README.md");

/** The wrapper file as written: the rendering in the project's prettier style (what `npm run lint` checks). */
export function functionsFileText(): string {
  const cli = require.resolve("prettier/bin/prettier.cjs");
  return execFileSync(process.execPath, [cli, "--stdin-filepath", FUNCTIONS_FILE], {
    input: renderFunctionsSource(),
    encoding: "utf8",
  });
}

if (require.main === module) {
  writeFileSync(FUNCTIONS_FILE, functionsFileText());
  const readme = existsSync(README_FILE)
    ? readFileSync(README_FILE, "utf8")
    : "# Marketplace Analytics Data for Excel\n";
  writeFileSync(README_FILE, withFunctionsSection(readme, renderReadmeSummary()));
  writeFileSync(join(root, FUNCTIONS_DOC), renderFunctionsDoc());
  writeFileSync(CATALOG_TEXTS_FILE, catalogTextsFile());
  console.log(
    `wrote src/functions/generated/functions.ts, ${FUNCTIONS_DOC}, the README's Functions section and src/api/generated/catalog-texts.json`,
  );
}
