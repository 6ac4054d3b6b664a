/**
 * The workbook names a report sheet gets, one home for both hosts (the Office host and the preview name them alike):
 * a prefix from the sheet's name that no name uses yet, and per charted column a name over the rows below the
 * header of its formula's spill, at most the chart's points. They are for people (Name Manager; a chart of their
 * own bound to a name follows the spill): the add-in's charts read the spills themselves.
 */
import { cellAddress, parseCell } from "./a1";
import { quotedSheet } from "./sheet-names";

/**
 * A prefix no workbook name uses yet: `MAD_Market_281407` (`MAD_市场_281407` for a report made in Chinese: Excel's
 * names take any letter), else `MAD_Market_281407_2`…
 */
export function reportNamePrefix(sheet: string, taken: readonly string[]): string {
  const base = `MAD_${sheet.replace(/[^\p{L}\p{N}_]/gu, "_")}`;
  const used = (prefix: string) => taken.some((n) => n.toLowerCase().startsWith(`${prefix.toLowerCase()}_`));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}_${n}`;
    if (!used(candidate)) return candidate;
  }
}

/** `=OFFSET('Market 281407'!$D$39,1,0,MIN(ROWS('Market 281407'!$D$39#)-1,10),1)` */
export function spillColumnFormula(
  sheet: string,
  column: { readonly cell: string; readonly column: number },
  maxPoints?: number,
): string {
  const cell = `${quotedSheet(sheet)}!${cellAddress(parseCell(column.cell), true)}`;
  const rows = `ROWS(${cell}#)-1`;
  return `=OFFSET(${cell},1,${column.column},${maxPoints === undefined ? rows : `MIN(${rows},${maxPoints})`},1)`;
}
