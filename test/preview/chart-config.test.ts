import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { axisLabel, chartConfig } from "../../src/preview/chart-config";
import { reportSheetSpec } from "../../src/taskpane/report-model/report-layout";
import { templateById } from "../../src/taskpane/report-model/templates";

const NOW = new Date("2026-11-24T12:00:00Z");
type Scale = { position?: string; title: { text: string }; ticks: { callback: (v: number) => string } };

describe("what the preview asks Chart.js to draw for a template's charts", () => {
  it("Competitor watch: revenue on a second value axis on the right, titled, so units do not lie flat", () => {
    const spec = reportSheetSpec(
      templateById("competitorWatch"),
      readInputs({ market: "US", asins: "B07Z82895W" }),
      NOW,
    );
    const chart = spec.charts[0];
    const config = chartConfig(chart, {
      status: "ready",
      labels: ["B07Z82895W", "B0DGVP84B5"],
      series: [
        { name: "Units", values: [80712, 30253] },
        { name: "Revenue", values: [11537780.4, 166088.97] },
      ],
    });
    const [units, revenue] = config.data.datasets as { label: string; yAxisID?: string }[];
    expect(units.yAxisID).toBeUndefined();
    expect(revenue.yAxisID).toBe("y2");
    const scales = config.options!.scales as unknown as Record<string, Scale>;
    expect(scales.y.title.text).toBe("Units");
    expect(scales.y2).toMatchObject({ position: "right", title: { text: "Revenue" } });
    expect(scales.y2.ticks.callback(12000000)).toBe("12,000,000");
  });

  it("Category market: the brand share bar chart labels its fractions as percentages", () => {
    const spec = reportSheetSpec(
      templateById("categoryMarket"),
      readInputs({ market: "US", nodeIdPath: "172282:281407" }),
      NOW,
    );
    const brand = spec.charts.find((c) => c.title === "Brand share")!;
    const config = chartConfig(brand, {
      status: "ready",
      labels: ["A", "B"],
      series: [{ name: "s", values: [0.24, 0.05] }],
    });
    expect(config.options!.indexAxis).toBe("y");
    const scales = config.options!.scales as unknown as Record<string, Scale>;
    expect(scales.x.ticks.callback(0.05)).toBe("5%");
    expect(scales.y2).toBeUndefined();
    expect(scales.x2).toBeUndefined();
  });

  it("axis labels: percent to one decimal, numbers with thousands separators", () => {
    expect(axisLabel(0.125, "percent")).toBe("12.5%");
    expect(axisLabel(0.2, "percent")).toBe("20%");
    expect(axisLabel(1234567, "number")).toBe("1,234,567");
  });
});
