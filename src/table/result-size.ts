/**
 * How much a result weighs on its way into Excel, estimated as the JSON it travels as (UTF-8 bytes), and the bound
 * a MAD function's result is held to. Excel limits a custom function's payload to 5 MB; past it a result never
 * arrives and the cell stays #BUSY! on Excel on the web (office-js #2222, #2786; #4654: "Excel limits
 * custom-function payloads to 5 MB"). The task pane's block writer estimates its requests with the same rule.
 */
import { t } from "../i18n/cells";
import type { Cell } from "./cells";

/** Excel's limit on one payload (a custom function's result, a request or response of the task pane). */
export const EXCEL_PAYLOAD_LIMIT_BYTES = 5_000_000;
/** A formula's result is refused past this estimate (3.5 MB): room for the payload's envelope and for misestimates. */
export const SAFE_RESULT_BYTES = EXCEL_PAYLOAD_LIMIT_BYTES * 0.7;

/** Text JSON writes as it is: printable ASCII without a quote or a backslash (most cells). */
const PLAIN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/** UTF-8 bytes of a text as JSON writes it (quotes and escapes included, non-ASCII up to 3 bytes a char). */
export function jsonTextBytes(text: string): number {
  // A 2,000-row result has a hundred thousand cells: the plain ones are counted by one native test, not char by char.
  if (PLAIN.test(text)) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** The longest a number is as JSON text (`-1.2345678901234567e-308`). */
const MAX_NUMBER_TEXT = 24;

/**
 * JSON bytes of a spilled result: every cell, the separators and each row's brackets. `numbers: "atMost"` counts
 * each number at its longest instead of writing it: a bound, not the size, cheap enough for every formula's result.
 */
export function resultBytes(rows: readonly (readonly Cell[])[], numbers: "exact" | "atMost" = "exact"): number {
  let bytes = 2 + Math.max(rows.length - 1, 0);
  for (const row of rows) {
    bytes += 2 + Math.max(row.length - 1, 0);
    for (const cell of row) {
      if (typeof cell === "string") bytes += jsonTextBytes(cell);
      else if (typeof cell === "boolean") bytes += cell ? 4 : 5;
      else bytes += numbers === "atMost" ? MAX_NUMBER_TEXT : String(cell).length;
    }
  }
  return bytes;
}

/** A result too large for Excel to take from a function: the cell says what to ask for instead. */
export class ResultTooLargeError extends Error {
  override readonly name = "ResultTooLargeError";

  constructor(
    readonly bytes: number,
    readonly rows: number,
    readonly columns: number,
  ) {
    super(t("cell.tooLarge", { mb: (bytes / 1_000_000).toFixed(1), rows, columns }));
  }
}

/** Throws ResultTooLargeError when a result's estimate passes the safe bound. */
export function checkResultSize(rows: readonly (readonly Cell[])[]): void {
  // A 2,000-row answer holds some hundred thousand numbers; most results pass on the bound without writing them out.
  if (resultBytes(rows, "atMost") <= SAFE_RESULT_BYTES) return;
  const bytes = resultBytes(rows);
  if (bytes > SAFE_RESULT_BYTES) throw new ResultTooLargeError(bytes, rows.length, rows[0]?.length ?? 0);
}
