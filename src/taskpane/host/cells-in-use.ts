/**
 * A write that would take cells holding something (a person's data, another result) and was not told it may:
 * nothing was written. Both hosts reject with it; the pane asks the person, then tries again with their choice.
 */
export class CellsInUseError extends Error {
  override readonly name = "CellsInUseError";

  constructor(
    message: string,
    readonly sheet: string,
    /** The block the write needs. */
    readonly address: string,
    /** Cells in it that hold something (at most the first 20). */
    readonly occupied: readonly string[],
    /**
     * Other tables in the block: Excel refuses a table over another ("A table can't overlap another table",
     * office-js #1199), so only inserting sheet rows (which moves them down) can make room; never an overwrite.
     */
    readonly tables: readonly string[] = [],
  ) {
    super(message);
  }
}
