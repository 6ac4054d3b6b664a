/** A1 address arithmetic for the few places the task pane computes where to write. */

export interface CellPosition {
  /** 0-based column (A = 0). */
  readonly col: number;
  /** 0-based row (1 = 0). */
  readonly row: number;
}

export function columnName(col: number): string {
  let name = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The top-left cell of an address such as `B3`, `$B$3`, `Sheet1!B3` or `B3:D9`. */
export function parseCell(address: string): CellPosition {
  const local = address.includes("!") ? address.slice(address.lastIndexOf("!") + 1) : address;
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)/.exec(local);
  if (!match) throw new Error(`Not a cell address: ${address}`);
  const col =
    match[1]
      .toUpperCase()
      .split("")
      .reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0) - 1;
  return { col, row: Number(match[2]) - 1 };
}

export function cellAddress(pos: CellPosition, absolute = false): string {
  const d = absolute ? "$" : "";
  return `${d}${columnName(pos.col)}${d}${pos.row + 1}`;
}

export function offset(pos: CellPosition, rows: number, cols: number): CellPosition {
  return { col: pos.col + cols, row: pos.row + rows };
}

/** `B3:C9` for a block of `rows` x `cols` whose top-left is `pos` (a single cell when 1 x 1). */
export function rangeAddress(pos: CellPosition, rows: number, cols: number, absolute = false): string {
  const start = cellAddress(pos, absolute);
  if (rows <= 1 && cols <= 1) return start;
  return `${start}:${cellAddress(offset(pos, Math.max(rows, 1) - 1, Math.max(cols, 1) - 1), absolute)}`;
}
