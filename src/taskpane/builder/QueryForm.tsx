/**
 * The generated form of one operation: required fields, the common filters and min/max pairs (side by side), the
 * rest under a collapsed, searchable "More filters", then the output options (columns, order, limit). Pure rendering: state and validation live in the QueryBuilder.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Option,
  SearchBox,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useState } from "react";
import type { FormModel, RangePair } from "./form-model";
import type { FormValue, FormValues, QueryDraft } from "./form-values";
import { FIELD_PICKER, type InlineErrors } from "./inline-errors";
import { fieldId, ParamField } from "./ParamField";
import { useControlStyles, useLayoutStyles } from "../shared/styles";
import { t } from "../../i18n";

const useStyles = makeStyles({
  // Two fields side by side, each shrinking to half of a narrow pane.
  pair: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" },
  pairLegend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  fieldset: { border: "none", margin: 0, padding: 0 },
});

const MORE_ID = "more-filters";
/** How many filters and ranges show before "More filters": the catalog lists each operation's common ones first. */
const COMMON_FILTERS = 4;
const COMMON_RANGES = 4;

/** The operation's common filters (shown at once) and the rest (under "More filters"), in catalog order. */
function splitCommon(model: FormModel) {
  return {
    commonFilters: model.filters.slice(0, COMMON_FILTERS),
    moreFilters: model.filters.slice(COMMON_FILTERS),
    commonRanges: model.ranges.slice(0, COMMON_RANGES),
    moreRanges: model.ranges.slice(COMMON_RANGES),
  };
}

export interface QueryFormProps {
  readonly model: FormModel;
  readonly draft: QueryDraft;
  readonly onValue: (name: string, value: FormValue) => void;
  readonly onDraft: (patch: Partial<QueryDraft>) => void;
  readonly onTouch: (name: string) => void;
  /** Messages to show now (validation runs on every change; the builder decides which fields show theirs). */
  readonly shown: InlineErrors;
  readonly now: Date;
}

const isSet = (v: FormValue | undefined) =>
  v !== undefined &&
  v !== null &&
  v !== "" &&
  !(typeof v === "object" && "selected" in v && !v.selected.length && !v.other.trim());

type Render = (field: FormModel["main"][number]) => JSX.Element;

/** The filters beyond the common ones, behind a button with a search; a field with a message opens it. */
function MoreFilters(props: {
  model: FormModel;
  values: FormValues;
  shown: InlineErrors;
  render: Render;
  renderRange: (pair: RangePair) => JSX.Element;
}) {
  const { model, values, shown, render, renderRange } = props;
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const [expanded, setExpanded] = useState(false);
  const [search, setSearch] = useState("");
  const { moreFilters, moreRanges } = splitCommon(model);
  const needle = search.trim().toLowerCase();
  const matches = (f: FormModel["main"][number]) =>
    !needle || f.label.toLowerCase().includes(needle) || f.name.toLowerCase().includes(needle);
  const foundFilters = moreFilters.filter(matches);
  const foundRanges = moreRanges.filter(
    (r) =>
      matches(r.min) ||
      matches(r.max) ||
      r.base.toLowerCase().includes(needle) ||
      r.label.toLowerCase().includes(needle),
  );
  const moreCount = moreFilters.length + moreRanges.length;
  const moreSet =
    moreFilters.filter((f) => isSet(values[f.name])).length +
    moreRanges.filter((r) => isSet(values[r.min.name]) || isSet(values[r.max.name])).length;
  // A field with a message to show must be in view: the section opens itself rather than hide the problem.
  const moreHasMessages = [...moreFilters, ...moreRanges.flatMap((r) => [r.min, r.max])].some(
    (f) => shown.byField[f.name]?.length,
  );
  const open = expanded || moreHasMessages;
  if (moreCount === 0) return null;
  return (
    <div className={layout.stackTight}>
      <Button appearance="subtle" aria-expanded={open} aria-controls={MORE_ID} onClick={() => setExpanded(!open)}>
        {t("form.more", { count: moreCount, set: moreSet })}
      </Button>
      {open && (
        <div id={MORE_ID} className={layout.stackTight}>
          <SearchBox
            className={controls.control}
            aria-label={t("form.search")}
            placeholder={t("form.search.placeholder")}
            value={search}
            onChange={(_, d) => setSearch(d.value)}
          />
          {foundFilters.map(render)}
          {foundRanges.map(renderRange)}
          {foundFilters.length + foundRanges.length === 0 && (
            <Text role="status">{t("form.noMatch", { search: search.trim() })}</Text>
          )}
        </div>
      )}
    </div>
  );
}

