/**
 * The query builder's form, generated from a catalog row. Nothing here describes an operation: every field,
 * label, option, help text and pairing comes from the ParamSpecs, so a catalog change changes the form. Its words
 * are the catalog's in the active language (src/api/localized.ts), so a form is made once per language.
 *
 * Paging parameters are not fields: `page` and `size` are the engine's business (it pages through with the
 * largest page size until `limit`); the field picker chooses columns locally.
 */
import { GROUP_LABELS, type OperationGroup, type ParamSpec } from "../../api/catalog-types";
import { OPERATIONS, operation, type AnyOperation, type OperationCode } from "../../api/catalog";
import { notAFilterBecause } from "../../api/filter-params";
import type { FieldControl } from "../../api/kinds/form-types";
import { formControl } from "../../api/kinds/read";
import { paramLabel, rangeLabel } from "../../api/param-labels";
import { groupLabel, operationDescription, operationTitle, optionLabel, paramDoc } from "../../api/localized";
import { currentLocale, t } from "../../i18n";
import { RECORD_FIELDS } from "../../api/records";
import { latestSaturday, monthBefore } from "../../api/dates";

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
export type PagingCover = "limit";

export interface FormModel {
  readonly code: OperationCode;
  readonly fn: string;
  readonly title: string;
  readonly description: string;
  readonly group: OperationGroup;
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
}

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

/** The form of one operation, in the active language. */
export function formModel(code: OperationCode): FormModel {
  const key = `${currentLocale()}|${code}`;
  const cached = CACHE.get(key);
  if (cached) return cached;
  const op = operation(code) as AnyOperation;
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
      if (!max) throw new Error(`${code}: ${spec.name} has no maximum partner`);
      ranges.push({ base: spec.range ?? spec.name, label: rangeLabel(spec), min: fieldFor(spec), max: fieldFor(max) });
    } else if (spec.role === "rangeMax")
      continue; // placed with its minimum
    else if (spec.required) main.push(fieldFor(spec));
    else filters.push(fieldFor(spec));
  }
  const size = specs.find((p) => p.role === "size");
  const model: FormModel = {
    code: op.code,
    fn: op.fn,
    title: operationTitle(op),
    description: operationDescription(op),
    group: op.group,
    main,
    filters,
    ranges,
    ...(order ? { order } : {}),
    paging,
    recordFields: RECORD_FIELDS[op.record].map((f) => f.name),
    paged: op.shape === "paged" || op.shape === "itemsWithStats",
    ...(typeof size?.default === "number" ? { defaultLimit: size.default } : {}),
  };
  CACHE.set(key, model);
  return model;
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

export interface OperationChoice {
  readonly code: OperationCode;
  readonly title: string;
  readonly fn: string;
}

/** Operations grouped as in the spec, for the operation picker, in the active language. */
export function operationGroups(): {
  readonly group: OperationGroup;
  readonly label: string;
  readonly operations: readonly OperationChoice[];
}[] {
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
