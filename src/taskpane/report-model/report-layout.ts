/**
 * Where a template's report goes on its sheet, as one ReportSheetSpec the host writes:
 * - rows 1–2: the template's title and a note; from row 3 the inputs, a label in column A and the value in B
 *   (the ASINs one per cell from B across, so `$A$4:$U$4` is also a filter block `ASINs | B0… | B0…`); inputs
 *   are text cells (`@`), so `172282:281407` or an all-digit ASIN stays as typed;
 * - below the inputs, the charts, two to a row, each CHART_SIZE cells;
 * - below the charts, the sections side by side with a blank column between: a title, then the formula whose
 *   result spills down. Nothing is ever placed below a section, so a result longer than expected never runs into
 *   another one (no #SPILL!), and editing an input reworks every section in place. The one exception is a card
 *   (MAD.PRODUCT), whose result is bounded: one cell, or its labelled row (two rows) where Excel has no data
 *   types; cards stack one under another at the left, each with its title, as wide as that row.
 * Formulas reference the input cells with absolute references, so the report follows its inputs.
 */
import { t } from "../../i18n";
import {
  CHART_SIZE,
  type CellValue,
  type ChartSpec,
  type FormulaTarget,
  type ReportSheetSpec,
  type ReportValueCell,
} from "../host/host-adapter";
import { blockAddress, cellAddress, offset, type CellPosition } from "../../table/a1";
import { numberFormatOf } from "../../table/columns";
import { selectColumns } from "./result-table";
import { validSheetName } from "../../table/sheet-names";
import { operation } from "../../api/catalog";
import { sourceRule, type ArgSource, type InputPlaces } from "./arg-sources";
import { readInputs, valueOf, type ReportInputs } from "./report-inputs";
import { maxAsinsOf, reportSections, type ReportTemplate, type TemplateSection } from "./templates";

const CHARTS_PER_ROW = 2;
const FIRST_INPUT_ROW = 2; // 0-based: row 3
const TEXT = "@";

/** A block of cells a report uses: 0-based top-left, rows × columns. */
export interface Footprint {
  readonly what: string;
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly columns: number;
}

/** Rows a section's result takes at most (header included); without a limit, as many as the service has. */
export function sectionRows(section: TemplateSection, rowCap = 2000): number {
  if (section.card) return 2;
  if (section.vertical) return section.fields.length + 1;
  return 1 + (section.limit ?? rowCap);
}

/** Where the template's inputs sit: one row each from row 3, the value in column B (the ASINs from B across). */
function inputPlaces(template: ReportTemplate): InputPlaces {
  const rowOf = (name: string) => FIRST_INPUT_ROW + template.inputs.findIndex((i) => i.name === name);
  return {
    cell: (name) => ({ row: rowOf(name), col: 1 }),
    maxAsins: maxAsinsOf(template),
    screenRows: () => {
      const rows = template.inputs.flatMap((input, i) => (input.kind === "screen" ? [FIRST_INPUT_ROW + i] : []));
      return [rows[0], rows[rows.length - 1]];
    },
  };
}

/** An argument as formula text: a reference to its input cell(s), or a quoted literal of the template's own. */
const argText = (places: InputPlaces, source: ArgSource): string => sourceRule(source).formula(source, places);

/**
 * `=MAD.BRANDCONCENTRATION($B$3,$B$4,,"brand, totalUnitsRatio",10)`; a history function takes STOCKHISTORY's
 * arguments (`=MAD.PRICEHISTORY($B$3,$B$4,,,"weekly","date, price, bsr")`), a card market and ASIN only
 * (`=MAD.PRODUCT($B$3,$B$4)`).
 */
export function sectionFormula(template: ReportTemplate, section: TemplateSection): string {
  const places = inputPlaces(template);
  const leading = [
    argText(places, { kind: "input", input: "market" }),
    ...section.positional.map((a) => argText(places, a)),
  ];
  const fields = `"${section.fields.join(", ")}"`;
  const args = section.card
    ? leading
    : operation(section.operation).history
      ? [...leading, "", "", section.interval ? `"${section.interval}"` : "", fields]
      : [
          ...leading,
          section.filters ? argText(places, section.filters) : "",
          fields,
          section.limit === undefined ? "" : String(section.limit),
        ];
  while (args[args.length - 1] === "") args.pop();
  return `=MAD.${section.fn}(${args.join(",")})`;
}

