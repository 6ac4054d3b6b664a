/**
 * The condition picker: one line per condition (a column compared with a number, its change in % since the last
 * run, new rows, gone rows), joined with and / or. Each change writes the `when` text (./alert-form.ts), which the
 * form shows and checks; a person may also type it.
 */
import { Button, Dropdown, Field, Input, makeStyles, Radio, RadioGroup, tokens } from "@fluentui/react-components";
import type { Comparison } from "../../relay-api/alert-condition";
import { t, type MessageId } from "../../i18n";
import { useControlStyles } from "../shared/styles";
import { choiceOptions } from "../shared/choice-options";
import { COMPARISONS, CONDITION_KINDS, type ConditionKind, type ConditionRow } from "./alert-form";
import type { FieldChoice } from "./alert-source";

const useStyles = makeStyles({
  // A fieldset is as wide as its content unless told otherwise (min-inline-size: min-content): in a 320 px pane, not.
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    margin: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  line: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 130px), 1fr))",
    gap: tokens.spacingHorizontalS,
    alignItems: "end",
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  remove: { gridColumn: "1 / -1", justifySelf: "start" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

const KIND_WORDS: Readonly<Record<ConditionKind, MessageId>> = {
  compare: "alerts.kind.compare",
  change: "alerts.kind.change",
  new: "alerts.kind.new",
  gone: "alerts.kind.gone",
};

const COMPARISON_WORDS: Readonly<Record<Comparison, MessageId>> = {
  "<": "alerts.op.lt",
  "<=": "alerts.op.le",
  ">": "alerts.op.gt",
  ">=": "alerts.op.ge",
  "=": "alerts.op.eq",
  "!=": "alerts.op.ne",
};

function Choice<V extends string>(props: {
  label: string;
  value: V;
  choices: readonly { value: V; text: string }[];
  onChange: (value: V) => void;
}) {
  const controls = useControlStyles();
  const selected = props.choices.find((c) => c.value === props.value);
  return (
    <Field label={props.label}>
      <Dropdown
        className={controls.control}
        value={selected?.text ?? ""}
        placeholder={t("alerts.choose")}
        selectedOptions={props.value ? [props.value] : []}
        onOptionSelect={(_, data) => data.optionValue !== undefined && props.onChange(data.optionValue as V)}
      >
        {choiceOptions(props.choices)}
      </Dropdown>
    </Field>
  );
}

function ConditionLine(props: {
  row: ConditionRow;
  index: number;
  fields: readonly FieldChoice[];
  onChange: (row: ConditionRow) => void;
  onRemove?: () => void;
}) {
  const styles = useStyles();
  const controls = useControlStyles();
  const { row, index } = props;
  const n = index + 1;
  const numbers = props.fields.filter((f) => f.numeric);
  const fieldChoices = numbers.map((f) => ({
    value: f.name,
    text: t("alerts.field", { label: f.label, name: f.name }),
  }));
  return (
    <div className={styles.line} role="group" aria-label={t("alerts.condition", { n })}>
      <Choice
        label={t("alerts.kind", { n })}
        value={row.kind}
        choices={CONDITION_KINDS.map((kind) => ({ value: kind, text: t(KIND_WORDS[kind]) }))}
        onChange={(kind) => props.onChange({ ...row, kind })}
      />
      {(row.kind === "compare" || row.kind === "change") && (
        <>
          <Choice
            label={t("alerts.column", { n })}
            value={row.field}
            choices={
              fieldChoices.length ? fieldChoices : [{ value: row.field, text: row.field }].filter((c) => c.value)
            }
            onChange={(field) => props.onChange({ ...row, field })}
          />
          <Choice
            label={t("alerts.comparison", { n })}
            value={row.op}
            choices={COMPARISONS.map((op) => ({ value: op, text: t(COMPARISON_WORDS[op]) }))}
            onChange={(op) => props.onChange({ ...row, op })}
          />
          <Field label={row.kind === "change" ? t("alerts.percent", { n }) : t("alerts.number", { n })}>
            <Input
              className={controls.control}
              inputMode="decimal"
              value={row.number}
              contentAfter={row.kind === "change" ? "%" : undefined}
              onChange={(_, data) => props.onChange({ ...row, number: data.value })}
            />
          </Field>
        </>
      )}
      {props.onRemove && (
        <Button appearance="subtle" className={styles.remove} onClick={props.onRemove}>
          {t("alerts.removeCondition", { n })}
        </Button>
      )}
    </div>
  );
}

export function ConditionPicker(props: {
  rows: readonly ConditionRow[];
  join: "and" | "or";
  fields: readonly FieldChoice[];
  onChange: (rows: readonly ConditionRow[], join: "and" | "or") => void;
}) {
  const styles = useStyles();
  const { rows, join } = props;
  const firstNumber = props.fields.find((f) => f.numeric)?.name ?? "";
  const replace = (at: number, row: ConditionRow) =>
    props.onChange(
      rows.map((r, i) => (i === at ? { ...row, field: row.field || firstNumber } : r)),
      join,
    );
  return (
    <fieldset className={styles.root}>
      <legend>{t("alerts.picker")}</legend>
      {rows.map((row, i) => (
        <ConditionLine
          key={i}
          row={row}
          index={i}
          fields={props.fields}
          onChange={(r) => replace(i, r)}
          onRemove={
            rows.length > 1
              ? () =>
                  props.onChange(
                    rows.filter((_, j) => j !== i),
                    join,
                  )
              : undefined
          }
        />
      ))}
      <div className={styles.actions}>
        <Button
          onClick={() => props.onChange([...rows, { kind: "compare", field: firstNumber, op: "<", number: "" }], join)}
        >
          {t("alerts.addCondition")}
        </Button>
        {rows.length > 1 && (
          <RadioGroup
            layout="horizontal"
            aria-label={t("alerts.join")}
            value={join}
            onChange={(_, data) => props.onChange(rows, data.value === "and" ? "and" : "or")}
          >
            <Radio value="and" label={t("alerts.join.and")} />
            <Radio value="or" label={t("alerts.join.or")} />
          </RadioGroup>
        )}
      </div>
    </fieldset>
  );
}
