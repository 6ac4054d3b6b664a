/** The function reference's words in the active language (./words.ts); build time only (src/functions/codegen). */
import { currentLocale, type Locale } from "../locale";
import { en } from "./en";
import type { DocsWords } from "./words";
import { zhCN } from "./zh-CN";

export const DOCS_WORDS: Readonly<Record<Locale, DocsWords>> = { en, "zh-CN": zhCN };

export const docsWords = (): DocsWords => DOCS_WORDS[currentLocale()];

export { code } from "./words";
