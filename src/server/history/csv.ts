/**
 * History as CSV, streamed: RFC 4180 (fields quoted when they hold a comma, a quote or a line break; quotes
 * doubled), CRLF line ends, UTF-8 with a byte-order mark (Excel opens Chinese text right only with it), numbers as
 * JavaScript writes them (a `.` for decimals, whatever the reader's locale), booleans TRUE/FALSE (what Excel reads
 * as booleans), empty for none. Text that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (or their
 * full-width forms) is written after a `'`, so a spreadsheet never runs a cell as a formula (CSV injection,
 * OWASP); a negative number is a number, not text, and stays as it is. csv-stringify (the `csv` project's writer)
 * does the quoting and the guard (`escape_formulas`).
 *
 * Rows come in batches (a database cursor's FETCH) and are written as they come: the writer waits for the
 * response to drain whenever its buffer is full, so a slow reader holds the database cursor back rather than
 * filling the relay's memory, and a reader that goes away stops the reading.
 */
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify, type Stringifier } from "csv-stringify";

/** A cell of an answer: what a row's `fields` hold (src/table/cells.ts with text dates), none as null. */
export type CellValue = string | number | boolean | null;
export type TableRow = readonly CellValue[];

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8; header=present";

/** Resolves once `stream` can take more, or is closed (then the writer stops). */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
  });
}

function csvStringifier(): Stringifier {
  return stringify({
    bom: true,
    record_delimiter: "windows",
    // With its own record delimiter set, csv-stringify would leave a lone CR or LF unquoted: quoted, as RFC 4180 asks.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? "TRUE" : "FALSE") },
  });
}

/** Writes rows to `stringifier`, waiting whenever it is full; false once it is closed (the reader went away). */
async function writeRows(stringifier: Stringifier, rows: Iterable<TableRow>): Promise<boolean> {
  for (const row of rows) {
    if (stringifier.destroyed) return false;
    if (!stringifier.write(row)) await drained(stringifier);
  }
  return !stringifier.destroyed;
}

/**
 * Streams a header and the batches of rows to `out` as CSV and ends it. A failure of the source (the database)
 * destroys `out` (the reader sees a cut answer, never a short one that looks whole) and is thrown; a reader that
 * goes away stops the reading and is not an error.
 */
export async function writeCsv(
  out: Writable,
  header: readonly string[],
  batches: AsyncIterable<readonly TableRow[]>,
): Promise<void> {
  const stringifier = csvStringifier();
  const piping = pipeline(stringifier, out).catch((error: Error) => error);
  let failure: unknown;
  try {
    if (await writeRows(stringifier, [header])) {
      for await (const batch of batches) if (!(await writeRows(stringifier, batch))) break;
    }
    stringifier.end();
  } catch (error) {
    failure = error;
    stringifier.destroy(error as Error);
  }
  const piped = await piping;
  if (failure) throw failure;
  if (piped && !out.destroyed) throw piped;
}
