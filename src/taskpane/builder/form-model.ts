/**
 * The query builder's form, generated from a catalog row. Nothing here describes an operation: every field,
 * label, option, help text and pairing comes from the ParamSpecs, so a catalog change changes the form. Its words
 * are the catalog's in the active language (src/api/words/localized.ts), so a form is made once per language.
 *
 * Paging parameters are not fields: `page` and `size` are the engine's business (it pages through with the
 * largest page size until `limit`); the field picker chooses columns locally.
 */
import { GROUP_LABELS, type OperationGroup, type ParamSpec } from "../../api/catalog-types";
import { OPERATIONS, operation, type AnyOperation, type OperationCode } from "../../api/catalog";
import { notAFilterBecause } from "../../formula/filter-params";
import type { FieldControl } from "../../api/kinds/form-types";
import { formControl } from "../../api/kinds/read";
import { paramLabel, rangeLabel } from "../../api/words/param-labels";
import { groupLabel, operationDescription, operationTitle, optionLabel, paramDoc } from "../../api/words/localized";
import { currentLocale, t } from "../../i18n";
import { RECORD_FIELDS } from "../../api/records";
import { latestSaturday, monthBefore } from "../../api/dates";
import { HISTORY_ARGS, type HistoryForm } from "../../api/history-form";

export interface FormField {
  /** The wire name: what formulas, filter blocks and the service use; shown in the hint. */
  readonly name: string;
  /** Plain words for people ("BSR growth rate, min"): the field's label and accessible name. */
  readonly label: string;
  readonly required: boolean;
  /** Help text: the catalog's doc line, the documented default when there is one, and the API name. */
  readonly help: string;
  /** How the parameter is edited: its kind's control (src/api/kinds/). */
  readonly control: FieldControl;
  readonly spec: ParamSpec;
}

/** A min/max pair shown side by side. */
export interface RangePair {
  readonly base: string;
  /** The pair's words ("BSR growth rate"): the legend over its two sides. */
  readonly label: string;
  readonly min: FormField;
  readonly max: FormField;
}

/** How each paging-role parameter is offered instead of a field. */
type PagingCover = "limit";

export interface FormModel {
  readonly code: OperationCode;
  readonly title: string;
  readonly description: string;
  /** Required parameters (marketplace first). */
  readonly main: readonly FormField[];
  /** Optional scalar and list parameters. */
  readonly filters: readonly FormField[];
  readonly ranges: readonly RangePair[];
  readonly order?: FormField;
  /** page and size, with what replaces them in the form. */
  readonly paging: readonly { readonly name: string; readonly coveredBy: PagingCover }[];
  /** Column names the field picker offers (the record's top-level fields). */
  readonly recordFields: readonly string[];
  /** Whether the result is paged (limit pages through it) or returned whole. */
  readonly paged: boolean;
  /** The operation's own page size (the service's default), a sensible default for `limit`. */
  readonly defaultLimit?: number;
  /**
   * A history function's form (src/api/history-form.ts): its `filters` are then the history's own arguments
   * (start, end, interval), its columns the history's, and there is no limit. The operation's optional wire
   * parameters are not offered: the function asks for the whole history.
   */
  readonly history?: HistoryForm;
}

/** The names of a history's own arguments in a form (not request parameters). */
export const HISTORY_FIELDS: ReadonlySet<string> = new Set(Object.keys(HISTORY_ARGS));

function helpFor(spec: ParamSpec): string {
  const hasDefault = spec.default !== undefined && !spec.role;
  const option = spec.options?.find((o) => o.value === spec.default);
  return t("field.help", {
    doc: paramDoc(spec),
    hasDefault: hasDefault ? "yes" : "no",
    value: option ? optionLabel(option) : String(spec.default ?? ""),
    name: spec.name,
    aliases: spec.aliases?.length ? spec.aliases.join(", ") : "none",
  });
}

function fieldFor(spec: ParamSpec): FormField {
  return {
    name: spec.name,
    label: paramLabel(spec),
    required: Boolean(spec.required),
    help: helpFor(spec),
    control: formControl(spec),
    spec,
  };
}

const CACHE = new Map<string, FormModel>();

/** The form of one operation, in the active language (its words and labels are made once per language). */
export function formModel(code: OperationCode): FormModel {
  const key = `${currentLocale()}|${code}`;
  const cached = CACHE.get(key);
  if (cached) return cached;
  const op = operation(code) as AnyOperation;
  const model = op.history ? historyModel(op, op.history) : requestModel(op);
  CACHE.set(key, model);
  return model;
}

/** What every form says of its operation, in the active language. */
function formHead(op: AnyOperation): Pick<FormModel, "code" | "title" | "description"> {
  return { code: op.code, title: operationTitle(op), description: operationDescription(op) };
}

