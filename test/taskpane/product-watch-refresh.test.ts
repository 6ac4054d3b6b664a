/**
 * A Product watch of 200 ASINs in Excel (the strict stand-in, desktop and web): its inputs are read back from the
 * sheet as a person left them (the ASIN column, a pasted ASIN below the others included; the picked row), and Refresh
 * plans its table and the picked products' cards as one lookup, ⌈N / 40⌉ calls, plus three calls a picked product.
 * A Product watch made by the earlier layout (five ASINs across row 4) is read from what it stored.
 */
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { templateById } from "../../src/taskpane/report-model/templates";
import { planRefresh } from "../../src/taskpane/reports/refresh-plan";
import { refreshTargetsNow } from "../../src/taskpane/reports/refresh-targets";
import { groupReports, reportRows } from "../../src/taskpane/reports/reports";
import { readReportInputs } from "../../src/taskpane/reports/snapshot";
import { PLATFORMS, strictExcelPerTest } from "../support/strict-excel/jest";

const NOW = new Date("2026-11-24T12:00:00Z");
const ENGINE = createEngine({ store: memoryStore({}) });
const ASINS = Array.from({ length: 200 }, (_, i) => `B0${String(4_000_000 + i).padStart(8, "0")}`);

describe.each(PLATFORMS)("a Product watch of 200 ASINs in Excel (%s)", (platform) => {
  const session = strictExcelPerTest({ platform });

  it("reads its ASINs back from column A and refreshes them in 5 calls, 15 more for its 5 picked products", async () => {
    const { excel } = session;
    const host = createOfficeHost();
    // 199 given; the 200th typed by a person below them on the sheet.
    const given = { market: "US", asins: ASINS.slice(0, 199).join("\n"), picked: ASINS.slice(0, 5).join(", ") };
    const spec = reportSheetSpec(templateById("productWatch"), readInputs(given), NOW);
    const { sheet } = await host.createReportSheet(spec);
    excel.type(sheet, "A208", ASINS[199]);
    const inputs = await readReportInputs(host, sheet, spec.report);
    expect(inputs.asins).toEqual(ASINS);
    expect(inputs.picked).toEqual(ASINS.slice(0, 5));

    const cells = await host.listMadFormulas();
    expect(cells).toHaveLength(1 + 5 * 4);
    const rows = reportRows(cells, [], []);
    const { groups } = groupReports(rows, await host.listReportSheets());
    const now = await refreshTargetsNow(host, rows, groups);
    const plan = await planRefresh(ENGINE, now.targets, { remainingThisMonth: null });
    // The table and the five cards: one lookup of the 200 ASINs; each picked product's price, sales and reviews.
    expect(plan.groups).toHaveLength(1 + 5 * 3);
    expect(plan.calls).toBe(5 + 5 * 3);
    expect(plan.needsConfirmation).toBe(false);
  });

  it("reads a Product watch of the earlier layout (ASINs across row 4, no picked row) from what it stored", async () => {
    const host = createOfficeHost();
    const spec = reportSheetSpec(
      templateById("competitorWatch"),
      readInputs({ market: "US", asins: "B07Z82895W" }),
      NOW,
    );
    const { sheet } = await host.createReportSheet(spec);
    const earlier = {
      ...spec.report,
      template: "productWatch",
      inputs: { market: "US", asins: "B07Z82895W, B0DGVP84B5" },
    };
    const inputs = await readReportInputs(host, sheet, earlier);
    expect(inputs.asins).toEqual(["B07Z82895W", "B0DGVP84B5"]);
  });
});
