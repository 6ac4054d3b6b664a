/**
 * The generated form of one operation: required fields, filters, min/max pairs side by side, then the output
 * options (columns, order, limit). Pure rendering: state and validation live in the QueryBuilder.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  tokens,
} from "@fluentui/react-components";
import type { FormModel } from "../model/form-model";
import type { FormValue, FormValues, QueryDraft } from "../model/form-values";
import { FIELD_PICKER, type InlineErrors } from "../model/inline-errors";
import { fieldId, ParamField } from "./ParamField";
import { useControlStyles } from "./styles";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  pair: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
    gap: tokens.spacingHorizontalS,
    alignItems: "start",
  },
  pairLegend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  fieldset: { border: "none", margin: 0, padding: 0 },
});

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

export function QueryForm({ model, draft, onValue, onDraft, onTouch, shown, now }: QueryFormProps) {
  const styles = useStyles();
  const controls = useControlStyles();
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
  const filtersSet = model.filters.filter((f) => isSet(values[f.name])).length;
  const rangesSet = model.ranges.filter((r) => isSet(values[r.min.name]) || isSet(values[r.max.name])).length;
  const sections = ["filters", "ranges", "output"].filter((s) =>
    s === "filters" ? model.filters.length : s === "ranges" ? model.ranges.length : true,
  );
  const fieldMessages = shown.byField[FIELD_PICKER];
  const limitMessages = shown.byField.limit;

  return (
    <div className={styles.section}>
      {model.main.map(render)}
      <Accordion multiple collapsible defaultOpenItems={sections}>
        {model.filters.length > 0 && (
          <AccordionItem value="filters">
            <AccordionHeader as="h3">{`Filters (${filtersSet} set)`}</AccordionHeader>
            <AccordionPanel>
              <div className={styles.section}>{model.filters.map(render)}</div>
            </AccordionPanel>
          </AccordionItem>
        )}
        {model.ranges.length > 0 && (
          <AccordionItem value="ranges">
            <AccordionHeader as="h3">{`Ranges (${rangesSet} set)`}</AccordionHeader>
            <AccordionPanel>
              <div className={styles.section}>
                {model.ranges.map((pair) => (
                  <fieldset key={pair.base} className={styles.fieldset}>
                    <legend className={styles.pairLegend}>{pair.base}</legend>
                    <div className={styles.pair}>
                      {render(pair.min)}
                      {render(pair.max)}
                    </div>
                  </fieldset>
                ))}
              </div>
            </AccordionPanel>
          </AccordionItem>
        )}
        <AccordionItem value="output">
          <AccordionHeader as="h3">Columns, order and rows</AccordionHeader>
          <AccordionPanel>
            <div className={styles.section}>
              <Field
                label="fields"
                hint="The columns to return, in the order picked; none picked = all columns."
                validationMessage={fieldMessages?.join(" ")}
                validationState={fieldMessages?.length ? "error" : "none"}
              >
                <Dropdown
                  className={controls.control}
                  id={fieldId(FIELD_PICKER)}
                  multiselect
                  placeholder="All columns"
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
              {model.order && render(model.order)}
              <Field
                label="limit"
                hint={
                  model.paged
                    ? `Rows wanted (1 to 2,000); pages through the results, one call per page. Empty = one page${model.defaultLimit ? ` (${model.defaultLimit} rows)` : ""}.`
                    : "Rows wanted (1 to 2,000); this operation returns everything in one call. Empty = all rows."
                }
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
            </div>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </div>
  );
}
