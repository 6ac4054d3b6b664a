/**
 * Where a template's report goes on its sheet, as one ReportSheetSpec the host writes:
 * - rows 1–2: the template's title and a note; from row 3 the inputs, a label in column A and the value in B
 *   (the ASINs one per cell from B across, so `$A$4:$U$5` is also a filter block `ASINs | B0… | B0…` closed by
 *   the row `headers | labels`); inputs are text cells (`@`), so `172282:281407` or an all-digit ASIN stays as typed;
 * - below the inputs, the charts, two to a row, each CHART_SIZE cells;
 * - below the charts, the sections side by side with a blank column between: a title, then the formula whose
 *   result spills down. Nothing is ever placed below a section, so a result longer than expected never runs into
 *   another one (no #SPILL!), and editing an input reworks every section in place. The one exception is a card
 *   (MAD.PRODUCT), whose result is bounded: one cell, or its labelled row (two rows) where Excel has no data
 *   types; cards stack one under another at the left, each with its title, as wide as that row.
 * - where the ASINs go down a column (Product watch's up to 200): they fill column A from below the inputs, each
 *   beside its row of the list section (MAD.PRODUCTS over `$A$9:$A$208`), whose input row says where they are; the
 *   charts and the other sections take their places to the right of that list, as above. The picked ASINs (the
 *   sections repeated per product) go across their own input row, as ASINs do elsewhere.
 * Formulas reference the input cells with absolute references, so the report follows its inputs.
 */
import { t } from "../../i18n";
import { CHART_SIZE, type ChartSpec } from "./chart-spec";
import type { CellValue } from "./cells";
import type { FormulaTarget, ReportSheetSpec, ReportValueCell } from "./report-sheet-spec";
import { blockAddress, cellAddress, offset, type CellPosition } from "../../table/a1";
import { numberFormatOf } from "../../table/columns";
import { selectColumns } from "./result-table";
import { validSheetName } from "../../table/sheet-names";
import { operation } from "../../api/catalog";
import { sourceRule, type ArgSource, type InputPlaces } from "./arg-sources";
import { readInputs, valueOf, type AsinList, type ReportInputs } from "./report-inputs";
import {
  maxAsinsOf,
  maxOfList,
  reportSections,
  type ReportTemplate,
  type TemplateInput,
  type TemplateSection,
} from "./templates";

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
function sectionRows(section: TemplateSection, rowCap = 2000): number {
  if (section.card) return 2;
  if (section.vertical) return section.fields.length + 1;
  return 1 + (section.limit ?? rowCap);
}

/** Rows a section takes on a template's sheet: a list, a row per ASIN cell under its header. */
const rowsOn = (template: ReportTemplate, section: TemplateSection) =>
  section.list ? 1 + maxAsinsOf(template) : sectionRows(section);

/** The template's ASIN input when its ASINs go down a column. */
const asinColumnInput = (template: ReportTemplate) =>
  template.inputs.find((input) => input.kind === "asins" && input.column);

/** The first row below the inputs and a blank row: the charts' (and, where the ASINs go down, the list's) top. */
const topBelowInputs = (template: ReportTemplate) => FIRST_INPUT_ROW + template.inputs.length + 1;

/**
 * Where the ASIN column's cells start (0-based row, in column A): below its label, which sits beside the header
 * of the list section, so each ASIN shares its row with its product's row of the list.
 */
const firstAsinRow = (template: ReportTemplate) => topBelowInputs(template) + 2;

/** How many value cells an input has across its row. */
function cellsAcross(template: ReportTemplate, input: TemplateInput): number {
  if (input.kind === "asins" && !input.column) return maxAsinsOf(template);
  if (input.kind === "picked") return maxOfList(template, "picked");
  return 1;
}

/** Where the template's inputs sit: one row each from row 3, the value in column B (the ASINs from B across). */
function inputPlaces(template: ReportTemplate): InputPlaces {
  const rowOf = (name: string) => FIRST_INPUT_ROW + template.inputs.findIndex((i) => i.name === name);
  const down = asinColumnInput(template) !== undefined;
  return {
    cell: (name) => ({ row: rowOf(name), col: 1 }),
    asinCell: (list, index) =>
      down && list === "asins" ? { row: firstAsinRow(template) + index, col: 0 } : { row: rowOf(list), col: 1 + index },
    maxAsins: maxAsinsOf(template),
    asinsDown: down,
    screenRows: () => {
      const rows = template.inputs.flatMap((input, i) => (input.kind === "screen" ? [FIRST_INPUT_ROW + i] : []));
      return [rows[0], rows[rows.length - 1]];
    },
    ...(template.inputs.some((i) => i.kind === "headers") ? { headersRow: rowOf("headers") } : {}),
  };
}

