/**
 * Report sheets from templates in the Office.js host, against office-addin-mock objects shaped like Excel
 * (support/fake-excel.ts): the sheet, its text inputs, the formulas, the workbook names over the spills, the chart
 * series calls, the stored report and the re-pointing of series once the spills changed size.
 */
jest.mock("office-addin-manifest", () => ({
  // office-addin-mock only needs this enum from office-addin-manifest, whose dependencies are ES modules jest cannot load.
  OfficeApp: {
    Excel: "excel",
    OneNote: "onenote",
    Outlook: "outlook",
    PowerPoint: "powerpoint",
    Project: "project",
    Word: "word",
  },
}));

import { parseCellAddress } from "../../src/table/a1";
import { PreviewHost } from "../../src/preview/preview-host";
import { Workbook } from "../../src/preview/workbook";
import { createOfficeHost, followReportSheets, REPORTS_SETTING } from "../../src/taskpane/host/office-host";
import { reportSheetSpec } from "../../src/taskpane/templates/report-layout";
import { templateById } from "../../src/taskpane/templates/templates";
import { FakeExcel } from "./support/fake-excel";

const NOW = new Date("2026-11-24T12:00:00Z");
let excel: FakeExcel;
beforeEach(() => {
  excel = new FakeExcel(["Sheet1"]);
  Object.assign(globalThis, excel.globals());
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).Excel;
  delete (globalThis as Record<string, unknown>).Office;
});

const categorySpec = () =>
  reportSheetSpec(templateById("categoryMarket"), { market: "US", nodeIdPath: "172282:281407" }, NOW);

describe("report support", () => {
  it("is there with ExcelApi 1.13", async () => {
    expect(await createOfficeHost().reportSupport!()).toBeNull();
  });

  it("says what is missing and what to do when Excel lacks ExcelApi 1.13", async () => {
    excel.excelApi = "1.9";
    const message = await createOfficeHost().reportSupport!();
    expect(message).toMatch(/ExcelApi 1\.13/);
    expect(message).toMatch(/Update Excel/);
  });
});

