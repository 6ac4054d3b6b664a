/**
 * Sheet names by Excel's rules: at most 31 characters, none of `: \ / ? * [ ]`, not starting or ending with an
 * apostrophe, not blank, not "History" (reserved), and unique ignoring case. A proposed name is made valid and
 * then unique the way Excel numbers copies: `Market 172282 (2)`. One home for both hosts: the Office host and the
 * preview name a template's sheet by these rules, so a template gives the same sheet name in Excel and the preview.
 */

const MAX_SHEET_NAME_LENGTH = 31;

/**
 * The proposal with forbidden characters as spaces, trimmed and cut to 31 characters; `fallback` when nothing is left
 * or it is "History" (Excel keeps that name for its change history).
 */
export function validSheetName(proposed: string, fallback = "Report"): string {
  const name = proposed
    // Control characters would be invisible in a tab (and some are refused by Excel).
    .replace(/[:\\/?*[\]\p{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SHEET_NAME_LENGTH)
    .replace(/^'+|'+$/g, "")
    .trim();
  return name === "" || name.toLowerCase() === "history" ? fallback.slice(0, MAX_SHEET_NAME_LENGTH) : name;
}

/** A valid sheet name for the proposal, not among `taken` (compared ignoring case), numbered ` (2)`, ` (3)`… if need be. */
export function uniqueSheetName(proposed: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  const base = validSheetName(proposed);
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, MAX_SHEET_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** How a formula names the sheet: bare when it is a plain word (`Sheet1!A1`), else quoted (`'Market 1'!A1`). */
export function sheetReference(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}[0-9]+$/.test(name) ? name : quotedSheet(name);
}

/**
 * A sheet-qualified address as Excel writes it (`'My sheet'!$D$5:$H$9`, `[Book1]Sheet1!D5`) split into the sheet's
 * name (unquoted; null when there is none) and the address.
 */
export function splitSheetAddress(text: string): { sheet: string | null; address: string } {
  const bang = text.lastIndexOf("!");
  if (bang < 0) return { sheet: null, address: text };
  let sheet = text.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet: sheet.replace(/^\[[^\]]*\]/, ""), address: text.slice(bang + 1) };
}

/**
 * The sheet always quoted (`'Market 1'`, `'Sheet1'`): how workbook names over a report's spills spell it, the same
 * in both hosts whatever the sheet is called.
 */
export function quotedSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}
