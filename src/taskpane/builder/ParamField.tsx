/**
 * One parameter of the query builder, rendered from its FormField: the control its kind chose
 * (src/api/kinds/form-types.ts lists them; the switch below renders each). The label is in plain words, in the
 * active language (its accessible name too; the wire name is in the hint), required fields are marked, the
 * catalog's doc line is the hint, and the validator's messages show underneath.
 */
import type { FormField } from "./form-model";
import type { FormValue } from "../../api/kinds/form-types";
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
  const props = <T extends typeof control.type>(narrowed: ControlProps<T>["control"]): ControlProps<T> => ({
    ...base,
    control: narrowed,
  });
  switch (control.type) {
    case "boolean":
      return <BooleanControl {...props(control)} />;
    case "enum":
      return <EnumControl {...props(control)} />;
    case "multiEnum":
      return <MultiEnumControl {...props(control)} />;
    case "lines":
      return <LinesControl {...props(control)} />;
    case "month":
    case "saturday":
    case "weekOrMonth":
      return <DateChoiceControl {...props(control)} />;
    case "order":
      return <OrderField {...props(control)} />;
    case "date":
    case "number":
    case "text":
      return <InputControl {...props(control)} />;
    default: {
      const unhandled: never = control;
      throw new Error(`no rendering for form control ${JSON.stringify(unhandled)}`);
    }
  }
}