/**
 * `Market 281407`, `Keywords yoga mat`, `Competitors B0DGVP84B5` (`市场 281407`… for a Chinese reader): the
 * template's name for it, within Excel's sheet-name rules.
 */
export const proposedSheetName = (template: ReportTemplate, inputs: ReportInputs): string =>
  validSheetName(template.sheetName(inputs).trim(), template.title());

interface Placed {
  readonly section: TemplateSection;
  readonly title: CellPosition;
  readonly formula: CellPosition;
}

/**
 * The sections side by side below the charts (cards stacked at the left), and the charts two to a row below the
 * inputs. With inputs, the sections of those inputs (a section per ASIN given); without, the most a report can have.
 */
export function layoutReport(
  template: ReportTemplate,
  inputs?: ReportInputs,
): {
  sections: Placed[];
  charts: { section: Placed; anchor: CellPosition }[];
  footprints: Footprint[];
} {
  const all = reportSections(template, inputs);
  const inputEnd = FIRST_INPUT_ROW + template.inputs.length; // first row after the inputs
  const chartTop = inputEnd + 1;
  const charted = all.filter((s) => s.chart);
  const chartRows = Math.ceil(charted.length / CHARTS_PER_ROW);
  const sectionTop = chartTop + chartRows * (CHART_SIZE.rows + 1);
  const width = (section: TemplateSection) => (section.vertical ? 2 : section.fields.length);
  const cards = all.filter((s) => s.card);
  // A blank column after the stacked cards, as wide as their labelled rows: Excel on the web puts a field inserted
  // from a card (the button beside it) in the next blank cell to its right, #FIELD! when that cell lies inside a
  // spill (office-js #4189), and does not show it without a blank cell there (#4234).
  let left = cards.length ? Math.max(...cards.map(width)) + 1 : 0;
  let stackRow = sectionTop;
  const sections: Placed[] = all.map((section) => {
    if (section.card) {
      const title = { row: stackRow, col: 0 };
      stackRow += 1 + sectionRows(section);
      return { section, title, formula: offset(title, 1, 0) };
    }
    const title = { row: sectionTop, col: left };
    left += width(section) + 1;
    return { section, title, formula: offset(title, 1, 0) };
  });
  const charts = sections
    .filter((p) => p.section.chart)
    .map((p, i) => ({
      section: p,
      anchor: {
        row: chartTop + Math.floor(i / CHARTS_PER_ROW) * (CHART_SIZE.rows + 1),
        col: (i % CHARTS_PER_ROW) * (CHART_SIZE.columns + 1),
      },
    }));
  const footprints: Footprint[] = [
    ...template.inputs.map((input, i) => ({
      what: `input ${input.name}`,
      top: FIRST_INPUT_ROW + i,
      left: 0,
      rows: 1,
      columns: input.kind === "asins" ? 1 + maxAsinsOf(template) : input.kind === "screen" ? 3 : 2,
    })),
    ...sections.map((p) => ({
      what: `section ${p.section.title()}`,
      top: p.title.row,
      left: p.title.col,
      rows: 1 + sectionRows(p.section),
      columns: width(p.section),
    })),
    ...charts.map((c) => ({
      what: `chart ${c.section.section.chart!.title()}`,
      top: c.anchor.row,
      left: c.anchor.col,
      rows: CHART_SIZE.rows,
      columns: CHART_SIZE.columns,
    })),
  ];
  return { sections, charts, footprints };
}

function inputCells(template: ReportTemplate, inputs: ReportInputs): ReportValueCell[] {
  return template.inputs.flatMap((input, i): ReportValueCell[] => {
    const row = FIRST_INPUT_ROW + i;
    const label: ReportValueCell = {
      address: cellAddress({ row, col: 0 }),
      value: input.cellLabel ?? input.label(),
      role: "label",
    };
    if (input.kind === "asins")
      return [
        label,
        ...inputs.asins.slice(0, maxAsinsOf(template)).map((asin, j): ReportValueCell => ({
          address: cellAddress({ row, col: 1 + j }),
          value: asin,
          role: "input",
          format: TEXT,
        })),
      ];
    const value = valueOf(inputs, input.name);
    const cells: ReportValueCell[] = [
      label,
      { address: cellAddress({ row, col: 1 }), value, role: "input", format: TEXT },
    ];
    // A screen row's label cell is the filter's name (the rows are a filter block): its words go beside it.
    if (input.kind === "screen")
      cells.push({ address: cellAddress({ row, col: 2 }), value: input.label(), role: "note" });
    return cells;
  });
}

