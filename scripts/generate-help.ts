/**
 * Writes src/functions/generated/help.html, the page the functions' help links open, from the operation catalog (the same text as
 * docs/functions.md). `npm run gen:functions` runs it after the wrappers; the build copies the file.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHelpPage } from "../src/functions/codegen/help-page";

export const HELP_FILE = join(__dirname, "..", "src/functions/generated/help.html");

if (require.main === module) {
  writeFileSync(HELP_FILE, renderHelpPage());
  console.log("wrote src/functions/generated/help.html");
}
