/**
 * History as CSV, streamed: RFC 4180 (fields quoted when they hold a comma, a quote or a line break; quotes
 * doubled), CRLF line ends, UTF-8 with a byte-order mark (Excel opens Chinese text right only with it), numbers as
 * JavaScript writes them (a `.` for decimals, whatever the reader's locale), booleans TRUE/FALSE (what Excel reads
 * as booleans), empty for none. Text that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (or their
 * full-width forms) is written after a `'`, so a spreadsheet never runs a cell as a formula (CSV injection,
 * OWASP); a negative number is a number, not text, and stays as it is.
 *
 * The writer is this file's own, not a library's: csv-stringify (the `csv` project's writer, with `escape_formulas`)
 * wrote these files byte for byte the same, but measured on a year of a 200-ASIN watch (73,000 rows, 266 MB) it
 * spent 2.8 s of the relay's CPU where these few lines spend under 1 s, and it pushed each record as a chunk of its
 * own (73,000 socket writes and as many buffers for the collector), which kept serving from a PostgreSQL server past
 * its goal (≤ 3× one SELECT of the rows; issue #44's bench, scenario 15). The tests hold it to csv-stringify's
 * output on the tricky cells (test/server/history-csv.test.ts).
 *
 * Rows come in batches (a database cursor's FETCH) and each batch is written as one chunk as it comes: the writer
 * waits for the response to drain whenever its buffer is full, so a slow reader holds the database cursor back
 * rather than filling the relay's memory, and a reader that goes away stops the reading.
 */
import type { Writable } from "node:stream";

/** A cell of an answer: what a row's `fields` hold (src/table/cells.ts with text dates), none as null. */
export type CellValue = string | number | boolean | null;
export type TableRow = readonly CellValue[];

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8; header=present";

/** Resolves once `stream` can take more, or is closed (then the writer stops). */
function drained(stream: Writable): Promise<void> {
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

const BOM = "\uFEFF";
const CRLF = "\r\n";
/** What makes a field quoted (RFC 4180): a comma, a quote, a line break (a lone CR or LF too). */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;
/** Text a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, tab, CR, and the full-width `＝＋－＠`. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell as CSV: the guard's `'` before text a spreadsheet would run, then quoted if it must be. */
function csvField(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** Texts at least this long are remembered by column: the one a row repeats from the row before is written once. */
const REMEMBERED_LENGTH = 256;

/**
 * Lines of CSV, CRLF-ended. A long text that repeats the same column's text of the row before (a query's formula,
 * 2.6 kB on each of a 200-ASIN watch's rows) reuses its written form instead of scanning and quoting it again.
 */
function csvLines(): (row: TableRow) => string {
  const lastText: (string | undefined)[] = [];
  const lastField: string[] = [];
  return (row) => {
    let line = "";
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      let field: string;
      if (typeof value === "string" && value.length >= REMEMBERED_LENGTH) {
        if (value !== lastText[i]) {
          lastText[i] = value;
          lastField[i] = csvField(value);
        }
        field = lastField[i];
      } else field = csvField(value);
      line += i === 0 ? field : `,${field}`;
    }
    return line + CRLF;
  };
}

/**
 * A batch's lines encoded as UTF-8 into one buffer, line by line. Measured: one string of a batch's lines (a rope of
 * some 10,000 pieces, ~1 MB) took V8 and the HTTP writer (its length in bytes, then its encoding) 2 s over the
 * 266 MB answer; each line written into a buffer as it is made takes a tenth of that.
 */
class Utf8Chunk {
  private bytes = Buffer.alloc(0);
  private used = 0;
  /** A new chunk's room: the largest one's size so far and a quarter, so that one seldom grows (and is copied). */
  private expected = 1 << 16;

  add(text: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
    const most = this.used + text.length * 3;
    if (most > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(most, this.expected, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
  }

  /** The bytes added since the last take; the next ones go in a new buffer (this one is the socket's until sent). */
  take(): Buffer {
    const chunk = this.bytes.subarray(0, this.used);
    this.expected = Math.max(this.expected, Math.ceil(this.used * 1.25));
    this.bytes = Buffer.alloc(0);
    this.used = 0;
    return chunk;
  }
}

/** Writes `chunk`; waits when `out` is full. False once `out` is closed (the reader went away). */
export async function put(out: Writable, chunk: Buffer | string): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.write(chunk)) await drained(out);
  return !out.destroyed;
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
  const line = csvLines();
  const chunk = new Utf8Chunk();
  try {
    chunk.add(BOM + line(header));
    if (!(await put(out, chunk.take()))) return;
    for await (const batch of batches) {
      if (!batch.length) continue;
      // The batch's lines as one chunk: one socket write per FETCH rather than one per row.
      for (const row of batch) chunk.add(line(row));
      if (!(await put(out, chunk.take()))) return;
    }
    out.end();
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}
