/**
 * One parameter of the query builder, rendered from its FormField: the control its kind chose
 * (src/api/kinds/form-types.ts lists them; the switch below renders each). The label is in plain words, in the
 * active language (its accessible name too; the wire name is in the hint), required fields are marked, the
 * catalog's doc line is the hint, and the validator's messages show underneath.
 */
import {
  Checkbox,
  Combobox,
  Dropdown,
  Field,
  Input,
  Option,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useState } from "react";
import { optionsForMarket, type EnumOption } from "../../api/catalog-types";
import { optionLabel } from "../../api/localized";
import { t } from "../../i18n";
import { displayDate, monthChoices, saturdayChoices, type FormField } from "./form-model";
import type { FormValue, MultiValue, OrderValue } from "../../api/kinds/form-types";
import { CategoryPicker } from "../shared/CategoryPicker";
import { useControlStyles } from "../shared/styles";

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

const useStyles = makeStyles({
  orderRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
});

export const fieldId = (name: string) => `mad-param-${name}`;
const NOT_SET = "";
const optionText = (o: EnumOption) =>
  String(o.value) === o.label ? o.label : t("field.option", { label: optionLabel(o), value: String(o.value) });

interface Choice {
  readonly value: string;
  readonly text: string;
}

function SingleChoice(props: {
  id: string;
  choices: readonly Choice[];
  value: string;
  required: boolean;
  onChange: (v: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const controls = useControlStyles();
  const all = props.required
    ? props.choices
    : [{ value: NOT_SET, text: props.placeholder ?? t("field.notSet") }, ...props.choices];
  const selected = all.find((c) => c.value === props.value);
  return (
    <Dropdown
      clearButton={{ "aria-label": t("pane.clearSelection") }}
      className={controls.control}
      id={props.id}
      aria-required={props.required || undefined}
      value={selected && selected.value !== NOT_SET ? selected.text : ""}
      placeholder={props.placeholder ?? (props.required ? t("field.choose") : t("field.notSet"))}
      selectedOptions={[props.value]}
      disabled={props.disabled}
      onOptionSelect={(_, data) => props.onChange(data.optionValue ?? NOT_SET)}
      onBlur={props.onBlur}
    >
      {all.map((c) => (
        <Option key={c.value || "not-set"} value={c.value} text={c.text}>
          {c.text}
        </Option>
      ))}
    </Dropdown>
  );
}

function MultiChoice(props: {
  id: string;
  name: string;
  options: readonly EnumOption[];
  value: MultiValue;
  open: boolean;
  required: boolean;
  onChange: (v: MultiValue) => void;
  onBlur?: () => void;
}) {
  const controls = useControlStyles();
  const texts = props.options.filter((o) => props.value.selected.includes(String(o.value))).map((o) => String(o.value));
  return (
    <>
      <Dropdown
        clearButton={{ "aria-label": t("pane.clearSelection") }}
        className={controls.control}
        id={props.id}
        aria-required={props.required || undefined}
        multiselect
        value={texts.join(", ")}
        placeholder={t("field.notSet")}
        selectedOptions={[...props.value.selected]}
        onOptionSelect={(_, data) => props.onChange({ ...props.value, selected: data.selectedOptions })}
        onBlur={props.onBlur}
      >
        {props.options.map((o) => (
          <Option key={String(o.value)} value={String(o.value)} text={optionText(o)}>
            {optionText(o)}
          </Option>
        ))}
      </Dropdown>
      {props.open && (
        <Input
          className={controls.control}
          aria-label={t("field.otherValuesLabel", { name: props.name })}
          placeholder={t("field.otherValues")}
          value={props.value.other}
          onChange={(_, data) => props.onChange({ ...props.value, other: data.value })}
          onBlur={props.onBlur}
        />
      )}
    </>
  );
}

function OrderControl(props: {
  id: string;
  field: FormField;
  value: OrderValue;
  onChange: (v: OrderValue) => void;
  onBlur?: () => void;
}) {
  const styles = useStyles();
  const controls = useControlStyles();
  const control = props.field.control;
  if (control.type !== "order") return null;
  const choices = control.sortFields.map((f) => ({ value: f, text: f }));
  const serviceDefault = t("field.serviceDefault", { field: control.defaultField || "none" });
  return (
    <div className={styles.orderRow}>
      <div className={styles.grow}>
        {control.open ? (
          <Combobox
            className={controls.control}
            id={props.id}
            freeform
            value={props.value.field}
            placeholder={serviceDefault}
            selectedOptions={props.value.field ? [props.value.field] : []}
            onOptionSelect={(_, data) => props.onChange({ ...props.value, field: data.optionValue ?? "" })}
            onChange={(event) => props.onChange({ ...props.value, field: event.target.value })}
            onBlur={props.onBlur}
          >
            {choices.map((c) => (
              <Option key={c.value} value={c.value}>
                {c.text}
              </Option>
            ))}
          </Combobox>
        ) : (
          <SingleChoice
            id={props.id}
            choices={choices}
            value={props.value.field}
            required={false}
            placeholder={serviceDefault}
            onChange={(field) => props.onChange({ ...props.value, field })}
            onBlur={props.onBlur}
          />
        )}
      </div>
      <Switch
        label={t("field.desc")}
        checked={props.value.desc}
        onChange={(_, data) => props.onChange({ ...props.value, desc: data.checked })}
      />
    </div>
  );
}

const marketCode = (market: FormValue | undefined) => (typeof market === "string" ? market : "");

/** nodeIdPaths: a category search whose pick is added as a line of the list. */
function PathAdder(props: { name: string; id: string; market: string; lines: string; onChange: (v: string) => void }) {
  const [text, setText] = useState("");
  return (
    <CategoryPicker
      id={props.id}
      ariaLabel={t("field.addCategory", { name: props.name })}
      market={props.market}
      text={text}
      onText={setText}
      onPick={(path) => {
        const lines = props.lines.split("\n").filter((line) => line.trim() !== "");
        if (!lines.includes(path)) props.onChange([...lines, path].join("\n"));
        setText("");
      }}
    />
  );
}

/** not set -> true -> false -> not set: one key (space) walks through the three states. */
const nextBoolean = (value: FormValue): boolean | null => (value === null ? true : value === true ? false : null);

export function ParamField({ field, value, onChange, onBlur, messages, now, switchValue, market }: ParamFieldProps) {
  const controls = useControlStyles();
  const id = fieldId(field.name);
  const control = field.control;
  const error = messages?.length ? messages.join(" ") : undefined;
  const text = typeof value === "string" ? value : "";
  const common = {
    label: field.label,
    required: field.required,
    hint: field.help,
    validationMessage: error,
    validationState: error ? ("error" as const) : ("none" as const),
  };

  switch (control.type) {
    case "boolean":
      return (
        <Field hint={field.help} validationMessage={error} validationState={common.validationState}>
          <Checkbox
            id={id}
            label={t("field.checkbox", { label: field.label, state: value === null ? "unset" : value ? "yes" : "no" })}
            aria-label={field.label}
            aria-description={t("field.apiName", { name: field.name })}
            checked={value === null ? "mixed" : value === true}
            onChange={() => onChange(nextBoolean(value))}
            onBlur={onBlur}
          />
        </Field>
      );
    case "enum": {
      const choices = optionsForMarket(control.options, market).map((o) => ({
        value: String(o.value),
        text: optionText(o),
      }));
      return (
        <Field {...common}>
          {control.open ? (
            <Combobox
              className={controls.control}
              id={id}
              freeform
              value={text}
              onOptionSelect={(_, d) => onChange(d.optionValue ?? "")}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
            >
              {choices.map((c) => (
                <Option key={c.value} value={c.value} text={c.text}>
                  {c.text}
                </Option>
              ))}
            </Combobox>
          ) : (
            <SingleChoice
              id={id}
              choices={choices}
              value={text}
              required={field.required}
              onChange={onChange}
              onBlur={onBlur}
            />
          )}
        </Field>
      );
    }
    case "multiEnum":
      return (
        <Field {...common}>
          <MultiChoice
            id={id}
            name={field.label}
            options={optionsForMarket(control.options, market)}
            value={value as MultiValue}
            open={control.open}
            required={field.required}
            onChange={onChange}
            onBlur={onBlur}
          />
        </Field>
      );
    case "lines": {
      const list = (
        <Field
          {...common}
          hint={t("field.lines", { help: field.help, asins: control.pattern === "asin" ? "yes" : "no" })}
        >
          <Textarea
            className={controls.control}
            id={id}
            value={text}
            resize="vertical"
            onChange={(_, d) => onChange(d.value)}
            onBlur={onBlur}
          />
        </Field>
      );
      // The search sits outside the list's Field, so it keeps its own name rather than the list's label.
      if (control.pattern !== "nodeIdPath") return list;
      return (
        <>
          {list}
          <PathAdder
            name={field.label}
            id={`${id}-search`}
            market={marketCode(market)}
            lines={text}
            onChange={onChange}
          />
        </>
      );
    }
    case "month":
    case "saturday":
    case "weekOrMonth": {
      const format =
        control.type === "weekOrMonth"
          ? control.formats[typeof switchValue === "string" ? switchValue : ""]
          : control.type;
      const dates =
        format === "saturday"
          ? saturdayChoices(now, control.maxMonthsBack)
          : format === "month"
            ? monthChoices(now, control.maxMonthsBack)
            : [];
      const words = control.type === "month" ? (control.words ?? []) : [];
      const choices = [
        ...words.map((w) => ({ value: String(w.value), text: optionText(w) })),
        ...dates.map((d) => ({ value: d, text: `${displayDate(d)} (${d})` })),
      ];
      const waiting = control.type === "weekOrMonth" && !format;
      return (
        <Field {...common}>
          <SingleChoice
            id={id}
            choices={choices}
            value={text}
            required={field.required}
            disabled={waiting}
            placeholder={
              waiting
                ? t("field.chooseFirst", { param: control.type === "weekOrMonth" ? control.switchParam : "" })
                : undefined
            }
            onChange={onChange}
            onBlur={onBlur}
          />
        </Field>
      );
    }
    case "order":
      return (
        <Field {...common}>
          <OrderControl id={id} field={field} value={value as OrderValue} onChange={onChange} onBlur={onBlur} />
        </Field>
      );
    case "date":
      return (
        <Field {...common}>
          <Input
            className={controls.control}
            id={id}
            type="date"
            value={text}
            onChange={(_, d) => onChange(d.value)}
            onBlur={onBlur}
          />
        </Field>
      );
    case "number":
      return (
        <Field {...common}>
          <Input
            className={controls.control}
            id={id}
            inputMode={control.integer ? "numeric" : "decimal"}
            value={text}
            onChange={(_, d) => onChange(d.value)}
            onBlur={onBlur}
          />
        </Field>
      );
    case "text":
      if (control.pattern === "nodeIdPath")
        return (
          <Field {...common}>
            <CategoryPicker
              id={id}
              market={marketCode(market)}
              text={text}
              required={field.required}
              onText={onChange}
              onPick={onChange}
              onBlur={onBlur}
            />
          </Field>
        );
      return (
        <Field {...common}>
          <Input
            className={controls.control}
            id={id}
            value={text}
            onChange={(_, d) => onChange(d.value)}
            onBlur={onBlur}
          />
        </Field>
      );
    default: {
      const unhandled: never = control;
      throw new Error(`no rendering for form control ${JSON.stringify(unhandled)}`);
    }
  }
}
