/**
 * List kinds: a list sent as an array (ASINs, keywords, node paths) or as one comma-joined text (size tiers,
 * fulfillment). Its items are read as every list is (./list-items.ts): from cells (every cell of a range, each
 * text split), from the form (the picks of a multi-select and the other values typed, or the lines typed) and from
 * a request (an array, or one text).
 */
import * as z from "zod/mini";
import { t } from "../../i18n/cells";
import type { AnyParamSpec } from "../param-spec";
import { isMulti, type FieldControl, type SetFormValue } from "./form-types";
import { listItems, listSpaces } from "./list-items";
import { firstOption, sampleText, TEXT_CAPS, type KindDefinition, type KindWords } from "./kind";
import { textChecks } from "./text-rules";

/** Items of a list given as an array or as one separated text (a cell, a request's text). */
const listInput = (spec: AnyParamSpec) =>
  z.pipe(
    z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
    z.transform((v) => listItems(v, listSpaces(spec))),
  );

/** The item count is checked before the items, so an oversized list is refused without reading each item. */
function listLength(spec: AnyParamSpec) {
  const items = z.array(z.string());
  return spec.maxItems === undefined ? items : items.check(z.maxLength(spec.maxItems));
}

const itemsSchema = (spec: AnyParamSpec) =>
  z.pipe(z.pipe(listInput(spec), listLength(spec)), z.array(textChecks(spec, z.string())));

function itemsFromForm(value: SetFormValue, control: FieldControl, spec: AnyParamSpec): string[] {
  if (control.type === "multiEnum" && isMulti(value))
    return [...value.selected, ...listItems(value.other, listSpaces(spec))];
  if (control.type === "lines" && typeof value === "string") return listItems(value, listSpaces(spec));
  return [];
}

function listKind(encoding: "array" | "csv", words: KindWords): KindDefinition {
  const encode = (items: string[]) => (encoding === "csv" ? items.join(",") : items);
  const formEncoding = encoding === "csv" ? "csv" : "list";
  return {
    traits: { list: encoding, zero: "blank", excelArgument: encoding === "array" ? "unknown[][]" : "unknown" },
    caps: TEXT_CAPS,
    sample: (spec) => firstOption(spec) ?? sampleText(spec),
    schema: (spec) =>
      encoding === "csv"
        ? z.pipe(
            itemsSchema(spec),
            z.transform((values) => values.join(",")),
          )
        : itemsSchema(spec),
    fromCells: (cells, spec) => encode(listItems(cells, listSpaces(spec))),
    control: (spec) =>
      spec.options
        ? { type: "multiEnum", options: spec.options, open: Boolean(spec.openOptions), encoding: formEncoding }
        : {
            type: "lines",
            pattern: spec.pattern,
            spaces: listSpaces(spec),
            maxItems: spec.maxItems,
            encoding: formEncoding,
          },
    fromForm: (value, control, spec) => {
      const items = itemsFromForm(value, control, spec);
      return items.length ? encode(items) : undefined;
    },
    words,
  };
}

/** A JSON array of texts. */
export const STRING_LIST_KIND = listKind("array", {
  expected: () => t("kind.stringList.expected"),
  docs: "kind.stringList.docs",
  argumentHelp: "kind.stringList.help",
}) as KindDefinition<string[]>;

export const CSV_KIND = listKind("csv", {
  expected: () => t("kind.csv.expected"),
  docs: "kind.csv.docs",
  argumentHelp: null,
}) as KindDefinition<string>;
