/**
 * The Templates tab: one card per report template, with its description and the inputs it needs (market, a
 * category through the category picker, a keyword, ASINs pasted or taken from the sheet, the products picked among
 * them for charts). Inputs are checked as they change by the catalog's own
 * validation; Create states the calls a report spends, asks first when that is many or more than is left, then
 * creates the report's sheet through the host and names it.
 */
import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Subtitle2,
  Text,
  Textarea,
  tokens,
} from "@fluentui/react-components";
import { useEffect, useMemo, useRef, useState, type FocusEvent } from "react";
import { MARKETPLACES } from "../../api/catalog-types";
import { optionLabel } from "../../api/words/localized";
import { countAgainstCache, createReport, planReport, resolveInputs, type ReportPlan } from "./actions";
import { reportSheetSpec } from "../report-model/report-layout";
import {
  maxOfList,
  TEMPLATES,
  type ReportTemplate,
  type TemplateInput,
  type TemplateInputs,
} from "../report-model/templates";
import { asinsOf } from "../report-model/report-inputs";
import { AsinListExtras, PickedInput } from "./AsinInputs";
import { withPicked } from "./asin-lists";
import { CategoryPicker } from "../shared/CategoryPicker";
import { failureText, useLocale, useServices, useUsage } from "../shared/services";
import { useAction } from "../shared/use-action";
import { t } from "../../i18n";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { choiceOptions } from "../shared/choice-options";
import { OutcomeBar } from "../shared/OutcomeBar";

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

const templateInputId = (template: ReportTemplate, input: TemplateInput) => `mad-template-${template.id}-${input.name}`;

interface InputProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: (event: FocusEvent<HTMLElement>) => void;
}

