/**
 * Where a section's formula argument comes from, as a table: one entry per kind of source, each saying the value
 * its parameter gets from the inputs (what the report will ask, for its cost and checks), its formula text (a
 * reference to the input cells, so the report follows them) and the input a message about it names. The
 * `ArgSource` union and the table are checked against each other: a new kind of source is one member and one entry.
 */
import { cellAddress, type CellPosition } from "../../table/a1";
import { valueOf, type AsinList, type ReportInputs } from "./report-inputs";

/**
 * - `input`: the input's cell (`$B$3`);
 * - `asinRow`: every ASIN, the row of ASIN cells (`$B$4:$U$4`), or their column where they go down one
 *   (`$A$9:$A$208`), read as a list;
 * - `asinFilter`: the ASIN row with its label, a filter block (`$A$4:$U$5`: `ASINs | B0... | B0...`, then the
 *   `headers | labels` row where the template has one right below);
 * - `firstAsin`: the first ASIN's cell (`$B$4`);
 * - `eachAsin`: in a section repeated per ASIN (`eachAsin`), that ASIN's cell; `asinAt` once repeated: the cell
 *   of the ASIN at `index` of its list, all given or the picked ones (`$C$4`, `$C$5`);
 * - `screen`: the screen's rows (`$A$4:$B$9`: `minAvgUnits | 300`..., `headers | labels`), a filter block of these
 *   filters, each an input named after its filter;
 * - `text`: a literal (`"W"`), never made from input text.
 */
export type ArgSource =
  | { readonly kind: "input"; readonly input: string }
  | { readonly kind: "asinRow" }
  | { readonly kind: "asinFilter" }
  | { readonly kind: "firstAsin" }
  | { readonly kind: "eachAsin" }
  | { readonly kind: "asinAt"; readonly list: AsinList; readonly index: number }
  | { readonly kind: "screen"; readonly filters: readonly string[] }
  | { readonly kind: "text"; readonly text: string };

/** Where a report's inputs sit on its sheet (report-layout.ts places them): what formula text refers to. */
export interface InputPlaces {
  /** An input's value cell (the first ASIN's, for `asins` across a row). */
  cell(name: string): CellPosition;
  /** The cell of the ASIN at `index` of a list: across its input's row, or down the ASIN column. */
  asinCell(list: AsinList, index: number): CellPosition;
  /** How many ASIN cells the ASIN row (or column) has. */
  readonly maxAsins: number;
  /** The ASINs go down a column: no label beside them makes a filter block. */
  readonly asinsDown: boolean;
  /** The screen's filter block: its first and last rows. */
  screenRows(): readonly [first: number, last: number];
  /** The row of the template's `headers` input (a display option: the last row of its filter block), if any. */
  readonly headersRow?: number;
}

interface SourceRule<S extends ArgSource> {
  /** As a positional argument: the value its parameter gets from the inputs; undefined when blank (left out). */
  value(source: S, inputs: ReportInputs): unknown;
  /**
   * As the `filters` argument: the parameters it sets (the ASIN filter block, the screen's limits), undefined where
   * blank; none for a display option, which is never sent.
   */
  filters(source: S, inputs: ReportInputs): Readonly<Record<string, unknown>>;
  /** Its formula text. */
  formula(source: S, places: InputPlaces): string;
  /** The input a message about parameter `param` names; undefined for a literal of the template's own. */
  input(source: S, param: string): string | undefined;
}

const abs = (pos: CellPosition) => cellAddress(pos, true);
const range = (from: CellPosition, to: CellPosition) => `${abs(from)}:${abs(to)}`;
/** A filter block's last row: its own, or the `headers | labels` row right below it, which the block then takes in. */
const blockEnd = (places: InputPlaces, last: number) => (places.headersRow === last + 1 ? last + 1 : last);
/** The ASIN cells, first to last (a row across or a column down). */
const asinRange = (places: InputPlaces) =>
  range(places.asinCell("asins", 0), places.asinCell("asins", places.maxAsins - 1));
/** The ASIN row with its label cell: a filter block (with the `headers` row below it, where there is one). */
const asinFilterBlock = (places: InputPlaces) => {
  if (places.asinsDown) throw new Error("an ASIN filter block is a row: its ASINs go across, not down");
  const first = places.asinCell("asins", 0);
  const last = places.asinCell("asins", places.maxAsins - 1);
  return range({ row: first.row, col: first.col - 1 }, { row: blockEnd(places, last.row), col: last.col });
};
const none = () => ({});
const asinList = (inputs: ReportInputs) => (inputs.asins.length ? inputs.asins : undefined);
/** A limit as the filter block gives it: a number typed as text is the number. */
const limitOf = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : text);
const perAsin = (): never => {
  throw new Error("a section repeated per ASIN reads its ASIN once it is repeated (reportSections)");
};

const ARG_SOURCES: { readonly [K in ArgSource["kind"]]: SourceRule<Extract<ArgSource, { kind: K }>> } = {
  input: {
    value: (source, inputs) => valueOf(inputs, source.input) || undefined,
    filters: none,
    formula: (source, places) => abs(places.cell(source.input)),
    input: (source) => source.input,
  },
  asinRow: {
    value: (_, inputs) => asinList(inputs),
    filters: none,
    formula: (_, places) => asinRange(places),
    input: () => "asins",
  },
  asinFilter: {
    value: (_, inputs) => asinList(inputs),
    filters: (_, inputs) => ({ asins: asinList(inputs) }),
    formula: (_, places) => asinFilterBlock(places),
    input: (_, param) => (param === "asins" ? "asins" : undefined),
  },
  firstAsin: {
    value: (_, inputs) => inputs.asins[0],
    filters: none,
    formula: (_, places) => abs(places.asinCell("asins", 0)),
    input: () => "asins",
  },
  eachAsin: { value: perAsin, filters: perAsin, formula: perAsin, input: () => "asins" },
  asinAt: {
    value: (source, inputs) => inputs[source.list][source.index],
    filters: none,
    formula: (source, places) => abs(places.asinCell(source.list, source.index)),
    input: (source) => source.list,
  },
  screen: {
    value: () => undefined,
    // Blank: no limit.
    filters: (source, inputs) =>
      Object.fromEntries(
        source.filters.map((name) => [name, valueOf(inputs, name) ? limitOf(valueOf(inputs, name)) : undefined]),
      ),
    formula: (_, places) => {
      const [first, last] = places.screenRows();
      return range({ row: first, col: 0 }, { row: blockEnd(places, last), col: 1 });
    },
    input: (source, param) => (source.filters.includes(param) ? param : undefined),
  },
  text: {
    value: (source) => source.text,
    filters: none,
    formula: (source) => `"${source.text.replace(/"/g, '""')}"`,
    input: () => undefined,
  },
};

/** The table's entry for a source, typed by its kind. */
export const sourceRule = <S extends ArgSource>(source: S): SourceRule<S> =>
  ARG_SOURCES[source.kind] as unknown as SourceRule<S>;
