/**
 * What the feed dialog hands a person to paste, made from a feed's URL (its CSV: RFC 4180, UTF-8 with a BOM, a
 * header row of wire names): a Power Query (M) query for Excel and Power BI, and a Google Sheets formula. Code, not
 * words: the same in every language.
 */

/** A text as an M string literal (a quote doubled). */
const mString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** A text as a spreadsheet formula's string (a quote doubled). */
const formulaString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The M query of Power Query's Advanced Editor (Excel's Blank Query, Power BI's Blank query): the CSV read as UTF-8
 * (65001; the BOM is read as one), quoted fields as RFC 4180 has them, its first row promoted to headers.
 */
export function powerQuerySnippet(url: string): string {
  return [
    "let",
    `    Source = Csv.Document(Web.Contents(${mString(url)}), [Delimiter = ",", Encoding = 65001, QuoteStyle = QuoteStyle.Csv]),`,
    "    History = Table.PromoteHeaders(Source, [PromoteAllScalars = true])",
    "in",
    "    History",
  ].join("\n");
}

/** Google Sheets' formula that reads the CSV into the sheet from its cell (IMPORTDATA). */
export const sheetsFormula = (url: string): string => `=IMPORTDATA(${formulaString(url)})`;