/** The output: which fields (columns, in pick order), the order, and the limit (a history has none). */
function OutputSection(
  props: Pick<QueryFormProps, "model" | "draft" | "onDraft" | "onTouch" | "shown"> & { render: Render },
) {
  const { model, draft, onDraft, onTouch, shown } = props;
  const layout = useLayoutStyles();
  const controls = useControlStyles();
  const fieldMessages = shown.byField[FIELD_PICKER];
  const limitMessages = shown.byField.limit;
  return (
    <Accordion multiple collapsible defaultOpenItems={["output"]}>
      <AccordionItem value="output">
        <AccordionHeader as="h3">{t("form.output")}</AccordionHeader>
        <AccordionPanel>
          <div className={layout.stackTight}>
            <Field
              label={t("form.fields")}
              hint={t("form.fields.hint")}
              validationMessage={fieldMessages?.join(" ")}
              validationState={fieldMessages?.length ? "error" : "none"}
            >
              <Dropdown
                clearButton={{ "aria-label": t("pane.clearSelection") }}
                className={controls.control}
                id={fieldId(FIELD_PICKER)}
                multiselect
                placeholder={t("form.fields.all")}
                value={draft.fields.join(", ")}
                selectedOptions={[...draft.fields]}
                onOptionSelect={(_, data) => {
                  // Keep the pick order: new picks go last, unpicked ones drop out.
                  const kept = draft.fields.filter((f) => data.selectedOptions.includes(f));
                  onDraft({ fields: [...kept, ...data.selectedOptions.filter((f) => !kept.includes(f))] });
                }}
              >
                {model.recordFields.map((name) => (
                  <Option key={name} value={name}>
                    {name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {model.order && props.render(model.order)}
            {/* A history's rows are its periods: start, end and interval say how many, not a limit. */}
            {!model.history && (
              <Field
                label={t("form.limit")}
                hint={model.paged ? t("form.limit.paged", { rows: model.defaultLimit ?? 0 }) : t("form.limit.whole")}
                validationMessage={limitMessages?.join(" ")}
                validationState={limitMessages?.length ? "error" : "none"}
              >
                <Input
                  className={controls.control}
                  id={fieldId("limit")}
                  inputMode="numeric"
                  value={draft.limit}
                  onChange={(_, d) => onDraft({ limit: d.value })}
                  onBlur={() => onTouch("limit")}
                />
              </Field>
            )}
          </div>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}

export function QueryForm({ model, draft, onValue, onDraft, onTouch, shown, now }: QueryFormProps) {
  const styles = useStyles();
  const layout = useLayoutStyles();
  const values: FormValues = draft.values;
  const render = (field: FormModel["main"][number]) => (
    <ParamField
      key={field.name}
      field={field}
      value={values[field.name] ?? null}
      onChange={(v) => onValue(field.name, v)}
      onBlur={() => onTouch(field.name)}
      messages={shown.byField[field.name]}
      now={now}
      switchValue={field.control.type === "weekOrMonth" ? values[field.control.switchParam] : undefined}
      market={values.marketplace}
    />
  );
  const { commonFilters, commonRanges } = splitCommon(model);
  const renderRange = (pair: RangePair) => (
    <fieldset key={pair.base} className={styles.fieldset}>
      <legend className={styles.pairLegend}>{pair.label}</legend>
      <div className={mergeClasses(layout.gridRow, styles.pair)}>
        {render(pair.min)}
        {render(pair.max)}
      </div>
    </fieldset>
  );
  return (
    <div className={layout.stackTight}>
      {model.main.map(render)}
      {commonFilters.map(render)}
      {commonRanges.map(renderRange)}
      <MoreFilters model={model} values={values} shown={shown} render={render} renderRange={renderRange} />
      <OutputSection model={model} draft={draft} onDraft={onDraft} onTouch={onTouch} shown={shown} render={render} />
    </div>
  );
}
