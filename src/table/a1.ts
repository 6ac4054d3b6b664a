/**
 * A1 addresses, for both faces: where the task pane writes in Excel and the preview page's grid. Zero-based
 * row/column positions, column letters, rectangular ranges, `$` for absolute references.
 */

export interface CellPosition {
  readonly row: number;
  readonly col: number;
}

/** An inclusive rectangle of cells. */
export interface CellRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

const CELL_PATTERN = /^\$?([A-Z]{1,3})\$?([0-9]{1,7})$/i;

export function columnLetters(col: number): string {
  let letters = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function cellAddress(pos: CellPosition, absolute = false): string {
  const d = absolute ? "$" : "";
  return `${d}${columnLetters(pos.col)}${d}${pos.row + 1}`;
}

export function offset(pos: CellPosition, rows: number, cols: number): CellPosition {
  return { col: pos.col + cols, row: pos.row + rows };
}

/**
 * The top-left cell of an address as Excel reports it: `B3`, `$B$3`, `Sheet1!B3` or `B3:D9`. Throws on anything
 * else (an address from Excel that does not parse is a bug, not bad input).
 */
export function parseCell(address: string): CellPosition {
  const local = address.includes("!") ? address.slice(address.lastIndexOf("!") + 1) : address;
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)/.exec(local);
  if (!match) throw new Error(`Not a cell address: ${address}`);
  return { col: columnIndex(match[1]), row: Number(match[2]) - 1 };
}

/** Parses `B7` or `$B$7`; undefined when the text is not a cell address. */
export function parseCellAddress(text: string): CellPosition | undefined {
  const match = CELL_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const row = Number(match[2]) - 1;
  if (row < 0) return undefined;
  return { row, col: columnIndex(match[1]) };
}

/** Parses `B7` or `A1:C5` (either corner order); undefined when the text is neither. */
export function parseRangeAddress(text: string): CellRange | undefined {
  const [first, second, extra] = text.split(":");
  if (extra !== undefined) return undefined;
  const a = parseCellAddress(first);
  const b = second === undefined ? a : parseCellAddress(second);
  if (!a || !b) return undefined;
  return rangeOf(a, b);
}

export function rangeOf(a: CellPosition, b: CellPosition = a): CellRange {
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.col, b.col),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.col, b.col),
  };
}

export function rangeAddress(range: CellRange, absolute = false): string {
  const start = cellAddress({ row: range.top, col: range.left }, absolute);
  if (range.top === range.bottom && range.left === range.right) return start;
  return `${start}:${cellAddress({ row: range.bottom, col: range.right }, absolute)}`;
}

/** `B3:C9` for a block of `rows` x `cols` whose top-left is `pos` (a single cell when 1 x 1). */
export function blockAddress(pos: CellPosition, rows: number, cols: number, absolute = false): string {
  return rangeAddress(rangeOf(pos, offset(pos, Math.max(rows, 1) - 1, Math.max(cols, 1) - 1)), absolute);
}

export function rangeContains(range: CellRange, pos: CellPosition): boolean {
  return pos.row >= range.top && pos.row <= range.bottom && pos.col >= range.left && pos.col <= range.right;
}

export function rangesIntersect(a: CellRange, b: CellRange): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

export function cellsOf(range: CellRange): CellPosition[] {
  const cells: CellPosition[] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    for (let col = range.left; col <= range.right; col++) cells.push({ row, col });
  }
  return cells;
}

/** A map key for a position (faster and simpler than A1 text in hot loops). */
export function positionKey(pos: CellPosition): string {
  return `${pos.row},${pos.col}`;
}
