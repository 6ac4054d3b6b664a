/**
 * The form controls of the query builder, one per field type (src/api/kinds/form-types.ts lists them; ParamField
 * picks one by its field's control), and the widgets they share: single and multiple choice, an order's field and
 * direction, a category search that adds a line.
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
import { optionLabel } from "../../api/words/localized";
import { t } from "../../i18n";
import { displayDate, monthChoices, saturdayChoices, type FormField } from "./form-model";
import type { FieldControl, FormValue, MultiValue, OrderValue } from "../../api/kinds/form-types";
import { CategoryPicker } from "../shared/CategoryPicker";
import { DepartmentPicker } from "../shared/DepartmentPicker";
import { takesDepartmentCodes } from "../shared/department-search";
import { useControlStyles } from "../shared/styles";
import { choiceOptions, type ListChoice } from "../shared/choice-options";

const useStyles = makeStyles({
  orderRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
});

const NOT_SET = "";
const optionText = (o: EnumOption) =>
  String(o.value) === o.label ? o.label : t("field.option", { label: optionLabel(o), value: String(o.value) });
const choicesOf = (options: readonly EnumOption[]): ListChoice[] =>
  options.map((o) => ({ value: String(o.value), text: optionText(o) }));

/** What each of the controls below takes: its id, its value, what hears of a change, and of focus leaving it. */
interface ValueProps<V> {
  id: string;
  value: V;
  onChange: (v: V) => void;
  onBlur?: () => void;
}

/**
 * A field's dropdown of choices (one, or several with `multiselect`), clearable and as wide as the pane allows:
 * `shown` is what it shows closed, `selected` the values picked; `onSelect` hears the option picked and all picked.
 */
function ChoiceDropdown(props: {
  id: string;
  choices: readonly ListChoice[];
  shown: string;
  selected: string[];
  placeholder: string;
  required: boolean;
  multiselect?: boolean;
  disabled?: boolean;
  onSelect: (option: string | undefined, selected: string[]) => void;
  onBlur?: () => void;
}) {
  const controls = useControlStyles();
  return (
    <Dropdown
      clearButton={{ "aria-label": t("pane.clearSelection") }}
      className={controls.control}
      id={props.id}
      aria-required={props.required || undefined}
      multiselect={props.multiselect}
      value={props.shown}
      placeholder={props.placeholder}
      selectedOptions={props.selected}
      disabled={props.disabled}
      onOptionSelect={(_, data) => props.onSelect(data.optionValue, data.selectedOptions)}
      onBlur={props.onBlur}
    >
      {choiceOptions(props.choices)}
    </Dropdown>
  );
}

function SingleChoice(
  props: ValueProps<string> & {
    choices: readonly ListChoice[];
    required: boolean;
    disabled?: boolean;
    placeholder?: string;
  },
) {
  const all = props.required
    ? props.choices
    : [{ value: NOT_SET, text: props.placeholder ?? t("field.notSet") }, ...props.choices];
  const selected = all.find((c) => c.value === props.value);
  return (
    <ChoiceDropdown
      id={props.id}
      choices={all}
      shown={selected && selected.value !== NOT_SET ? selected.text : ""}
      selected={[props.value]}
      placeholder={props.placeholder ?? (props.required ? t("field.choose") : t("field.notSet"))}
      required={props.required}
      disabled={props.disabled}
      onSelect={(option) => props.onChange(option ?? NOT_SET)}
      onBlur={props.onBlur}
    />
  );
}

function MultiChoice(
  props: ValueProps<MultiValue> & { name: string; options: readonly EnumOption[]; open: boolean; required: boolean },
) {
  const controls = useControlStyles();
  const texts = props.options.filter((o) => props.value.selected.includes(String(o.value))).map((o) => String(o.value));
  return (
    <>
      <ChoiceDropdown
        id={props.id}
        choices={choicesOf(props.options)}
        shown={texts.join(", ")}
        selected={[...props.value.selected]}
        placeholder={t("field.notSet")}
        required={props.required}
        multiselect
        onSelect={(_, selected) => props.onChange({ ...props.value, selected })}
        onBlur={props.onBlur}
      />
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

function OrderControl(props: ValueProps<OrderValue> & { field: FormField }) {
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

/** A list's lines with `value` added once (a pick from a picker). */
function withLine(lines: string, value: string): string {
  const kept = lines.split("\n").filter((line) => line.trim() !== "");
  return kept.includes(value) ? lines : [...kept, value].join("\n");
}

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
        const lines = withLine(props.lines, path);
        if (lines !== props.lines) props.onChange(lines);
        setText("");
      }}
    />
  );
}

/** not set -> true -> false -> not set: one key (space) walks through the three states. */
const nextBoolean = (value: FormValue): boolean | null => (value === null ? true : value === true ? false : null);

/** Each kind of control by its type's name. */
type ControlsByType = { [C in FieldControl as C["type"]]: C };