/** The block of a report's input cells (`B3:U4`): one value per input, the ASINs across their row. */
export function inputBlock(template: ReportTemplate): string {
  return blockAddress({ row: FIRST_INPUT_ROW, col: 1 }, template.inputs.length, maxAsinsOf(template));
}

/** The inputs as a report's cells hold them now (what its formulas read), from the values of `inputBlock`. */
export function inputsFromBlock(template: ReportTemplate, values: readonly (readonly CellValue[])[]): ReportInputs {
  const text = (value: CellValue | undefined) => (value === null || value === undefined ? "" : String(value).trim());
  const raw = Object.fromEntries(
    template.inputs.map((input, i) => {
      const row = values[i] ?? [];
      return [
        input.name,
        input.kind === "asins"
          ? row
              .map(text)
              .filter((v) => v !== "")
              .join(", ")
          : text(row[0]),
      ];
    }),
  );
  return readInputs(raw);
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** The inputs as stored with the report (the cells on the sheet are the live ones). */
function storedInputs(template: ReportTemplate, inputs: ReportInputs): Record<string, CellValue> {
  return Object.fromEntries(
    template.inputs.map((input) => [
      input.name,
      input.kind === "asins" ? inputs.asins.join(", ") : valueOf(inputs, input.name),
    ]),
  );
}

/**
 * Number formats over the rows each section's result can spill into, column by column: dates as dates (a MAD
 * function spills Excel date numbers and cannot format its cells), rates as percentages, counts with separators.
 * Text and General columns need none; a vertical section (field | value rows) mixes kinds in a column and gets none.
 */
function sectionFormats(placed: readonly Placed[]): { address: string; format: string }[] {
  return placed.flatMap(({ section, formula }) => {
    // A card's labelled row: its listing day is an Excel date.
    if (section.card) {
      const day = section.fields.indexOf("Listed on");
      return day < 0 ? [] : [{ address: cellAddress(offset(formula, 1, day)), format: "yyyy-mm-dd" }];
    }
    if (section.vertical) return [];
    const rows = sectionRows(section) - 1;
    return selectColumns(section.operation, section.fields).flatMap((column, i) => {
      const format = numberFormatOf(column);
      if (format === "@" || format === "General") return [];
      return [{ address: blockAddress(offset(formula, 1, i), rows, 1), format }];
    });
  });
}

/** Everything the host writes for a report made from `template` with `inputs` (checked beforehand). */
export function reportSheetSpec(template: ReportTemplate, inputs: ReportInputs, now: Date): ReportSheetSpec {
  const layout = layoutReport(template, inputs);
  const values: ReportValueCell[] = [
    { address: "A1", value: t("report.title", { title: template.title() }), role: "title" },
    { address: "A2", value: t("report.note", { day: isoDay(now), title: template.title() }), role: "note" },
    ...inputCells(template, inputs),
    ...layout.sections.map((p): ReportValueCell => ({
      address: cellAddress(p.title),
      value: p.section.title(),
      role: "title",
    })),
  ];
  const formulas: FormulaTarget[] = layout.sections.map((p) => ({
    address: cellAddress(p.formula),
    formula: sectionFormula(template, p.section),
  }));
  const charts: ChartSpec[] = layout.charts.map(({ section, anchor }) => {
    const chart = section.section.chart!;
    const cell = cellAddress(section.formula);
    return {
      kind: chart.kind,
      title: chart.title(),
      categories: { cell, column: chart.categories },
      series: chart.series.map((s) => ({
        name: s.name(),
        values: { cell, column: s.column },
        ...(s.axis ? { axis: s.axis } : {}),
      })),
      categoryAxisTitle: chart.categoryAxisTitle(),
      valueAxisTitle: chart.valueAxisTitle(),
      ...(chart.valueAxisFormat ? { valueAxisFormat: chart.valueAxisFormat } : {}),
      ...(chart.secondaryValueAxisTitle ? { secondaryValueAxisTitle: chart.secondaryValueAxisTitle() } : {}),
      anchor: cellAddress(anchor),
      ...(chart.maxPoints === undefined ? {} : { maxPoints: chart.maxPoints }),
    };
  });
  return {
    name: proposedSheetName(template, inputs),
    values,
    formulas,
    formats: sectionFormats(layout.sections),
    charts,
    report: {
      template: template.id,
      title: template.title(),
      inputs: storedInputs(template, inputs),
      createdAt: now.getTime(),
    },
  };
}