function MarketInput({ id, value, onChange, onBlur }: InputProps) {
  const controls = useControlStyles();
  const chosen = MARKETPLACES.find((m) => m.code === value);
  const text = (m: (typeof MARKETPLACES)[number]) => t("templates.market", { label: optionLabel(m), code: m.code });
  return (
    <Dropdown
      clearButton={{ "aria-label": t("pane.clearSelection") }}
      className={controls.control}
      id={id}
      aria-required
      value={chosen ? text(chosen) : ""}
      placeholder={t("templates.choose")}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => onChange(data.optionValue ?? "")}
      onBlur={onBlur}
    >
      {MARKETPLACES.map((m) => (
        <Option key={m.code} value={m.code} text={text(m)}>
          {text(m)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** How a filter block's tables are headed: in words (`labels`) or with the API's names (`names`). */
function HeadersInput({ id, value, onChange, onBlur }: InputProps) {
  const controls = useControlStyles();
  const choices = [
    { value: "labels", text: t("template.headers.labels") },
    { value: "names", text: t("template.headers.names") },
  ];
  return (
    <Dropdown
      className={controls.control}
      id={id}
      value={choices.find((c) => c.value === value)?.text ?? value}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => onChange(data.optionValue ?? "labels")}
      onBlur={onBlur}
    >
      {choiceOptions(choices)}
    </Dropdown>
  );
}

/** A line of text: a keyword (required), a screen's limit (a number) or a niche's path. */
function TextInput(props: InputProps & { required: boolean; inputMode: "decimal" | "text" }) {
  const controls = useControlStyles();
  return (
    <Input
      className={controls.control}
      id={props.id}
      {...(props.required ? { "aria-required": true } : { inputMode: props.inputMode })}
      value={props.value}
      onChange={(_, data) => props.onChange(data.value)}
      onBlur={props.onBlur}
    />
  );
}

/** The control of an input, by its kind. */
function InputControl(
  props: { template: ReportTemplate; input: TemplateInput; values: TemplateInputs } & Omit<InputProps, "id" | "value">,
) {
  const controls = useControlStyles();
  const { template, input, values } = props;
  const field = {
    id: templateInputId(template, input),
    value: values[input.name] ?? "",
    onChange: props.onChange,
    onBlur: props.onBlur,
  };
  switch (input.kind) {
    case "market":
      return <MarketInput {...field} />;
    case "category":
      return (
        <CategoryPicker
          id={field.id}
          market={values.market ?? ""}
          text={field.value}
          required
          onText={props.onChange}
          onPick={props.onChange}
          onBlur={props.onBlur}
        />
      );
    case "screen":
    case "niche":
      return <TextInput {...field} required={false} inputMode={input.kind === "screen" ? "decimal" : "text"} />;
    case "keyword":
      return <TextInput {...field} required inputMode="text" />;
    case "asins":
      return (
        <Textarea
          className={controls.control}
          id={field.id}
          aria-required
          resize="vertical"
          value={field.value}
          placeholder={t("templates.asinsExample")}
          onChange={(_, data) => props.onChange(data.value)}
          onBlur={props.onBlur}
        />
      );
    case "headers":
      return <HeadersInput {...field} />;
    case "picked":
      return <PickedInput {...field} watched={asinsOf(values.asins ?? "")} max={maxOfList(template, "picked")} />;
    default: {
      const unhandled: never = input.kind;
      return String(unhandled);
    }
  }
}

/**
 * A template's report as its inputs make it, planned on every change (checks, sheet, cost), then counted against
 * the cache (a report made again spends nothing for pages already fetched), again when the month's figures change
 * and when queries settle (their pages are cached by then).
 */
function useReportPlan(template: ReportTemplate, values: TemplateInputs, today: Date) {
  const { engine } = useServices();
  const usage = useUsage(engine);
  // Planned again in the language the person switches to: its words, and the sheet Create writes, are in it.
  const locale = useLocale();
  const planned = useMemo(
    () => planReport(template, values, engine, today, usage.remainingThisMonth),
    [template, values, engine, today, usage.remainingThisMonth, locale],
  );
  const [counted, setCounted] = useState<ReportPlan | null>(null);
  const settled = usage.inFlight === 0 && usage.queued === 0;
  useEffect(() => {
    setCounted(null);
    if (!planned.plan) return;
    let current = true;
    countAgainstCache(planned.plan, engine, usage.remainingThisMonth).then(
      (plan) => current && setCounted(plan),
      () => undefined, // the upper bound stays shown
    );
    return () => {
      current = false;
    };
  }, [planned, engine, usage.remainingThisMonth, settled]);
  return { planned, plan: counted ?? planned.plan };
}

/** Create: checks first (focusing the first input with a problem), asks when it spends many calls, then creates. */
function useCreate(
  template: ReportTemplate,
  planned: ReturnType<typeof useReportPlan>,
  support: string | null,
  today: Date,
) {
  const { engine, host } = useServices();
  const action = useAction();
  const { perform, setOutcome } = action;
  const [ask, setAsk] = useState<ReportPlan | null>(null);
  const create = async (plan: ReportPlan) => {
    setAsk(null);
    await perform(t("templates.busy", { title: template.title() }), async () => {
      // Inputs the add-in fills in (the top niche) are read first, from the query the report spends anyway.
      const resolved = await resolveInputs(template, plan.inputs, engine);
      const spec = resolved === plan.inputs ? plan.spec : reportSheetSpec(template, resolved, today);
      return { kind: "success", text: (await createReport(host, spec)).message };
    });
  };
  const onCreate = () => {
    setOutcome(null);
    const first = planned.planned.plan;
    if (!first) {
      const wrong = template.inputs.find((i) => planned.planned.errors.byInput[i.name]);
      if (wrong) document.getElementById(templateInputId(template, wrong))?.focus();
      return setOutcome({
        kind: "error",
        text: t("templates.correctFirst", { problems: planned.planned.errors.count }),
      });
    }
    if (support) return setOutcome({ kind: "error", text: support });
    const chosen = planned.plan ?? first;
    if (chosen.question) setAsk(chosen);
    else void create(chosen);
  };
  const decline = () => {
    setAsk(null);
    setOutcome({ kind: "info", text: t("templates.nothingCreated") });
  };
  return { action, ask, create, onCreate, decline };
}

/** An input with its label, hint and messages; an ASIN list with how many it holds and Take from the sheet. */
function InputField(
  props: {
    template: ReportTemplate;
    input: TemplateInput;
    values: TemplateInputs;
    messages: readonly string[] | undefined;
  } & Omit<InputProps, "id" | "value">,
) {
  const { template, input, messages } = props;
  const field = (
    <Field
      label={{ children: input.label(), htmlFor: templateInputId(template, input) }}
      hint={input.hint()}
      required={!input.optional}
      validationState={messages?.length ? "error" : "none"}
      validationMessage={messages?.join(" ")}
    >
      <InputControl
        template={template}
        input={input}
        values={props.values}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    </Field>
  );
  if (input.kind !== "asins") return field;
  return (
    <>
      {field}
      <AsinListExtras
        value={props.values[input.name] ?? ""}
        max={maxOfList(template, "asins")}
        label={input.label()}
        onChange={props.onChange}
      />
    </>
  );
}

function TemplateCard({ template, support }: { template: ReportTemplate; support: string | null }) {
  const { clock } = useServices();
  const styles = useStyles();
  const layout = useLayoutStyles();
  const [values, setValues] = useState<TemplateInputs>(() => ({
    market: "US",
    ...Object.fromEntries(template.inputs.flatMap((i) => (i.initial === undefined ? [] : [[i.name, i.initial]]))),
  }));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [today] = useState(() => new Date(clock.now()));
  // The picked products default to the first watched ones until the person picks.
  const effective = useMemo(() => withPicked(template, values), [template, values]);
  const planned = useReportPlan(template, effective, today);
  const { action, ask, create, onCreate, decline } = useCreate(template, planned, support, today);
  const { busy, outcome } = action;
  const headingId = `mad-template-${template.id}-title`;
  const createButton = useRef<HTMLButtonElement>(null);
  /**
   * A field shows its messages once left; not when left for Create, whose click would land elsewhere if the message
   * pushed it down first (Create shows every message anyway).
   */
  const onLeave = (name: string, event: FocusEvent<HTMLElement>) => {
    if (event.relatedTarget && event.relatedTarget === createButton.current) return;
    setTouched((t) => new Set(t).add(name));
  };
  const errors = planned.planned.errors.byInput;

  return (
    <section className={mergeClasses(layout.stackTight, styles.card)} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        {template.title()}
      </Subtitle2>
      <Text className={layout.hint}>{template.description()}</Text>
      {template.inputs.map((input) => (
        <InputField
          key={input.name}
          template={template}
          input={input}
          values={effective}
          messages={attempted || touched.has(input.name) ? errors[input.name] : undefined}
          onChange={(value) => setValues((v) => ({ ...v, [input.name]: value }))}
          onBlur={(event) => onLeave(input.name, event)}
        />
      ))}
      {planned.plan && <Text size={200}>{planned.plan.costText}</Text>}
      {ask && (
        <AskBeforeSpending
          title={t("templates.askTitle")}
          question={t("ask.goAhead", { question: ask.question ?? "" })}
          confirmLabel={t("templates.confirm")}
          onConfirm={() => void create(ask)}
          onCancel={decline}
        />
      )}
      {busy && <ProgressBar aria-label={busy} />}
      <OutcomeBar outcome={outcome} />
      <div className={layout.wrapRowCentered}>
        <Button
          ref={createButton}
          appearance="primary"
          disabled={busy !== null}
          onClick={() => {
            setAttempted(true);
            onCreate();
          }}
          aria-label={t("templates.createLabel", { title: template.title() })}
        >
          {t("templates.create")}
        </Button>
        {busy && <Text>{t("templates.creating")}</Text>}
      </div>
    </section>
  );
}

export function TemplatesPanel() {
  const { host } = useServices();
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const [support, setSupport] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    host.reportSupport().then(
      (message) => live && setSupport(message),
      (error: unknown) => live && setSupport(failureText(error)),
    );
    return () => {
      live = false;
    };
  }, [host]);
  return (
    <section className={layout.stackLoose} aria-label={t("tab.templates")}>
      {support && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody className={controls.message}>{support}</MessageBarBody>
        </MessageBar>
      )}
      {TEMPLATES.map((t) => (
        <TemplateCard key={t.id} template={t} support={support} />
      ))}
    </section>
  );
}
