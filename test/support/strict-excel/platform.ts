/**
 * What the strict Excel stand-in holds real Excel to, each rule with the page or confirmed office-js issue it comes
 * from. Everything here is documented or reported platform behaviour; where a behaviour is only reported, not
 * documented, docs/excel-platform.md lists it under "what a person with real Excel must still confirm".
 */

import type { License } from "./data-types";

/** Excel on Windows or Mac, or Excel on the web: where documented behaviour differs, the stand-in follows one. */
export type Platform = "desktop" | "web";

/** The requirement sets the add-in asks about (manifest and `isSetSupported`). */
export type RequirementSetName = "ExcelApi" | "CustomFunctionsRuntime" | "SharedRuntime";

export interface StrictExcelOptions {
  readonly platform?: Platform;
  /**
   * The highest version of each set this Excel supports; `isSetSupported` answers up to it and an API of a later
   * version fails at sync() with ApiNotFound, so code paths for older hosts run.
   * https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets
   */
  readonly requirementSets?: Partial<Record<RequirementSetName, string>>;
  /**
   * How a blank cell reaches a custom function on this Excel build: 0 on some builds (desktop), null on others
   * (office-js #4702: "its value is 0 in desktop and null in office web"; #5262: blank cells of a range argument
   * arrive as 0). Default: "zero" on desktop, "null" on the web, as #4702 reports.
   */
  readonly blankArgument?: "zero" | "null";
  /** Sheets of the starting workbook. */
  readonly sheets?: readonly string[];
  /**
   * A Microsoft 365 subscription (default), or retail perpetual Office 2021/2024, which claims the sets yet refuses
   * data types (office-js #4750, #3504; data-types.ts).
   */
  readonly license?: License;
}

/**
 * Defaults: a current Microsoft 365 build. CustomFunctionsRuntime 1.4 (data types from custom functions) is in
 * Excel on the web and Microsoft 365 from version 2208, not in perpetual Office
 * (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets): pass
 * `{ CustomFunctionsRuntime: "1.3" }` for an Excel without it. ExcelApi 1.20 is Microsoft 365 from Version 2509 and
 * the web (https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets); 1.19
 * (Version 2504, Mac 16.96, not in perpetual Office) brings `DoubleCellValue.numberFormat`, 1.16 (Version 2208, and
 * Office 2024) `valuesAsJson` and data types: pass `{ ExcelApi: "1.16" }` for an Excel between them.
 */
export const LATEST_SETS: Readonly<Record<RequirementSetName, string>> = {
  ExcelApi: "1.20",
  CustomFunctionsRuntime: "1.4",
  SharedRuntime: "1.1",
};

/**
 * "Excel on the web limits requests and responses to 5 MB. The API returns a RichAPI.Error error if this limit is
 * exceeded." (https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices;
 * the error codes RequestPayloadSizeLimitExceeded / ResponsePayloadSizeLimitExceeded as reported in
 * specklesystems/speckle-excel#9 and microsoftgraph/microsoft-graph-docs#15709). Taken as 5,000,000 bytes, the
 * stricter reading of "5 MB". Desktop has no such cap: the stand-in records a larger sync there instead of failing,
 * and tests fail on any record (a workbook opened on the web would refuse it).
 */
export const PAYLOAD_LIMIT_BYTES = 5_000_000;

/** "On all platforms, a range is limited to five million cells for get operations." (same page) */
export const MAX_CELLS_PER_GET = 5_000_000;

/** The size of a worksheet (Excel specifications and limits). */
export const SHEET_ROWS = 1_048_576;
export const SHEET_COLUMNS = 16_384;

/** A requirement-set version as comparable numbers: "1.13" > "1.9". */
export function versionAtLeast(have: string, want: string): boolean {
  const [a, b] = [have, want].map((v) => v.split(".").map(Number));
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

const UTF8 = new TextEncoder();

/**
 * UTF-8 bytes of a text (what a request or response weighs on the wire). Encoded natively rather than counted in a
 * loop: the browser tests run Chromium without V8's optimizing compilers (test/browser/support/chromium.ts), where
 * counting every character of every sync was a third of the stand-in's time in excel-pane.test.ts's profile.
 */
export function utf8Bytes(text: string): number {
  return UTF8.encode(text).length;
}
