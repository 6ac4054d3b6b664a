/**
 * The book of the lookup functions' words (messages/<locale>/lookups.ts): what MAD.PRODUCT and MAD.PRODUCTS show of
 * their own (an ASIN not found, a detail they do not add). Apart from the cells' book, so only the chunk that shows
 * them carries them, not the functions bundle Excel loads at open.
 */
import { defineBook } from "./book";
import { lookups } from "./messages/en/lookups";

/** A text of the lookup functions, in the active language. */
export const t = defineBook(lookups, {
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh-CN-lookups" */ "./messages/zh-CN/lookups").then((m) => m.lookups),
});
