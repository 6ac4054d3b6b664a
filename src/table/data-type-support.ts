/**
 * What the faces know of this Excel's data types: the form a card's numbers take, and whether it refused one.
 *
 * Numbers: `DoubleCellValue.numberFormat` is ExcelApi 1.19
 * (https://learn.microsoft.com/javascript/api/excel/excel.doublecellvalue); below it a formatted number is the
 * documented 1.16 `FormattedNumberCellValue` (https://learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue),
 * deprecated from 1.19 but still read there. (Kept apart from product-card.ts so the functions bundle Excel loads
 * with every workbook carries this, not the card.)
 *
 * Refusals: whether this Excel has refused a data type the add-in wrote. Retail perpetual Office (Excel 2021/2024 bought
 * once) answers `isSetSupported` with true for ExcelApi 1.16 (and, on builds before Microsoft's fix, for
 * CustomFunctionsRuntime 1.4) and then fails `Range.valuesAsJson` with GeneralException (office-js #4750); Microsoft
 * does "not deliver the rich data type features to non-subscription users" (office-js #3504). So the set's answer is
 * not the last word: the task pane's host notes a refusal it meets (a valuesAsJson read at start, or a card write),
 * and both faces follow it: MAD.PRODUCT spills its labelled row, Insert as table writes plain ASINs. Both faces run
 * in one shared runtime and taskpane.js reuses functions.js's modules (webpack `dependOn`), so this state is
 * theirs; it lasts for the runtime (a new Excel build is asked again at the next start).
 */
/** How a card's numbers carry their format: a Double's numberFormat (ExcelApi 1.19) or a FormattedNumber (1.16). */
export type CardNumbers = "double" | "formattedNumber";

/** The form an Excel with (or without) ExcelApi 1.19 reads. */
export const cardNumbersFor = (hasExcelApi119: boolean): CardNumbers => (hasExcelApi119 ? "double" : "formattedNumber");

let refused = false;

/** This Excel refused a data type (or a read of one) although it claims the sets. */
export function noteDataTypesRefused(): void {
  refused = true;
}

export const dataTypesRefused = (): boolean => refused;

/**
 * A fresh runtime, which has met no refusal: for tests, which play several runtimes in one module registry.
 * @internal
 */
export function forgetDataTypeVerdict(): void {
  refused = false;
}
