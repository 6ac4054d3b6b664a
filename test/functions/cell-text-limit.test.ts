/**
 * Text cut at Excel's 32,767-character cell limit ends on a code-point boundary: an emoji straddling the cut is
 * dropped whole, never left as half a surrogate pair (which Excel shows as a broken character).
 */
import { operation } from "../../src/api/catalog";
import { ABA_RESEARCH_FIELDS } from "../../src/api/records";
import { MAX_CELL_TEXT } from "../../src/table/cells";
import { columnsOf } from "../../src/table/columns";
import { DEFAULT_DISPLAY, shapeResult } from "../../src/table/shape";

function keywordCell(keyword: string): string {
  const table = shapeResult(
    operation("aba_research_weekly"),
    { rows: [{ keyword }] },
    columnsOf(ABA_RESEARCH_FIELDS),
    DEFAULT_DISPLAY,
  );
  return String(table[1][table[0].indexOf("keyword")]);
}

const isLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

test.each([MAX_CELL_TEXT - 2, MAX_CELL_TEXT - 3])("an emoji at UTF-16 offset %i is not split by the cut", (offset) => {
  const text = `${"a".repeat(offset)}😀${"b".repeat(100)}`;
  const cell = keywordCell(text);
  expect(cell.length).toBeLessThanOrEqual(MAX_CELL_TEXT);
  expect(cell.endsWith("…")).toBe(true);
  expect(isLoneSurrogate(cell)).toBe(false);
});

test("text within the limit is kept whole", () => {
  const text = `${"a".repeat(100)}😀`;
  expect(keywordCell(text)).toBe(text);
});
