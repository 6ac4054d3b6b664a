/**
 * Sheet names by Excel's rules: at most 31 characters, none of `: \ / ? * [ ]`, not starting or ending with an
 * apostrophe, not blank, not "History" (reserved), and unique ignoring case. A proposed name is made valid and
 * then unique the way Excel numbers copies: `Market 172282 (2)`.
 */

export const MAX_SHEET_NAME_LENGTH = 31;

/** Excel keeps this name for its change history. */
const RESERVED = ["history"];

/** The proposal with forbidden characters replaced, trimmed and cut to 31 characters; "Sheet" if nothing is left. */
function validSheetName(proposed: string): string {
  const replaced = proposed
    .replace(/[:\\/]/g, "-")
    .replace(/\[/g, "(")
    .replace(/]/g, ")")
    .replace(/[?*]/g, "")
    // Control characters would be invisible in a tab (and some are refused by Excel).
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ");
  const trimmed = (text: string) =>
    text
      .trim()
      .replace(/^'+|'+$/g, "")
      .trim();
  const name = trimmed([...trimmed(replaced)].slice(0, MAX_SHEET_NAME_LENGTH).join(""));
  return name || "Sheet";
}

/** A valid sheet name for the proposal, not among `taken` (compared ignoring case), numbered ` (2)`, ` (3)`… if need be. */
export function uniqueSheetName(proposed: string, taken: Iterable<string>): string {
  const used = new Set([...RESERVED, ...[...taken].map((name) => name.toLowerCase())]);
  const base = validSheetName(proposed);
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const stem = [...base]
      .slice(0, MAX_SHEET_NAME_LENGTH - suffix.length)
      .join("")
      .trimEnd();
    const candidate = `${stem}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** How a formula names the sheet: bare when it is a plain word (`Sheet1!A1`), else quoted (`'Market 1'!A1`). */
export function sheetReference(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}[0-9]+$/.test(name)
    ? name
    : `'${name.replace(/'/g, "''")}'`;
}
