/**
 * The ASIN lists of the Templates tab, without React: how many ASINs a pasted or taken list holds (each once), the
 * ASINs of cells taken from the sheet, and the picked ones (Product watch's charted products): the person's choice
 * among the watched ASINs, or the first ones until they choose.
 */
import { asinItems } from "../../api/kinds/list-items";
import { TEXT_PATTERNS } from "../../api/kinds/text-rules";
import type { CellValue } from "../report-model/cells";
import { asinsOf, type TemplateInputs } from "../report-model/report-inputs";
import { maxOfList, type ReportTemplate } from "../report-model/templates";

/** How many ASINs a list holds, each once, and how many repeats were left out. */
export function countAsins(text: string): { count: number; repeats: number } {
  const count = asinsOf(text).length;
  return { count, repeats: asinItems(text).length - count };
}

/**
 * The ASINs of cells taken from the sheet, row by row, each once, and how many other values were passed over (a
 * column's header, a price beside it): a selection is taken for the ASINs in it.
 */
export function asinsOfCells(values: readonly (readonly CellValue[])[]): { asins: string[]; skipped: number } {
  const texts = values.flat().flatMap((cell) => (cell === null || cell === undefined ? [] : [String(cell)]));
  const items = asinsOf(texts.join("\n"));
  const asins = items.filter((item) => TEXT_PATTERNS.asin.regex.test(item));
  return { asins, skipped: items.length - asins.length };
}

/**
 * The inputs with their picked ASINs among the watched ones: the person's choice (those still watched), or, until
 * they choose, the first ones up to the template's maximum. A template without a picked input keeps its inputs.
 */
export function withPicked(template: ReportTemplate, values: TemplateInputs): TemplateInputs {
  const input = template.inputs.find((i) => i.kind === "picked");
  if (!input) return values;
  const watched = asinsOf(values.asins ?? "");
  const chosen = values[input.name];
  const picked =
    chosen === undefined
      ? watched.slice(0, maxOfList(template, "picked"))
      : asinsOf(chosen).filter((asin) => watched.includes(asin));
  return { ...values, [input.name]: picked.join(", ") };
}
