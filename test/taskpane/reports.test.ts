/**
 * The reports panel's list: formulas found in the workbook joined with what the functions' registry knows of
 * them, and the add-in's tables. Also: the task pane finds the preview's host adapter under the preview's name.
 */
import type { FormulaEntry } from "../../src/engine/formula-registry";
import { PREVIEW_HOST_GLOBAL as PREVIEW_SIDE } from "../../src/preview/stand-ins";
import { isHostAdapter, PREVIEW_HOST_GLOBAL, pickHost } from "../../src/taskpane/host/pick-host";
import { operationOfFormula, refreshTargets, reportRows, staleEntries } from "../../src/taskpane/reports/reports";
import { memoryHost } from "./support/memory-host";

const entry = (patch: Partial<FormulaEntry>): FormulaEntry => ({
  id: "Sheet1!E3",
  address: "Sheet1!E3",
  functionName: "MAD.PRODUCTRESEARCH",
  operation: "product_research",
  params: { marketplace: "US" },
  limit: 100,
  cacheKey: "k1",
  status: "ok",
  rows: 100,
  lastRefreshed: 1_755_000_000_000,
  lastEvaluated: 1_755_000_000_000,
  callsSpent: 1,
  fromCache: false,
  errorMessage: null,
  ...patch,
});

describe("report rows", () => {
  const cells = [
    { sheet: "Sheet1", address: "E3", formula: "=MAD.PRODUCTRESEARCH($C$4,$B$5:$C$9,$C$10,$C$11)" },
    { sheet: "My Sheet", address: "$A$1", formula: '=mad.keywordtrends("US","yoga")' },
    { sheet: "Sheet1", address: "H1", formula: '=MAD.COMPETITORS("XX")' },
  ];
  const entries = [
    entry({}),
    entry({
      id: "'My Sheet'!A1",
      address: "'My Sheet'!A1",
      status: "error",
      rows: 0,
      errorMessage: "#N/A The API secret is wrong",
      operation: "keyword_research_trends",
      cacheKey: "k2",
    }),
    entry({
      id: "Sheet1!H1",
      address: "Sheet1!H1",
      operation: "competitor_lookup",
      status: "error",
      cacheKey: null,
      params: {},
      errorMessage: 'market: "XX" is not a marketplace',
    }),
    entry({ id: "Sheet1!Z9", address: "Sheet1!Z9" }),
  ];
  const table = {
    name: "MAD_ProductResearch",
    sheet: "Sheet2",
    address: "A1:D51",
    rowCount: 50,
    query: {
      operation: "product_research",
      params: { marketplace: "US" },
      fields: ["asin"],
      limit: 50,
      refreshedAt: 7,
    },
  };

  it("shows sheet, cell, operation, rows, refresh time and status of each formula and table", () => {
    const rows = reportRows(cells, entries, [table], { MAD_ProductResearch: "quota reached" });
    expect(rows.map((r) => [r.id, r.sheet, r.address, r.operation, r.rows, r.lastRefreshed, r.status])).toEqual([
      ["Sheet1!E3", "Sheet1", "E3", "Product research", 100, 1_755_000_000_000, "ok"],
      ["My Sheet!A1", "My Sheet", "A1", "Keyword trends", null, 1_755_000_000_000, "error"],
      ["Sheet1!H1", "Sheet1", "H1", "Competitor lookup", null, 1_755_000_000_000, "error"],
      ["table:MAD_ProductResearch", "Sheet2", "A1:D51", "Product research", 50, 7, "error"],
    ]);
    expect(rows[3]).toMatchObject({
      message: "quota reached",
      tableName: "MAD_ProductResearch",
      fields: ["asin"],
      query: { operation: "product_research", limit: 50 },
    });
    expect(refreshTargets(rows).map((t) => [t.id, t.query === null])).toEqual([
      ["Sheet1!E3", false],
      ["My Sheet!A1", false],
      ["Sheet1!H1", true], // bad arguments: nothing to refresh but the cell
      ["table:MAD_ProductResearch", false],
    ]);
  });

  it("lists a formula the registry has not seen as not run", () => {
    const [row] = reportRows([cells[0]], [], []);
    expect(row).toMatchObject({ status: "not run", operation: "Product research", rows: null, query: null });
    expect(refreshTargets([row])[0]).toMatchObject({ notRun: true });
    expect(operationOfFormula('=IFERROR(mad.abatrend("US",A1),"")')).toBe("aba_research_trend");
  });

  it("forgets registry entries whose cell no longer holds a MAD formula", () => {
    expect(staleEntries(cells, entries)).toEqual(["Sheet1!Z9"]);
  });
});

describe("host adapter choice", () => {
  it("uses the preview's adapter under the name the preview page sets", () => {
    expect(PREVIEW_HOST_GLOBAL).toBe(PREVIEW_SIDE);
    const preview = memoryHost();
    expect(pickHost({ [PREVIEW_HOST_GLOBAL]: preview })).toEqual({ host: preview, preview: true });
    expect(pickHost({}).preview).toBe(false);
    expect(isHostAdapter({ getActiveCell: () => null })).toBe(false);
  });
});
