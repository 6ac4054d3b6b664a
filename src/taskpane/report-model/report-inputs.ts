/**
 * A report's inputs read once: the text per input name as the pane collects it, a sheet's cells hold it or a
 * report stores it, made into one typed object (each value trimmed, the ASINs split and upper-cased) that the
 * layout, the queries, the checks and the sheet name all read.
 */
import { asinItems } from "../../api/kinds/list-items";

/** What the pane collects: text per input name (ASINs as typed: a list as api/kinds/list-items.ts reads one). */
export type TemplateInputs = Readonly<Record<string, string>>;

export interface ReportInputs {
  /** Each input's text, trimmed; "" when blank (an input not given reads as blank too). */
  readonly values: Readonly<Record<string, string>>;
  /** Every ASIN typed, in order, each once, upper-cased (separated as any list of ASINs: `asinItems`). */
  readonly asins: readonly string[];
  /**
   * The ASINs picked for the sections repeated per product (Product watch's charted products: its `picked` input),
   * read as `asins` is; empty where the template has no such input.
   */
  readonly picked: readonly string[];
}

/** The lists of ASINs a report reads: every ASIN given, or the ones picked for the per-product sections. */
export type AsinList = "asins" | "picked";

/** A template takes at most this many ASINs unless it says otherwise (the order-word and traffic lookups' limit). */
export const MAX_ASINS = 20;

/**
 * The ASINs of an input's text, read by the one ASIN splitter (`asinItems`: commas, semicolons, spaces, new lines,
 * full-width separators; upper-cased), each once (a pasted column often repeats one; a repeat would cost nothing
 * but would count against the limit).
 */
export const asinsOf = (text: string): string[] => [...new Set(asinItems(text))];

/**
 * The inputs read once, from the pane's text, a report's cells or what it stored (`asins` is the ASIN input's
 * text, as every template names it; `picked`, the picked ASINs' input's).
 */
export function readInputs(raw: Readonly<Record<string, unknown>>): ReportInputs {
  const values = Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      value === null || value === undefined ? "" : String(value).trim(),
    ]),
  );
  return { values, asins: asinsOf(values.asins ?? ""), picked: asinsOf(values.picked ?? "") };
}

/** An input's text, trimmed; "" when blank or not given. */
export const valueOf = (inputs: ReportInputs, name: string): string => inputs.values[name] ?? "";
