/**
 * Charts in the stand-in (https://learn.microsoft.com/javascript/api/excel/excel.chart):
 * - a chart added over a range whose cells are all blank has no series (reported in our issue 20: the report's
 *   charts are made before the formulas above them have answered; no Microsoft page states it, so
 *   docs/excel-platform.md lists it for a person with real Excel to confirm): `series.getItemAt(0)` then fails
 *   with ItemNotFound ("The requested resource doesn't exist.");
 * - a series reads a Range: ChartSeries.setValues / setXAxisValues take a Range (ExcelApi 1.7), never a name, so a
 *   series does not follow a workbook name over a spill;
 * - axis number formats and a series' axis group are ExcelApi 1.8; ChartAxes.getItem is 1.7.
 */
import type { CellRange } from "../../../src/table/a1";
import { ClientObject, Collection, type RequestContext, type Scalars } from "./client";
import { invalidArgument, itemNotFound } from "./errors";
import type { AxisModel, ChartModel, RangeRef, SeriesModel, SheetModel } from "./model";
import { numberFormatProblem } from "./number-format";
import type { Range } from "./range";
import type { Worksheet } from "./sheet";

const allBlank = (ref: RangeRef) => {
  for (let row = ref.range.top; row <= ref.range.bottom; row++)
    for (let col = ref.range.left; col <= ref.range.right; col++) {
      const cell = ref.sheet.get(row, col);
      if (cell && (cell.value !== "" || cell.formula !== undefined)) return false;
    }
  return true;
};

const column = (ref: RangeRef, col: number): RangeRef => ({
  sheet: ref.sheet,
  range: { ...ref.range, left: col, right: col } as CellRange,
});

/** A part of a chart that only takes settings (titles, axes, legend): set applies to the model at sync. */
class ChartPart<T> extends ClientObject<T> {
  constructor(context: RequestContext, locate: () => T | null, path: string) {
    super(context, locate, path);
  }
  protected scalars(): Scalars<T> {
    return {};
  }
  put(prop: string, value: unknown, apply: (target: T) => void): void {
    this.set(prop, value, apply);
  }
}

function titled<T>(context: RequestContext, owner: () => T | null, path: string, apply: (t: T, text: string) => void) {
  const part = new ChartPart(context, owner, path);
  return {
    set text(text: string) {
      part.put("text", text, (t) => apply(t, text));
    },
  };
}

export class ChartAxis extends ChartPart<AxisModel> {
  readonly title: { text: string };
  constructor(context: RequestContext, locate: () => AxisModel | null, path: string) {
    super(context, locate, path);
    this.title = titled(
      context,
      () => this.resolve(),
      `${path}.title`,
      (axis, text) => (axis.title = text),
    );
  }
  set numberFormat(format: string) {
    this.context.requires("ExcelApi", "1.8", "ChartAxis.numberFormat");
    this.put("numberFormat", format, (axis) => {
      const problem = numberFormatProblem(format);
      if (problem) throw invalidArgument(`ChartAxis.numberFormat ${JSON.stringify(format)}: ${problem}`);
      axis.numberFormat = format;
    });
  }
}

export class ChartSeries extends ClientObject<SeriesModel> {
  constructor(context: RequestContext, locate: () => SeriesModel | null, path: string) {
    super(context, locate, path);
  }
  protected scalars(): Scalars<SeriesModel> {
    return { name: (s) => s.name, axisGroup: (s) => s.axisGroup };
  }
  set name(name: string) {
    this.set("name", name, (s) => (s.name = name));
  }
  set axisGroup(group: "Primary" | "Secondary") {
    this.context.requires("ExcelApi", "1.8", "ChartSeries.axisGroup");
    this.set("axisGroup", group, (s) => (s.axisGroup = group));
  }
  private source(method: string, range: Range, apply: (s: SeriesModel, ref: RangeRef) => void): void {
    this.context.requires("ExcelApi", "1.7", `ChartSeries.${method}`);
    this.context.enqueue({ path: this.path, op: "call", method, args: [ClientObject.wire(range)] }, () => {
      const series = this.resolve();
      const ref = range.resolve();
      if (series !== null && ref !== null) apply(series, ref);
      return undefined;
    });
  }
  setValues(range: Range): void {
    this.source("setValues", range, (s, ref) => (s.values = ref));
  }
  setXAxisValues(range: Range): void {
    this.source("setXAxisValues", range, (s, ref) => (s.xValues = ref));
  }
  delete(): void {
    this.context.requires("ExcelApi", "1.7", "ChartSeries.delete");
    this.context.enqueue({ path: this.path, op: "delete" }, () => {
      const series = this.resolve();
      if (series)
        for (const chart of this.context.runtime.book.sheets.flatMap((s) => s.charts)) {
          const i = chart.series.indexOf(series);
          if (i >= 0) chart.series.splice(i, 1);
        }
      return undefined;
    });
  }
}

