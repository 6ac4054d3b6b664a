/**
 * The text a person reads, by message id, in ICU MessageFormat (FormatJS's intl-messageformat): one catalog per
 * face and language under messages/<locale>/ (the English one declares each message's arguments; a translation is
 * checked by the compiler for every id and by test/i18n/catalog.test.ts for the same arguments). The lowest
 * layer: every other layer may import it, it imports none of them.
 *
 * This module is the task pane's book (messages/<locale>/pane.ts); the cells' words are in ./cells, the preview
 * page's in ./preview, the operation catalog's texts in ./catalog-texts. The language: ./locale.
 */
import { defineBook } from "./book";
import { pane } from "./messages/en/pane";

export type MessageId = keyof typeof pane & string;

/** A task pane text in the active language; a message without arguments takes none. */
export const t = defineBook(pane, {
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh-CN-pane" */ "./messages/zh-CN/pane").then((m) => m.pane),
});

export {
  chooseLocale,
  currentLocale,
  localeOf,
  localeReady,
  onLocaleChange,
  setLocale,
  storedLocale,
  type Locale,
} from "./locale";
export { formatNumber } from "./intl";
