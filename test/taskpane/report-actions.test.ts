/**
 * The Templates tab's Create and the Reports tab's report groups, against the in-memory host: bad inputs stop
 * everything, the cost line and when the pane asks first, a host without the requirement set creates nothing,
 * a created report names its sheet and its failing sections, and report sheets group their formulas.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import type { FormulaCell } from "../../src/taskpane/host/host-adapter";
import { createReport, planReport } from "../../src/taskpane/templates/actions";
import { refreshReportSheets } from "../../src/taskpane/host/settle-formulas";
import { describeReportInputs, groupReports, reportRows } from "../../src/taskpane/reports/reports";
import { templateById, type ReportTemplate } from "../../src/taskpane/report-model/templates";
import { memoryHost } from "./support/memory-host";

const NOW = new Date("2026-11-24T12:00:00Z");
/** An engine with nothing cached and no secret: plans count every page. */
const ENGINE = createEngine({ store: memoryStore({}) });
const CATEGORY = { market: "US", nodeIdPath: "172282:281407" };

describe("planning a report", () => {
  it("stops at bad inputs, naming them, with no plan to create", () => {
    const planned = planReport(templateById("categoryMarket"), { market: "US", nodeIdPath: "" }, ENGINE, NOW, null);
    expect(planned.plan).toBeUndefined();
    expect(planned.errors.byInput.nodeIdPath?.[0]).toMatch(/^Category: required/);
  });

  it("states the calls it spends and goes ahead without asking when few", () => {
    const { plan } = planReport(templateById("categoryMarket"), CATEGORY, ENGINE, NOW, 500);
    expect(plan?.costText).toBe("Creates a sheet and spends about 8 calls: 8 unique queries, 8 pages.");
    expect(plan?.question).toBeNull();
    expect(plan?.spec.name).toBe("Market 281407");
  });

  it("asks first when the month has fewer calls left than the report needs", () => {
    const { plan } = planReport(templateById("categoryMarket"), CATEGORY, ENGINE, NOW, 5);
    expect(plan?.question).toBe("This report needs about 8 calls but only 5 are left this month.");
  });

  it("asks first when a report spends more than 20 calls", () => {
    const base = templateById("competitorWatch");
    const big: ReportTemplate = { ...base, sections: base.sections.map((s) => ({ ...s, limit: 500 })) };
    const { plan } = planReport(big, { market: "US", asins: "B07Z82895W" }, ENGINE, NOW, null);
    // Competitors: a lookup of its ASIN, one call whatever the limit; traffic keywords 5 pages of 100, order words
    // 10 of 50, extended traffic 10 of 50.
    expect(plan?.cost).toEqual({ queries: 4, pages: 26, calls: 26 });
    expect(plan?.question).toBe("This report will spend about 26 calls.");
  });
});

describe("creating a report", () => {
  const spec = () => planReport(templateById("categoryMarket"), CATEGORY, ENGINE, NOW, null).plan!.spec;

  it("creates nothing on a host without the requirement set, and says why", async () => {
    const host = memoryHost();
    host.supportMessage = "Report templates need Excel's ExcelApi 1.13 requirement set.";
    await expect(createReport(host, spec())).rejects.toThrow(/ExcelApi 1\.13/);
    expect(host.reports.size).toBe(0);
  });

  it("creates the sheet, points its charts at the spills and names the sheet", async () => {
    const host = memoryHost();
    const created = await createReport(host, spec());
    expect(created.sheet).toBe("Market 281407");
    expect(created.message).toMatch(/^Created the sheet Market 281407 with 8 sections and 4 charts\./);
    expect(host.reports.get("Market 281407")?.formulas).toHaveLength(8);
    expect(host.chartRefreshes).toEqual(["Market 281407"]);
  });

  it("names the sections whose formula shows an error", async () => {
    const host = memoryHost();
    host.shows.set("D39", "#N/A");
    const created = await createReport(host, spec());
    expect(created.failed).toEqual(["D39 (#N/A)"]);
    expect(created.message).toMatch(/but D39 \(#N\/A\) shows an error/);
  });
});

describe("report groups in the Reports tab", () => {
  it("gather a report sheet's formulas under its report; other formulas stay on their own", async () => {
    const host = memoryHost();
    await createReport(
      host,
      planReport(templateById("keywordOpportunity"), { market: "US", keyword: "yoga mat" }, ENGINE, NOW, null).plan!
        .spec,
    );
    const loose: FormulaCell = { sheet: "Sheet1", address: "B2", formula: '=MAD.KEYWORDTRENDS("US","yoga")' };
    const rows = reportRows([...host.formulaCells, loose], [], []);
    const { groups, others } = groupReports(rows, await host.listReportSheets());
    expect(groups).toHaveLength(1);
    expect(groups[0].sheet).toBe("Keywords yoga mat");
    expect(groups[0].rows.map((r) => r.address)).toEqual(["A23", "F23", "J23", "Q23"]);
    expect(others.map((r) => r.id)).toEqual(["Sheet1!B2"]);
    expect(describeReportInputs(groups[0].report)).toBe("Market US · Keyword yoga mat");
  });

  it("refresh their charts after the formulas were recalculated", async () => {
    const host = memoryHost();
    const created = await createReport(
      host,
      planReport(templateById("categoryMarket"), CATEGORY, ENGINE, NOW, null).plan!.spec,
    );
    await refreshReportSheets(host, [{ sheet: created.sheet, cells: [{ sheet: created.sheet, address: "D39" }] }]);
    expect(host.chartRefreshes).toEqual(["Market 281407", "Market 281407"]);
  });
});