export class ChartSeriesCollection extends Collection<SeriesModel, ChartSeries> {
  constructor(
    context: RequestContext,
    private readonly chart: Chart,
  ) {
    super(context, () => chart.resolve()?.series ?? null, `${chart.path}.series`);
  }
  protected item(target: SeriesModel, path: string): ChartSeries {
    return new ChartSeries(this.context, () => target, path);
  }
  getItemAt(index: number): ChartSeries {
    let found: SeriesModel | null | undefined;
    return new ChartSeries(
      this.context,
      () => {
        if (found !== undefined) return found;
        const chart = this.chart.resolve();
        if (chart === null) return (found = null);
        const series = chart.series[index];
        if (!series) throw itemNotFound(`series ${index} of the chart ${chart.name} (it has ${chart.series.length})`);
        return (found = series);
      },
      `${this.path}.getItemAt(${index})`,
    );
  }
  add(name: string): ChartSeries {
    this.context.requires("ExcelApi", "1.7", "ChartSeriesCollection.add");
    let added: SeriesModel | undefined;
    this.context.enqueue({ path: this.path, op: "add", name }, () => {
      const chart = this.chart.resolve();
      if (chart) chart.series.push((added = { name, axisGroup: "Primary" }));
      return undefined;
    });
    return new ChartSeries(this.context, () => added ?? null, `${this.path}.add(${JSON.stringify(name)})`);
  }
}

export class Chart extends ClientObject<ChartModel> {
  readonly series: ChartSeriesCollection;
  readonly title: { text: string };
  readonly legend: { visible: boolean };
  readonly axes: {
    categoryAxis: ChartAxis;
    valueAxis: ChartAxis;
    getItem: (type: string, group: string) => ChartAxis;
  };

  constructor(context: RequestContext, locate: () => ChartModel | null, path: string, nullable = false) {
    super(context, locate, path, nullable);
    this.series = new ChartSeriesCollection(context, this);
    const chart = () => this.resolve();
    this.title = titled(context, chart, `${path}.title`, (c, text) => (c.title = text));
    const legend = new ChartPart(context, chart, `${path}.legend`);
    this.legend = {
      set visible(visible: boolean) {
        legend.put("visible", visible, (c) => (c.legendVisible = visible));
      },
    };
    const axis = (name: string, pick: (c: ChartModel) => AxisModel) =>
      new ChartAxis(context, () => (chart() ? pick(chart()!) : null), `${path}.axes.${name}`);
    this.axes = {
      categoryAxis: axis("categoryAxis", (c) => c.axes.category),
      valueAxis: axis("valueAxis", (c) => c.axes.value),
      getItem: (type: string, group: string) => {
        context.requires("ExcelApi", "1.7", "ChartAxes.getItem");
        if (type !== "Value") throw invalidArgument(`the stand-in has value axes only (${type})`);
        return axis(`getItem(${type},${group})`, (c) => (group === "Secondary" ? c.axes.secondaryValue : c.axes.value));
      },
    };
  }
  protected scalars(): Scalars<ChartModel> {
    return { name: (c) => c.name, chartType: (c) => c.type };
  }
  get name(): string {
    return this.read("name");
  }
  set name(name: string) {
    this.set("name", name, (c) => (c.name = name));
  }
  setPosition(start: string, end: string): void {
    this.call("setPosition", [start, end], (c) => (c.position = [start, end]));
  }
  delete(): void {
    this.call("delete", [], (c) => c.sheet.charts.splice(c.sheet.charts.indexOf(c), 1));
  }
}

export class ChartCollection extends Collection<ChartModel, Chart> {
  constructor(
    context: RequestContext,
    private readonly sheet: Worksheet,
  ) {
    super(context, () => sheet.resolve()?.charts ?? null, `${sheet.path}.charts`);
  }
  protected item(target: ChartModel, path: string): Chart {
    return new Chart(this.context, () => target, path);
  }
  private find(name: string): ChartModel | undefined {
    return this.sheet.resolve()?.charts.find((c) => c.name === name);
  }
  getItem(name: string): Chart {
    return new Chart(
      this.context,
      () =>
        this.find(name) ??
        (() => {
          throw itemNotFound(`chart ${name}`);
        })(),
      `${this.path}.getItem(${JSON.stringify(name)})`,
    );
  }
  getItemOrNullObject(name: string): Chart {
    this.context.requires("ExcelApi", "1.4", "ChartCollection.getItemOrNullObject");
    return new Chart(
      this.context,
      () => this.find(name) ?? null,
      `${this.path}.getItemOrNullObject(${JSON.stringify(name)})`,
      true,
    );
  }
  add(type: string, source: Range, seriesBy: string): Chart {
    let added: ChartModel | undefined;
    this.context.enqueue({ path: this.path, op: "add", args: [type, ClientObject.wire(source), seriesBy] }, () => {
      const sheet: SheetModel | null = this.sheet.resolve();
      const ref = source.resolve();
      if (!sheet || !ref) throw itemNotFound("the chart's sheet or source");
      const series: SeriesModel[] = allBlank(ref)
        ? []
        : Array.from({ length: ref.range.right - ref.range.left + 1 }, (_, i) => ({
            name: `Series${i + 1}`,
            values: column(ref, ref.range.left + i),
            axisGroup: "Primary" as const,
          }));
      const axis = () => ({ title: "", numberFormat: "General" });
      added = {
        name: `Chart ${sheet.charts.length + 1}`,
        type,
        sheet,
        series,
        title: "",
        axes: { category: axis(), value: axis(), secondaryValue: axis() },
        legendVisible: true,
      };
      sheet.charts.push(added);
      return undefined;
    });
    return new Chart(this.context, () => added ?? null, `${this.path}.add(${JSON.stringify(type)})`);
  }
}
