/** Reads a report spec's formulas as Excel would call them: references resolved from the cells the spec writes. */
import { parseInput } from "../../../src/preview/formula";
import type { CellValue } from "../../../src/taskpane/report-model/cells";
import type { ReportSheetSpec } from "../../../src/taskpane/report-model/report-sheet-spec";
import { cellAddress } from "../../../src/table/a1";

/** The value of every cell the spec writes, by address. */
export function specCells(spec: ReportSheetSpec): Map<string, CellValue> {
  return new Map(spec.values.map((v) => [v.address, v.value]));
}

/** A formula's function name (`BRANDCONCENTRATION`) and its arguments: a reference to one cell is its value, to a range rows of values. */
export function formulaArguments(formula: string, cells: Map<string, CellValue>): { fn: string; args: unknown[] } {
  const input = parseInput(formula);
  if (input.kind !== "formula") throw new Error(`${formula} does not parse: ${JSON.stringify(input)}`);
  return {
    fn: input.call.name.replace(/^MAD\./, ""),
    args: input.call.args.map((a) => {
      switch (a.kind) {
        case "literal":
          return a.value;
        case "omitted":
          return null;
        case "array":
          return a.rows;
        case "reference": {
          const rows: CellValue[][] = [];
          for (let r = a.range.top; r <= a.range.bottom; r++) {
            const row: CellValue[] = [];
            for (let c = a.range.left; c <= a.range.right; c++)
              row.push(cells.get(cellAddress({ row: r, col: c })) ?? "");
            rows.push(row);
          }
          return rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows;
        }
        default: {
          const unhandled: never = a;
          throw new Error(String(unhandled));
        }
      }
    }),
  };
}
