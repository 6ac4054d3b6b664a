/**
 * Writes src/functions/functions.ts (the MAD.* wrappers with their JSDoc) and the README's `## Functions` section
 * from the operation catalog. Run after changing the catalog: `npm run gen:functions`.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderReadmeSection, withFunctionsSection } from "../src/functions/codegen/readme";
import { renderFunctionsSource } from "../src/functions/codegen/wrappers";

const root = join(__dirname, "..");
const functionsFile = join(root, "src/functions/functions.ts");
const readmeFile = join(root, "README.md");

writeFileSync(functionsFile, renderFunctionsSource());
const readme = existsSync(readmeFile) ? readFileSync(readmeFile, "utf8") : "# Marketplace Analytics Data for Excel\n";
writeFileSync(readmeFile, withFunctionsSection(readme, renderReadmeSection()));
console.log("wrote src/functions/functions.ts and the README's Functions section");
