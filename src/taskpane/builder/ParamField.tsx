/**
 * One parameter of the query builder, rendered from its FormField: the control its kind chose
 * (src/api/kinds/form-types.ts lists them; the table below names the component of each). The label is in plain words, in the
 * active language (its accessible name too; the wire name is in the hint), required fields are marked, the
 * catalog's doc line is the hint, and the validator's messages show underneath.
 */
import type { ComponentType } from "react";
import type { FormField } from "./form-model";
import type { FieldControl, FormValue } from "../../api/kinds/form-types";
import {
  BooleanControl,
  DateChoiceControl,
  EnumControl,
  InputControl,
  LinesControl,
  MultiEnumControl,
  OrderField,
  type ControlProps,
} from "./field-controls";

export interface ParamFieldProps {
  readonly field: FormField;
  readonly value: FormValue;
  readonly onChange: (value: FormValue) => void;
  readonly onBlur?: () => void;
  readonly messages?: readonly string[];
  readonly now: Date;
  /** The value of the parameter a weekOrMonth date follows (reverseType). */
  readonly switchValue?: FormValue;
  /** The chosen marketplace: options that differ per market (size tiers) follow it. */
  readonly market?: FormValue;
}

export const fieldId = (name: string) => `mad-param-${name}`;

/** The control each kind of field renders with: every kind is named (the type checks it). */
const CONTROLS: { readonly [T in FieldControl["type"]]: ComponentType<ControlProps<T>> } = {
  boolean: BooleanControl,
  enum: EnumControl,
  multiEnum: MultiEnumControl,
  lines: LinesControl,
  month: DateChoiceControl,
  saturday: DateChoiceControl,
  weekOrMonth: DateChoiceControl,
  order: OrderField,
  date: InputControl,
  number: InputControl,
  text: InputControl,
};

export function ParamField({ field, value, onChange, onBlur, messages, now, switchValue, market }: ParamFieldProps) {
  const error = messages?.length ? messages.join(" ") : undefined;
  const base = {
    field,
    id: fieldId(field.name),
    value,
    text: typeof value === "string" ? value : "",
    onChange,
    onBlur,
    common: {
      label: field.label,
      required: field.required,
      hint: field.help,
      validationMessage: error,
      validationState: error ? ("error" as const) : ("none" as const),
    },
    now,
    switchValue,
    market,
  };
  const control = field.control;
  // The table names every kind, so a kind's component gets its own narrowed control.
  const Control = CONTROLS[control.type] as ComponentType<ControlProps<FieldControl["type"]>> | undefined;
  if (!Control) throw new Error(`no rendering for form control ${JSON.stringify(control)}`);
  return <Control {...base} control={control} />;
}