describe("a Category market report", () => {
  it("adds its sheet with text inputs, bold titles, the formulas and the template's charts", async () => {
    const spec = categorySpec();
    const created = await createOfficeHost().createReportSheet!(spec);
    expect(created.sheet).toBe("Market 281407");
    expect(created.charts).toBe(4);
    expect(excel.activated).toBe("Market 281407");
    // The node path stays text (format before value): not the time 17:22 or a number.
    expect(excel.cell("Market 281407", "B4")).toEqual({ value: "172282:281407", format: "@" });
    expect(excel.cell("Market 281407", "B3")).toEqual({ value: "US", format: "@" });
    expect(excel.writes.filter((w) => w.sheet === "Market 281407" && w.address === "B4").map((w) => w.prop)).toEqual([
      "numberFormat",
      "values",
    ]);
    expect(excel.cell("Market 281407", "A3")).toEqual({ value: "Market", format: "@" });
    expect(excel.isBold("Market 281407", "A1")).toBe(true);
    for (const f of spec.formulas) expect(excel.cell("Market 281407", f.address)?.formula).toBe(f.formula);
    expect(excel.cell("Market 281407", "D39")?.formula).toBe(
      '=MAD.BRANDCONCENTRATION($B$3,$B$4,,"brand, totalUnitsRatio, totalRevenueRatio, totalUnits, totalRevenue, products",10)',
    );
  });

  it("names each charted column over its spill, so a chart can follow the spill", async () => {
    const created = await createOfficeHost().createReportSheet!(categorySpec());
    expect(created.names).toEqual([
      "MAD_Market_281407_1_x",
      "MAD_Market_281407_1_s1",
      "MAD_Market_281407_2_x",
      "MAD_Market_281407_2_s1",
      "MAD_Market_281407_3_x",
      "MAD_Market_281407_3_s1",
      "MAD_Market_281407_4_x",
      "MAD_Market_281407_4_s1",
    ]);
    expect(excel.names.get("MAD_Market_281407_1_s1")).toBe(
      "=OFFSET('Market 281407'!$D$39,1,1,MIN(ROWS('Market 281407'!$D$39#)-1,10),1)",
    );
    expect(excel.names.get("MAD_Market_281407_4_x")).toBe(
      "=OFFSET('Market 281407'!$AN$39,1,0,ROWS('Market 281407'!$AN$39#)-1,1)",
    );
  });

  it("adds native charts with titles, axis titles, series and their place", async () => {
    await createOfficeHost().createReportSheet!(categorySpec());
    expect(excel.charts.map((c) => [c.type, c.mock.name, c.mock.title.text])).toEqual([
      ["BarClustered", "Brand share chart", "Brand share"],
      ["BarClustered", "Seller countries chart", "Seller countries"],
      ["ColumnClustered", "Rating-count distribution chart", "Rating-count distribution"],
      ["Line", "Listing-date trend chart", "Listing-date trend"],
    ]);
    const brand = excel.charts[0];
    expect(brand.mock.axes.categoryAxis.title.text).toBe("Brand");
    expect(brand.mock.axes.valueAxis.title.text).toBe("Share of units");
    // Shares are fractions: the axis labels them as percentages (0.05 as 5%).
    expect(brand.mock.axes.valueAxis.numberFormat).toBe("0%");
    expect(brand.position).toEqual(["A6", "H20"]);
    // Before the formula has spilled, the series covers the first rows below the header of its column.
    expect(brand.source).toBe("E40:E49");
    expect(brand.series.map((s) => [s.mock.name, s.calls])).toEqual([["Share of units", ["categories D40:D49"]]]);
  });

  it("keeps the report with its sheet and lists it, also after a second one of the same category", async () => {
    const host = createOfficeHost();
    await host.createReportSheet!(categorySpec());
    const second = await host.createReportSheet!(categorySpec());
    expect(second.sheet).toBe("Market 281407 (2)");
    expect(second.names[0]).toBe("MAD_Market_281407__2__1_x");
    const stored = JSON.parse(String(excel.settings.get(REPORTS_SETTING))) as Record<string, { sheet: string }>;
    expect(Object.values(stored).map((r) => r.sheet)).toEqual(["Market 281407", "Market 281407 (2)"]);
    const listed = await host.listReportSheets!();
    expect(listed.map((r) => r.sheet)).toEqual(["Market 281407", "Market 281407 (2)"]);
    expect(listed[0].report).toEqual({
      template: "categoryMarket",
      title: "Category market",
      inputs: { market: "US", nodeIdPath: "172282:281407" },
      createdAt: NOW.getTime(),
    });
  });

  it("re-points every series at its spill's current rows (at most the chart's points) after a refresh", async () => {
    const host = createOfficeHost();
    await host.createReportSheet!(categorySpec());
    // Brand concentration spilled 13 rows (header + 12 brands); the listing trend 4 years.
    excel.spills.set("Market 281407!D39", "D39:I51");
    excel.spills.set("Market 281407!AN39", "AN39:AQ43");
    await host.refreshReportCharts!("Market 281407");
    const [brand, countries, , trend] = excel.charts;
    expect(brand.series[0].calls.slice(1)).toEqual(["values E40:E49", "categories D40:D49"]);
    expect(trend.series[0].calls.slice(-2)).toEqual(["values AO40:AO43", "categories AN40:AN43"]);
    // Not spilled yet: left as it was.
    expect(countries.series[0].calls).toEqual(["categories X40:X49"]);
  });

  it("charts follow their spills: when the report sheet calculates, its series are re-pointed at the new size", async () => {
    const host = createOfficeHost();
    await host.createReportSheet!(categorySpec());
    const [brand] = excel.charts;
    expect(brand.series[0].calls).toEqual(["categories D40:D49"]);
    // An input edited in Excel: the brand list spills 6 rows now, and Excel raises onCalculated for the sheet.
    excel.spills.set("Market 281407!D39", "D39:I45");
    await excel.calculate("Market 281407");
    expect(brand.series[0].calls.slice(1)).toEqual(["values E40:E45", "categories D40:D45"]);
  });

  it("calculations during a re-pointing run it once more afterwards, not once each", async () => {
    const host = createOfficeHost();
    await host.createReportSheet!(categorySpec());
    const [brand] = excel.charts;
    excel.spills.set("Market 281407!D39", "D39:I45");
    await Promise.all([1, 2, 3, 4].map(() => excel.calculate("Market 281407")));
    expect(brand.series[0].calls.filter((c) => c.startsWith("values"))).toHaveLength(2);
  });

  it("report sheets of a reopened workbook follow their spills from the pane's start", async () => {
    await createOfficeHost().createReportSheet!(categorySpec());
    excel.calculatedHandlers.clear(); // Excel restarted: no handler of the last session is left
    const reopened = createOfficeHost();
    followReportSheets(reopened, () => ({ get: (key: string) => excel.settings.get(key) ?? null }));
    for (let tries = 0; tries < 200 && !excel.calculatedHandlers.has("Market 281407"); tries++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(excel.calculatedHandlers.get("Market 281407")).toHaveLength(1);
    excel.spills.set("Market 281407!D39", "D39:I42");
    await excel.calculate("Market 281407");
    expect(excel.charts[0].series[0].calls.slice(-2)).toEqual(["values E40:E42", "categories D40:D42"]);
  });

  it("a workbook without reports loads nothing to follow", async () => {
    const host = createOfficeHost();
    let listed = 0;
    followReportSheets({ ...host, listReportSheets: async () => (listed++, []) }, () => ({ get: () => null }));
    expect(listed).toBe(0);
  });

  it("refuses to re-point charts of a sheet no template made", async () => {
    await expect(createOfficeHost().refreshReportCharts!("Sheet1")).rejects.toThrow(/not made from a template/);
  });
});

describe("other templates", () => {
  it("a Competitor watch writes one ASIN a cell and a two-series chart of units and revenue", async () => {
    const spec = reportSheetSpec(
      templateById("competitorWatch"),
      { market: "US", asins: "B07Z82895W, b0dgvp84b5\n0123456789" },
      NOW,
    );
    const created = await createOfficeHost().createReportSheet!(spec);
    expect(created.sheet).toBe("Competitors B07Z82895W");
    expect(excel.cell(created.sheet, "A4")).toEqual({ value: "ASINs", format: "@" });
    expect(excel.cell(created.sheet, "C4")).toEqual({ value: "B0DGVP84B5", format: "@" });
    expect(excel.cell(created.sheet, "D4")).toEqual({ value: "0123456789", format: "@" });
    const [chart] = excel.charts;
    expect(chart.type).toBe("ColumnClustered");
    expect(chart.mock.legend.visible).toBe(true);
    expect(chart.series.map((s) => [s.mock.name, s.calls])).toEqual([
      ["Units", ["categories A24:A33"]],
      ["Revenue", ["values D24:D33", "categories A24:A33"]],
    ]);
    // Revenue is a hundred times the units or more: it is read against a second value axis, titled, so both show.
    expect(chart.series[1].mock.axisGroup).toBe("Secondary");
    expect(chart.mock.axes.valueAxis.title.text).toBe("Units");
    expect(chart.mock.axes.secondaryValueAxis.title.text).toBe("Revenue");
  });
});

describe("the same template in Excel and in the preview", () => {
  it.each(["categoryMarket", "keywordOpportunity", "competitorWatch"] as const)(
    "%s: the same sheet, workbook names over the same spills, the same formulas",
    async (id) => {
      const spec = reportSheetSpec(
        templateById(id),
        { market: "US", nodeIdPath: "172282:281407", keyword: "yoga mat", asins: "B07Z82895W, B0DGVP84B5" },
        NOW,
      );
      const inExcel = await createOfficeHost().createReportSheet!(spec);
      // The preview's workbook, with functions that never run (only what is written is compared).
      const book = new Workbook({
        isRegistered: () => true,
        invoke: () => ({ outcome: new Promise(() => undefined), cancel: () => undefined }),
      });
      const inPreview = await new PreviewHost(book, () => parseCellAddress("A1")!).createReportSheet(spec);
      expect(inPreview).toEqual(inExcel);
      expect(Object.fromEntries(book.definedNames().map((n) => [n.name, n.refersTo]))).toEqual(
        Object.fromEntries(inExcel.names.map((name) => [name, excel.names.get(name)])),
      );
      for (const f of spec.formulas) {
        const pos = parseCellAddress(f.address)!;
        expect(book.inputText(pos, inPreview.sheet)).toBe(excel.cell(inExcel.sheet, f.address)?.formula);
      }
      for (const v of spec.values)
        expect(book.inputText(parseCellAddress(v.address)!, inPreview.sheet)).toBe(
          String(excel.cell(inExcel.sheet, v.address)?.value),
        );
    },
  );
});
