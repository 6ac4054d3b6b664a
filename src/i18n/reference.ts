/**
 * The function reference's book (messages/<locale>/reference.ts): words only the build reads (codegen), named by
 * id from the parameter kinds and the display options, so no bundle carries them.
 */
import { defineBook } from "./book";
import { reference } from "./messages/en/reference";

type Reference = typeof reference;

/** A reference word without arguments: what a parameter kind takes, what a display option does. */
export type ReferenceWordId = {
  [K in keyof Reference]: keyof Reference[K]["args"] extends never ? K : never;
}[keyof Reference] &
  string;

/** A positional argument's help, around the catalog's doc line (`{doc}`). */
export type ReferenceHelpId = {
  [K in keyof Reference]: "doc" extends keyof Reference[K]["args"] ? K : never;
}[keyof Reference] &
  string;

/** A text of the function reference, in the active language. */
export const t = defineBook(reference, {
  "zh-CN": () => import("./messages/zh-CN/reference").then((m) => m.reference),
});