/** What every control gets: its field, narrowed to its own control type, and the field's state. */
export interface ControlProps<T extends FieldControl["type"]> {
  readonly field: FormField;
  readonly control: ControlsByType[T];
  readonly id: string;
  readonly value: FormValue;
  /** The value as text ("" when it is not text). */
  readonly text: string;
  readonly onChange: (value: FormValue) => void;
  readonly onBlur?: () => void;
  /** The Field's label, hint and validation. */
  readonly common: {
    readonly label: string;
    readonly required: boolean;
    readonly hint: string;
    readonly validationMessage: string | undefined;
    readonly validationState: "error" | "none";
  };
  readonly now: Date;
  /** The value of the parameter a weekOrMonth date follows (reverseType). */
  readonly switchValue?: FormValue;
  /** The chosen marketplace: options that differ per market (size tiers) follow it. */
  readonly market?: FormValue;
}

export function BooleanControl({ field, id, value, onChange, onBlur, common }: ControlProps<"boolean">) {
  return (
    <Field hint={common.hint} validationMessage={common.validationMessage} validationState={common.validationState}>
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
}

export function EnumControl({ field, control, id, text, onChange, onBlur, common, market }: ControlProps<"enum">) {
  const controls = useControlStyles();
  const choices = choicesOf(optionsForMarket(control.options, market));
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
          {choiceOptions(choices)}
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

export function MultiEnumControl(props: ControlProps<"multiEnum">) {
  const { field, control, market } = props;
  return (
    <Field {...props.common}>
      <MultiChoice
        id={props.id}
        name={field.label}
        options={optionsForMarket(control.options, market)}
        value={props.value as MultiValue}
        open={control.open}
        required={field.required}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    </Field>
  );
}

export function LinesControl({ field, control, id, text, onChange, onBlur, common, market }: ControlProps<"lines">) {
  const controls = useControlStyles();
  const list = (
    <Field {...common} hint={t("field.lines", { help: field.help, spaces: control.spaces })}>
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
  if (takesDepartmentCodes(field.spec))
    return (
      <>
        {list}
        <DepartmentPicker
          id={`${id}-search`}
          ariaLabel={t("field.addDepartment", { name: field.label })}
          market={marketCode(market)}
          onPick={(code) => onChange(withLine(text, code))}
        />
      </>
    );
  if (control.pattern !== "nodeIdPath") return list;
  return (
    <>
      {list}
      <PathAdder name={field.label} id={`${id}-search`} market={marketCode(market)} lines={text} onChange={onChange} />
    </>
  );
}

/** A month, a Saturday, or either by its switch parameter: picked from the dates the service has. */
export function DateChoiceControl(props: ControlProps<"month" | "saturday" | "weekOrMonth">) {
  const { control, switchValue, now } = props;
  const format =
    control.type === "weekOrMonth" ? control.formats[typeof switchValue === "string" ? switchValue : ""] : control.type;
  const dates =
    format === "saturday"
      ? saturdayChoices(now, control.maxMonthsBack)
      : format === "month"
        ? monthChoices(now, control.maxMonthsBack)
        : [];
  const words = control.type === "month" ? (control.words ?? []) : [];
  const choices = [...choicesOf(words), ...dates.map((d) => ({ value: d, text: `${displayDate(d)} (${d})` }))];
  const waiting = control.type === "weekOrMonth" && !format;
  return (
    <Field {...props.common}>
      <SingleChoice
        id={props.id}
        choices={choices}
        value={props.text}
        required={props.field.required}
        disabled={waiting}
        placeholder={
          waiting
            ? t("field.chooseFirst", { param: control.type === "weekOrMonth" ? control.switchParam : "" })
            : undefined
        }
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    </Field>
  );
}

export function OrderField(props: ControlProps<"order">) {
  return (
    <Field {...props.common}>
      <OrderControl
        id={props.id}
        field={props.field}
        value={props.value as OrderValue}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    </Field>
  );
}

/** A date typed or picked (`type="date"`), a number, or a text (a category search for a node path). */
export function InputControl(props: ControlProps<"date" | "number" | "text">) {
  const controls = useControlStyles();
  const { control, id, text, onChange, onBlur } = props;
  if (control.type === "text" && control.pattern === "nodeIdPath")
    return (
      <Field {...props.common}>
        <CategoryPicker
          id={id}
          market={marketCode(props.market)}
          text={text}
          required={props.field.required}
          onText={onChange}
          onPick={onChange}
          onBlur={onBlur}
        />
      </Field>
    );
  // A date typed or picked from the browser's calendar; a number with the keyboard its kind wants.
  const extra =
    control.type === "date"
      ? { type: "date" as const }
      : control.type === "number"
        ? { inputMode: control.integer ? ("numeric" as const) : ("decimal" as const) }
        : {};
  return (
    <Field {...props.common}>
      <Input
        className={controls.control}
        id={id}
        {...extra}
        value={text}
        onChange={(_, d) => onChange(d.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}
