/**
 * The form's side of a parameter as data: which control edits it and what the control holds. Each kind says which
 * control its parameters get and how the control's value becomes a request value (kinds/index.ts); the task pane
 * renders the controls (builder/ParamField.tsx) and keeps the form's state (builder/form-model.ts, form-values.ts).
 */
import type { EnumOption, TextPattern } from "../param-spec";
import type { Spaces } from "./list-items";

/** How a parameter is edited. */
export type FieldControl =
  | { readonly type: "text"; readonly pattern?: TextPattern }
  | { readonly type: "number"; readonly integer: boolean; readonly min?: number; readonly max?: number }
  /** One of known values; `open` lets the person type another (the service's set is not fully known). */
  | { readonly type: "enum"; readonly options: readonly EnumOption[]; readonly open: boolean }
  /** csv and stringList parameters with known values: a multi-select; `open` lets the user add other values. */
  | {
      readonly type: "multiEnum";
      readonly options: readonly EnumOption[];
      readonly open: boolean;
      readonly encoding: "csv" | "list";
    }
  /** A list without known values: one item per line, or separated as any list is (ASINs, keywords). */
  | {
      readonly type: "lines";
      readonly pattern?: TextPattern;
      /** Whether spaces separate its items too (./list-items.ts), for the hint. */
      readonly spaces: Spaces;
      readonly maxItems?: number;
      readonly encoding: "csv" | "list";
    }
  | { readonly type: "boolean" }
  /** `words` are offered before the months (`nearly`: the last 30 days). */
  | { readonly type: "month"; readonly maxMonthsBack?: number; readonly words?: readonly EnumOption[] }
  | { readonly type: "saturday"; readonly maxMonthsBack?: number }
  /** A calendar day (sent as epoch milliseconds at 00:00 UTC). */
  | { readonly type: "date" }
  /** A Saturday or a month, chosen by the value of `switchParam` (order words: reverseType W or M). */
  | {
      readonly type: "weekOrMonth";
      readonly switchParam: string;
      readonly formats: Readonly<Record<string, "saturday" | "month">>;
      readonly maxMonthsBack?: number;
    }
  | {
      readonly type: "order";
      readonly sortFields: readonly string[];
      readonly open: boolean;
      readonly defaultField?: string;
      readonly defaultDesc: boolean;
    };

export interface MultiValue {
  readonly selected: readonly string[];
  /** Values typed by hand where the known options are suggestions only (sellerNation). */
  readonly other: string;
}
export interface OrderValue {
  readonly field: string;
  readonly desc: boolean;
}
/** What a control holds; `""`, `null` and an empty selection all mean "not set". */
export type FormValue = string | boolean | null | MultiValue | OrderValue;
/** A value the person has set (the reader from the form is not asked about the others). */
export type SetFormValue = Exclude<FormValue, null | "">;

export const isMulti = (v: FormValue): v is MultiValue => typeof v === "object" && v !== null && "selected" in v;
export const isOrder = (v: FormValue): v is OrderValue => typeof v === "object" && v !== null && "desc" in v;

/** Text of a number field as a number when it is one; otherwise the text, for the validator to name. */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const value = Number(trimmed.replace(/,/g, ""));
  return Number.isFinite(value) ? value : trimmed;
}

/** An option's own value (numbers stay numbers: matchType 2, not "2"). */
export function optionValue(options: readonly EnumOption[], picked: string): string | number {
  const hit = options.find((o) => String(o.value) === picked);
  return hit ? hit.value : picked;
}