/** A request's form: its required parameters, its filters and ranges, its order; paging through `limit`. */
function requestModel(op: AnyOperation): FormModel {
  const specs = op.params as readonly ParamSpec[];
  const main: FormField[] = [];
  const filters: FormField[] = [];
  const ranges: RangePair[] = [];
  const paging: { name: string; coveredBy: PagingCover }[] = [];
  let order: FormField | undefined;
  for (const spec of specs) {
    if (notAFilterBecause(op, spec) === "paging") paging.push({ name: spec.name, coveredBy: "limit" });
    else if (spec.role === "order") order = fieldFor(spec);
    else if (spec.role === "rangeMin") {
      const max = specs.find((p) => p.role === "rangeMax" && p.range === spec.range);
      if (!max) throw new Error(`${op.code}: ${spec.name} has no maximum partner`);
      ranges.push({ base: spec.range ?? spec.name, label: rangeLabel(spec), min: fieldFor(spec), max: fieldFor(max) });
    } else if (spec.role === "rangeMax")
      continue; // placed with its minimum
    else if (spec.required) main.push(fieldFor(spec));
    else filters.push(fieldFor(spec));
  }
  const size = specs.find((p) => p.role === "size");
  return {
    ...formHead(op),
    main,
    filters,
    ranges,
    ...(order ? { order } : {}),
    paging,
    recordFields: RECORD_FIELDS[op.record].map((f) => f.name),
    paged: op.shape === "paged" || op.shape === "itemsWithStats",
    ...(typeof size?.default === "number" ? { defaultLimit: size.default } : {}),
  };
}

/** A history function's form: the required parameters, then start, end and interval; the history's columns. */
function historyModel(op: AnyOperation, history: HistoryForm): FormModel {
  return {
    ...formHead(op),
    main: (op.params as readonly ParamSpec[]).filter((p) => p.required).map(fieldFor),
    filters: Object.values(HISTORY_ARGS).map(fieldFor),
    ranges: [],
    paging: [],
    recordFields: history.columns.map((c) => c.name),
    paged: false,
    history,
  };
}

/** Every field of a form, in display order (main, filters, range sides, order). */
export function allFields(model: FormModel): FormField[] {
  return [
    ...model.main,
    ...model.filters,
    ...model.ranges.flatMap((r) => [r.min, r.max]),
    ...(model.order ? [model.order] : []),
  ];
}

interface OperationChoice {
  readonly code: OperationCode;
  readonly title: string;
  readonly fn: string;
}

export interface OperationGroupChoice {
  readonly group: OperationGroup;
  readonly label: string;
  readonly operations: readonly OperationChoice[];
}

/** Operations grouped as in the spec, for the operation picker, in the active language. */
export function operationGroups(): OperationGroupChoice[] {
  return (Object.keys(GROUP_LABELS) as OperationGroup[]).map((group) => ({
    group,
    label: groupLabel(group),
    operations: OPERATIONS.filter((op) => op.group === group).map((op) => ({
      code: op.code,
      title: operationTitle(op),
      fn: op.fn,
    })),
  }));
}

/**
 * What a search of the picker reads of an operation: its title, function, API code, group and description, in
 * English and in the active language (a Chinese reader may type either).
 */
const searchText = (op: (typeof OPERATIONS)[number]) =>
  [
    ...new Set([op.title, operationTitle(op), op.description, operationDescription(op)]),
    op.fn,
    `MAD.${op.fn}`,
    op.code,
    op.code.replace(/_/g, " "),
    GROUP_LABELS[op.group],
    groupLabel(op.group),
  ]
    .join(" ")
    .toLowerCase();
/**
 * Made at the first search in a language, not at import: the built add-in's catalog gets its words when the pane
 * loads (src/api/words/texts.ts).
 */
const searchTexts = new Map<string, Map<string, string>>();
function searchTextOf(code: string): string {
  let texts = searchTexts.get(currentLocale());
  if (!texts) searchTexts.set(currentLocale(), (texts = new Map(OPERATIONS.map((op) => [op.code, searchText(op)]))));
  return texts.get(code) ?? "";
}

/**
 * The picker's groups narrowed to the operations whose words hold every typed word (`price`, `mad.niches`,
 * `trademark count`); groups left empty are dropped. Blank words: every operation.
 */
export function searchOperations(groups: readonly OperationGroupChoice[], words: string): OperationGroupChoice[] {
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
  if (!wanted.length) return [...groups];
  return groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((o) => {
        const text = `${searchTextOf(o.code)} ${g.label.toLowerCase()}`;
        return wanted.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}

/** Months offered by a month picker, newest first, as yyyyMM. */
export function monthChoices(now: Date, maxMonthsBack = 24): string[] {
  return Array.from({ length: maxMonthsBack + 1 }, (_, back) => monthBefore(now, back));
}

/** Saturdays offered by a week picker, newest first, as yyyyMMdd (two years of weeks by default). */
export function saturdayChoices(now: Date, maxMonthsBack = 24): string[] {
  const out: string[] = [];
  const latest = latestSaturday(now);
  const day = new Date(
    Date.UTC(Number(latest.slice(0, 4)), Number(latest.slice(4, 6)) - 1, Number(latest.slice(6, 8))),
  );
  const oldest = monthBefore(now, maxMonthsBack);
  for (;;) {
    const text = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, "0")}${String(day.getUTCDate()).padStart(2, "0")}`;
    if (text.slice(0, 6) < oldest) return out;
    out.push(text);
    day.setUTCDate(day.getUTCDate() - 7);
  }
}

/** `202508` -> `2025-08`; `20250802` -> `2025-08-02` (how the pickers show dates). */
export function displayDate(text: string): string {
  return text.length === 8
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
    : `${text.slice(0, 4)}-${text.slice(4, 6)}`;
}
