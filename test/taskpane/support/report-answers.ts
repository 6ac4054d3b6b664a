/**
 * Answers a report's formulas in the strict Excel stand-in as the service would: each section's MAD call gets a
 * header (its `fields`) and as many rows as the test asks for, so charts can be checked against spills of a known
 * length.
 */
import type { ReportSheetSpec } from "../../../src/taskpane/report-model/report-sheet-spec";
import { productCard, productFactsOf } from "../../../src/table/product-card";
import type { StrictExcel } from "../../support/strict-excel";

/** Rows of one section's result: header `fields`, then `count` rows (a label, then numbers). */
function sectionRows(fields: readonly string[], count: number): (string | number)[][] {
  return [
    [...fields],
    ...Array.from({ length: count }, (_, r) => fields.map((_, c) => (c === 0 ? `item ${r + 1}` : (r + 1) * 10 + c))),
  ];
}

/** The `fields` a section formula asks for (its quoted field list). */
function fieldsOf(formula: string): string[] {
  const quoted = [...formula.matchAll(/"([^"]*)"/g)].map((m) => m[1]).find((text) => text.includes(","));
  return (quoted ?? "value").split(",").map((f) => f.trim());
}

/** A product card, as MAD.PRODUCT answers where Excel takes data types. */
const cardOf = (asin: string) =>
  productCard(productFactsOf({ asin, title: `Product ${asin}`, price: 19.99, bsrRank: 1200 }, "US")!, "double");

/**
 * Answers every pending call of the report's formulas; `rows(address)` says how many rows each spills. A card
 * formula (MAD.PRODUCT) answers its card.
 */
export function answerReport(excel: StrictExcel, spec: ReportSheetSpec, rows: (address: string) => number): void {
  for (const formula of spec.formulas) {
    const call = excel.manual.pending().find((c) => c.address.endsWith(`!${formula.address}`));
    if (!call) continue;
    if (formula.formula.startsWith("=MAD.PRODUCT(")) call.answer([[cardOf(String(call.args[1]))]]);
    else call.answer(sectionRows(fieldsOf(formula.formula), rows(formula.address)));
  }
}
