/**
 * Alert me…: the form that builds an alert from a MAD formula (the active cell's, or one of the workbook's, report
 * sections included). Its condition comes from the picker or is typed, checked as typed by the relay's own parser;
 * the relay checks and prices the whole draft a moment after each change (`?dryRun=1`), so the cost a month shows
 * before saving and a refusal shows on the field it names.
 */
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  Textarea,
  tokens,
} from "@fluentui/react-components";
import { ALERT_PERIODS, type AlertCost, type AlertEvery, type ReceiverFormat } from "../../relay-api/alerts";
import { t, type MessageId } from "../../i18n";
import type { FormulaCell } from "../host/host-adapter";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { signingDestinations, type AlertLanguage, type FieldProblems } from "./alert-form";
import { ConditionPicker } from "./ConditionPicker";
import type { AlertForm as FormState } from "./use-alert-form";

const useStyles = makeStyles({
  // The fields of a line stand on one base line, whatever their labels' heights.
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "end" },
});

const EVERY_WORDS: Readonly<Record<AlertEvery, MessageId>> = {
  hourly: "alerts.every.hourly",
  daily: "alerts.every.daily",
  weekly: "alerts.every.weekly",
};
const LANGUAGES: readonly { value: AlertLanguage; text: MessageId }[] = [
  { value: "en", text: "alerts.language.en" },
  { value: "zh-CN", text: "alerts.language.zh" },
];

const invalid = (problems: FieldProblems, field: keyof FieldProblems) =>
  problems[field] ? { validationState: "error" as const, validationMessage: problems[field] } : {};