/**
 * Whether an input row has words beside it, in column C: a screen's limit (its label cell is the filter's name), and
 * the `headers` row closing a screen (an ASIN block's `headers` row has C inside the block: no words there).
 */
const hasNote = (template: ReportTemplate, input: TemplateInput): boolean =>
  input.kind === "screen" ||
  (input.kind === "headers" && template.inputs[template.inputs.indexOf(input) - 1]?.kind === "screen");

/** An argument as formula text: a reference to its input cell(s), or a quoted literal of the template's own. */
const argText = (places: InputPlaces, source: ArgSource): string => sourceRule(source).formula(source, places);

const LABELLED_HEADERS = "headers=labels";
/**
 * A list's (MAD.PRODUCTS') and a history's `headers` argument: its columns in words, as the tables' `headers=labels`.
 * Reports made before a history took it keep their formulas, headed with the columns' names.
 */
const WORDS_HEADERS = "labels";

/**
 * A table section's `filters` argument: its own (a literal display option, or a block of input cells), and a header
 * in words, in the language the cell calculates in (`headers=labels`; issue 46: a report headed `asin`, `bsr`). A
 * block of cells takes no option beside it: its last row says it (`headers | labels`, the template's HEADERS input).
 */
function filtersText(places: InputPlaces, filters: ArgSource | undefined): string {
  if (!filters) return `"${LABELLED_HEADERS}"`;
  if (filters.kind === "text") return argText(places, { kind: "text", text: `${filters.text}; ${LABELLED_HEADERS}` });
  return argText(places, filters);
}

/**
 * `=MAD.BRANDCONCENTRATION($B$3,$B$4,"headers=labels","brand, totalUnitsRatio",10)`; a history function takes
 * STOCKHISTORY's arguments, then headers (`=MAD.PRICEHISTORY($B$3,$B$4,,,"weekly","date, price, bsr","labels")`), a
 * card market and ASIN only (`=MAD.PRODUCT($B$3,$B$4)`), a list market, ASINs, fields and headers
 * (`=MAD.PRODUCTS($B$3,$A$9:$A$208,"asin, price","labels")`).
 */
