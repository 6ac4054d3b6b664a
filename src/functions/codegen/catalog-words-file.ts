/**
 * Renders src/api/generated/catalog-texts.json: the catalog's words for people, in the order src/api/words/texts.ts puts
 * them back into the rows of the built add-in (whose bundles are built without them: webpack/strip-catalog-texts.js).
 * Run `npm run gen:functions` after changing the catalog.
 */
import { catalogWords } from "../../api/words/texts";

/** The file as written: a JSON list, one word per line, one trailing newline. */
export const catalogTextsFile = (): string =>
  `[\n${catalogWords()
    .map((w) => `  ${JSON.stringify(w)}`)
    .join(",\n")}\n]\n`;