function SourcePicker(props: {
  formulas: readonly FormulaCell[];
  busy: boolean;
  from: string | null;
  onActiveCell: () => void;
  onFormula: (cell: FormulaCell) => void;
}) {
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const id = (c: FormulaCell) => `${c.sheet}!${c.address}`;
  return (
    <section className={layout.stack} aria-label={t("alerts.source")}>
      <Text size={200} className={layout.hint}>
        {t("alerts.source.hint")}
      </Text>
      <Button appearance="primary" disabled={props.busy} onClick={props.onActiveCell}>
        {t("alerts.source.activeCell")}
      </Button>
      {props.formulas.length > 0 && (
        <Field label={t("alerts.source.formulas")}>
          <Dropdown
            className={controls.control}
            placeholder={t("alerts.choose")}
            disabled={props.busy}
            onOptionSelect={(_, data) => {
              const cell = props.formulas.find((c) => id(c) === data.optionValue);
              if (cell) props.onFormula(cell);
            }}
          >
            {props.formulas.map((c) => (
              <Option key={id(c)} value={id(c)} text={t("alerts.source.formula", { cell: id(c), formula: c.formula })}>
                {t("alerts.source.formula", { cell: id(c), formula: c.formula })}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {props.from && <Text size={200}>{t("alerts.source.from", { cell: props.from })}</Text>}
    </section>
  );
}

const RECEIVER_WORDS: Partial<Readonly<Record<ReceiverFormat, MessageId>>> = {
  dingtalk: "alerts.receiver.dingtalk",
  feishu: "alerts.receiver.feishu",
};

/**
 * A password field for each DingTalk robot and Feishu bot typed (their "加签" check): a secret signs, so it is never
 * shown as typed, and the relay never shows it back.
 */
function SigningSecrets({ form }: { form: FormState }) {
  const controls = useControlStyles();
  const { draft, change } = form;
  return signingDestinations(draft.deliver).map(({ destination, format }) => (
    <Field
      key={destination}
      label={t("alerts.secret", { receiver: t(RECEIVER_WORDS[format]!), end: destination.slice(-4) })}
      hint={t("alerts.secret.hint")}
    >
      <Input
        className={controls.control}
        type="password"
        autoComplete="off"
        value={draft.secrets[destination] ?? ""}
        onChange={(_, d) => change({ secrets: { ...draft.secrets, [destination]: d.value } })}
      />
    </Field>
  ));
}

function CostLine({ cost, checking }: { cost: AlertCost | null; checking: boolean }) {
  const layout = useLayoutStyles();
  const text = checking
    ? t("alerts.cost.checking")
    : cost
      ? t("alerts.cost", {
          calls: cost.callsPerMonth,
          runs: cost.runsPerMonth,
          perRun: cost.callsPerRun,
          paid: cost.paidRunsPerMonth,
        })
      : t("alerts.cost.unknown");
  return (
    <Text
      role="status"
      size={300}
      weight={cost && !checking ? "semibold" : "regular"}
      className={cost ? undefined : layout.hint}
    >
      {text}
    </Text>
  );
}

function Schedule({ form }: { form: FormState }) {
  const styles = useStyles();
  const { draft, problems, change } = form;
  return (
    <div className={styles.row}>
      <Field label={t("alerts.every")} {...invalid(problems, "every")}>
        <Dropdown
          value={t(EVERY_WORDS[draft.every])}
          selectedOptions={[draft.every]}
          onOptionSelect={(_, data) => change({ every: (data.optionValue ?? "daily") as AlertEvery })}
        >
          {(Object.keys(ALERT_PERIODS) as AlertEvery[]).map((every) => (
            <Option key={every} value={every} text={t(EVERY_WORDS[every])}>
              {t(EVERY_WORDS[every])}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t("alerts.language")} {...invalid(problems, "language")}>
        <Dropdown
          value={t(LANGUAGES.find((l) => l.value === draft.language)!.text)}
          selectedOptions={[draft.language]}
          onOptionSelect={(_, data) => change({ language: (data.optionValue ?? "en") as AlertLanguage })}
        >
          {LANGUAGES.map((l) => (
            <Option key={l.value} value={l.value} text={t(l.text)}>
              {t(l.text)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field hint={t("alerts.digest.hint")} {...invalid(problems, "digest")}>
        <Checkbox
          checked={draft.digest}
          label={t("alerts.digest")}
          onChange={(_, data) => change({ digest: data.checked === true })}
        />
      </Field>
    </div>
  );
}

/** A required field of the draft that takes several lines (the query, the destinations). */
function LongTextField(props: { form: FormState; name: "query" | "deliver"; label: string; hint: string }) {
  const controls = useControlStyles();
  const { draft, problems, change } = props.form;
  return (
    <Field label={props.label} hint={props.hint} required {...invalid(problems, props.name)}>
      <Textarea
        className={controls.control}
        resize="vertical"
        value={draft[props.name]}
        onChange={(_, d) => change({ [props.name]: d.value })}
      />
    </Field>
  );
}

export function AlertFormView(props: {
  form: FormState;
  formulas: readonly FormulaCell[];
  busy: boolean;
  onActiveCell: () => void;
  onFormula: (cell: FormulaCell) => void;
}) {
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const { form } = props;
  const { draft, problems, change } = form;
  const from = form.source ? `${form.source.cell.sheet}!${form.source.cell.address}` : null;
  return (
    <section className={layout.stack} aria-label={t("alerts.form")}>
      <SourcePicker
        formulas={props.formulas}
        busy={props.busy}
        from={from}
        onActiveCell={props.onActiveCell}
        onFormula={props.onFormula}
      />
      <Field label={t("alerts.name")} required {...invalid(problems, "name")}>
        <Input className={controls.control} value={draft.name} onChange={(_, d) => change({ name: d.value })} />
      </Field>
      <LongTextField form={form} name="query" label={t("alerts.query")} hint={t("alerts.query.hint")} />
      <ConditionPicker rows={form.rows} join={form.join} fields={form.fields} onChange={form.setRows} />
      <Field label={t("alerts.when")} hint={t("alerts.when.hint")} required {...invalid(problems, "when")}>
        <Input className={controls.control} value={draft.when} onChange={(_, d) => change({ when: d.value })} />
      </Field>
      <Schedule form={form} />
      <LongTextField form={form} name="deliver" label={t("alerts.deliver")} hint={t("alerts.deliver.hint")} />
      <SigningSecrets form={form} />
      <CostLine cost={form.cost} checking={form.checking} />
      {problems.form && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody className={controls.message}>{problems.form}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" disabled={props.busy} onClick={() => void form.save()}>
        {t("alerts.save")}
      </Button>
    </section>
  );
}