function sectionFormula(template: ReportTemplate, section: TemplateSection): string {
  const places = inputPlaces(template);
  const leading = [
    argText(places, { kind: "input", input: "market" }),
    ...section.positional.map((a) => argText(places, a)),
  ];
  const fields = `"${section.fields.join(", ")}"`;
  const args = section.card
    ? leading
    : section.list
      ? [...leading, fields, `"${WORDS_HEADERS}"`]
      : operation(section.operation).history
        ? [...leading, "", "", section.interval ? `"${section.interval}"` : "", fields, `"${WORDS_HEADERS}"`]
        : [
            ...leading,
            filtersText(places, section.filters),
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

type Layout = ReturnType<typeof layoutReport>;

/** Places sections side by side from `left` at row `top`, cards stacked first (at `left`), each a Placed. */
function placeSide(sections: readonly TemplateSection[], top: number, left: number): Map<TemplateSection, Placed> {
  const placed = new Map<TemplateSection, Placed>();
  const cards = sections.filter((s) => s.card);
  let stackRow = top;
  for (const section of cards) {
    const title = { row: stackRow, col: left };
    stackRow += 1 + sectionRows(section);
    placed.set(section, { section, title, formula: offset(title, 1, 0) });
  }
  // A blank column after the stacked cards, as wide as their labelled rows: Excel on the web puts a field inserted
  // from a card (the button beside it) in the next blank cell to its right, #FIELD! when that cell lies inside a
  // spill (office-js #4189), and does not show it without a blank cell there (#4234).
  let col = cards.length ? left + Math.max(...cards.map(widthOf)) + 1 : left;
  for (const section of sections.filter((s) => !s.card)) {
    const title = { row: top, col };
    col += widthOf(section) + 1;
    placed.set(section, { section, title, formula: offset(title, 1, 0) });
  }
  return placed;
}

const widthOf = (section: TemplateSection) => (section.vertical ? 2 : section.fields.length);

/**
 * The sections side by side below the charts (cards stacked at the left), and the charts two to a row below the
 * inputs. Where the ASINs go down a column, that column and the list beside it come first, at the left from below
 * the inputs, and the charts and the other sections take their places to the right of them. With inputs, the
 * sections of those inputs (a section per ASIN given or picked); without, the most a report can have.
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
  const top = topBelowInputs(template);
  const down = asinColumnInput(template) !== undefined;
  const lists = down ? all.filter((s) => s.list) : [];
  const listed = placeSide(lists, top, 1);
  const band = lists.length ? 1 + lists.reduce((n, s) => n + widthOf(s) + 1, 0) : 0;
  const others = all.filter((s) => !listed.has(s));
  const chartRows = Math.ceil(others.filter((s) => s.chart).length / CHARTS_PER_ROW);
  const placedOthers = placeSide(others, top + chartRows * (CHART_SIZE.rows + 1), band);
  const sections = all.map((s) => listed.get(s) ?? placedOthers.get(s)!);
  const charts = sections
    .filter((p) => p.section.chart)
    .map((p, i) => ({
      section: p,
      anchor: {
        row: top + Math.floor(i / CHARTS_PER_ROW) * (CHART_SIZE.rows + 1),
        col: band + (i % CHARTS_PER_ROW) * (CHART_SIZE.columns + 1),
      },
    }));
  return { sections, charts, footprints: footprintsOf(template, sections, charts) };
}

/** The blocks a report's parts take, for checking that none overlaps another. */
function footprintsOf(template: ReportTemplate, sections: Layout["sections"], charts: Layout["charts"]): Footprint[] {
  const column = asinColumnInput(template);
  return [
    ...template.inputs.map((input, i) => ({
      what: `input ${input.name}`,
      top: FIRST_INPUT_ROW + i,
      left: 0,
      rows: 1,
      columns: hasNote(template, input) ? 3 : 1 + cellsAcross(template, input),
    })),
    ...(column
      ? [
          {
            what: `input ${column.name} down`,
            top: firstAsinRow(template) - 1,
            left: 0,
            rows: 1 + maxAsinsOf(template),
            columns: 1,
          },
        ]
      : []),
    ...sections.map((p) => ({
      what: `section ${p.section.title()}`,
      top: p.title.row,
      left: p.title.col,
      rows: 1 + rowsOn(template, p.section),
      columns: widthOf(p.section),
    })),
    ...charts.map((c) => ({
      what: `chart ${c.section.section.chart!.title()}`,
      top: c.anchor.row,
      left: c.anchor.col,
      rows: CHART_SIZE.rows,
      columns: CHART_SIZE.columns,
    })),
  ];
}

/** The ASIN column's cells (`A9:A208`), where the template's ASINs go down one. */
function asinColumnBlock(template: ReportTemplate): string | undefined {
  if (!asinColumnInput(template)) return undefined;
  return blockAddress({ row: firstAsinRow(template), col: 0 }, maxAsinsOf(template), 1);
}

/** A list's ASIN cells: across the input's row from column B, or down the ASIN column. */
function asinCells(template: ReportTemplate, list: AsinList, asins: readonly string[]): ReportValueCell[] {
  const places = inputPlaces(template);
  return asins.slice(0, maxOfList(template, list)).map((asin, j): ReportValueCell => ({
    address: cellAddress(places.asinCell(list, j)),
    value: asin,
    role: "input",
    format: TEXT,
  }));
}

function inputCells(template: ReportTemplate, inputs: ReportInputs): ReportValueCell[] {
  return template.inputs.flatMap((input, i): ReportValueCell[] => {
    const row = FIRST_INPUT_ROW + i;
    const labelText = input.cellLabel ?? input.label();
    const label: ReportValueCell = { address: cellAddress({ row, col: 0 }), value: labelText, role: "label" };
    if (input.kind === "asins" && input.column) {
      // The input's row says where the ASINs are; their label heads their column, beside the list's header.
      const where = t("report.asinsDown", { cells: asinColumnBlock(template)!, max: maxAsinsOf(template) });
      const head = cellAddress({ row: firstAsinRow(template) - 1, col: 0 });
      return [
        label,
        { address: cellAddress({ row, col: 1 }), value: where, role: "note" },
        { address: head, value: labelText, role: "label" },
        ...asinCells(template, "asins", inputs.asins),
      ];
    }
    if (input.kind === "asins" || input.kind === "picked")
      return [label, ...asinCells(template, input.kind, input.kind === "asins" ? inputs.asins : inputs.picked)];
    const value = valueOf(inputs, input.name);
    const cells: ReportValueCell[] = [
      label,
      { address: cellAddress({ row, col: 1 }), value, role: "input", format: TEXT },
    ];
    // A screen row's label cell is the filter's name (the rows are a filter block): its words go beside it.
    if (hasNote(template, input)) {
      const words = input.kind === "headers" ? t("template.headers.note") : input.label();
      cells.push({ address: cellAddress({ row, col: 2 }), value: words, role: "note" });
    }
    return cells;
  });
}

/**
 * The blocks of a report's input cells, read in one request: one value per input from B3 (the ASINs, or the picked
 * ones, across their row: `B3:U4`), then the ASIN column (`A9:A208`) where the ASINs go down one.
 */
export function inputBlocks(template: ReportTemplate): string[] {
  const across = Math.max(...template.inputs.map((input) => cellsAcross(template, input)));
  const column = asinColumnBlock(template);
  return [blockAddress({ row: FIRST_INPUT_ROW, col: 1 }, template.inputs.length, across), ...(column ? [column] : [])];
}

/** The inputs as a report's cells hold them now (what its formulas read), from the values of `inputBlocks`. */
export function inputsFromBlocks(
  template: ReportTemplate,
  blocks: readonly (readonly (readonly CellValue[])[])[],
): ReportInputs {
  const text = (value: CellValue | undefined) => (value === null || value === undefined ? "" : String(value).trim());
  const listText = (cells: readonly CellValue[]) =>
    cells
      .map(text)
      .filter((v) => v !== "")
      .join(", ");
  const [values = [], column = []] = blocks;
  const raw = Object.fromEntries(
    template.inputs.map((input, i) => {
      const row = values[i] ?? [];
      if (input.kind === "asins" && input.column) return [input.name, listText(column.map((r) => r[0]))];
      return [input.name, input.kind === "asins" || input.kind === "picked" ? listText(row) : text(row[0])];
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
      input.kind === "asins" || input.kind === "picked" ? inputs[input.kind].join(", ") : valueOf(inputs, input.name),
    ]),
  );
}

/**
 * Number formats over the rows each section's result can spill into, column by column: dates as dates (a MAD
 * function spills Excel date numbers and cannot format its cells), rates as percentages, counts with separators.
 * Text and General columns need none; a vertical section (field | value rows) mixes kinds in a column and gets none.
 */
function sectionFormats(template: ReportTemplate, placed: readonly Placed[]): { address: string; format: string }[] {
  // The ASIN column stays text, so an ASIN typed or pasted below the ones given stays as typed.
  const column = asinColumnBlock(template);
  const asins = column ? [{ address: column, format: TEXT }] : [];
  return asins.concat(
    placed.flatMap(({ section, formula }) => {
      // A card's labelled row: its listing day is an Excel date.
      if (section.card) {
        const day = section.fields.indexOf("Listed on");
        return day < 0 ? [] : [{ address: cellAddress(offset(formula, 1, day)), format: "yyyy-mm-dd" }];
      }
      if (section.vertical) return [];
      const rows = rowsOn(template, section) - 1;
      return selectColumns(section.operation, section.fields).flatMap((column, i) => {
        const format = numberFormatOf(column);
        if (format === "@" || format === "General") return [];
        return [{ address: blockAddress(offset(formula, 1, i), rows, 1), format }];
      });
    }),
  );
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
    formats: sectionFormats(template, layout.sections),
    charts,
    report: {
      template: template.id,
      title: template.title(),
      inputs: storedInputs(template, inputs),
      createdAt: now.getTime(),
    },
  };
}
