/**
 * What "a list of items" is wherever a person or a program gives one: a formula's cells, the pane's form fields and
 * templates, the alerts form, a request to the team relay, a lookup's keys. One reading, so one pasted list gives the
 * same items in every face (test/api/list-items.test.ts feeds one list through each):
 * - items are separated by commas, semicolons, line breaks and tabs (a row pasted from Excel), and by the full-width
 *   comma and semicolon (，；) a Chinese input method types;
 * - spaces separate items too where no item can hold one (`"separate"`); elsewhere a space is part of an item
 *   (`"keep"`: a keyword, a brand, a status, "yoga mat"). Which applies is the list's: see `listSpaces`;
 * - each item is trimmed, and blank items are left out;
 * - an array (a range's cells, a JSON list) is read item by item the same way, so a cell holding `B0…, B0…` gives
 *   two items, as the same text pasted in the pane does.
 * A comma or semicolon is thus never inside an item: no list of the catalog takes one (the service itself joins a
 * csv list with commas).
 */
import type { AnyParamSpec } from "../param-spec";

/** Whether spaces separate a list's items (`separate`) or belong to them (`keep`). */
export type Spaces = "separate" | "keep";

const SEPARATORS: Readonly<Record<Spaces, RegExp>> = {
  keep: /[,;，；\t\r\n]+/,
  // \s: every space, tab and line break, the full-width space (U+3000) and the no-break space among them.
  separate: /[\s,;，；]+/,
};

/**
 * The rule per list: spaces separate the items of a list whose items follow a pattern (ASINs, node paths, office
 * codes: none has a space) and of a list of whole numbers; any other list's items may hold spaces.
 */
export const listSpaces = (spec: Pick<AnyParamSpec, "kind" | "pattern">): Spaces =>
  spec.pattern !== undefined || spec.kind === "integerList" ? "separate" : "keep";

/** The one blank test: nothing given, or a text of spaces only (a blank cell, an emptied field, `"  "`). */
export const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * A value that is not text, as one item. An object is named, never `String()`-ed: a JSON object with its own
 * `toString` (a relay member's `{"toString": "x"}`) would throw; named, it fails the item's rules like any wrong item.
 */
const itemText = (value: unknown): string =>
  typeof value === "object" ? Object.prototype.toString.call(value) : String(value);

/** The items of a list given as text, as an array (of any depth) of texts and values, or as one value. */
export function listItems(value: unknown, spaces: Spaces = "keep"): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => listItems(item, spaces));
  if (isBlank(value)) return [];
  const parts = typeof value === "string" ? value.split(SEPARATORS[spaces]) : [itemText(value)];
  return parts.map((item) => item.trim()).filter((item) => item !== "");
}

/** The one ASIN splitter: a list of ASINs read as above (spaces separate), upper-cased, in order, repeats kept. */
export const asinItems = (value: unknown): string[] => listItems(value, "separate").map((item) => item.toUpperCase());
