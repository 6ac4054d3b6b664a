/**
 * The query builder: pick an operation, fill its generated form, then preview, insert as formula or insert as
 * table from a sticky footer; progress, outcome and preview show at the top, in view. The client's validation runs on every change; a field shows its messages once touched, and every field
 * once an action was tried. Nothing is sent while anything is invalid.
 */
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  OptionGroup,
  ProgressBar,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useMemo, useRef, useState } from "react";
import { AbortError } from "../../api/errors";
import type { OperationCode } from "../../api/catalog";
import type { CellTarget } from "../host/host-adapter";
import {
  insertFormula,
  insertTable,
  planFormula,
  tableSpendQuestion,
  runPreview,
  type FormulaPlace,
  type LongWork,
  type PreviewResult,
  type ValidQuery,
  type WrittenFormula,
} from "./actions";
import { allFields, formModel, operationGroups } from "./form-model";
import { carryOver, initialValues, type FormValue, type QueryDraft } from "./form-values";
import { FIELD_PICKER, validateDraft, type InlineErrors } from "./inline-errors";
import { fieldId } from "./ParamField";
import { PreviewTable } from "./PreviewTable";
import { QueryForm } from "./QueryForm";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { useControlStyles } from "../shared/styles";
import { failureText, useServices } from "../shared/services";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  busyLine: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  // A sticky footer: the buttons stay in view however long the form is.
  actions: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalS,
    position: "sticky",
    bottom: 0,
    zIndex: 1,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

const GROUPS = operationGroups();
const titleOf = (code: OperationCode) =>
  GROUPS.flatMap((g) => g.operations).find((o) => o.code === code)?.title ?? code;

function freshDraft(code: OperationCode): QueryDraft {
  return { values: initialValues(formModel(code)), fields: [], limit: "" };
}

type Outcome = { kind: "success" | "error" | "info"; text: string } | null;

/** Only the messages of fields that should show theirs now. */
function visible(errors: InlineErrors, touched: ReadonlySet<string>, attempted: boolean): InlineErrors {
  if (attempted) return errors;
  const byField = Object.fromEntries(Object.entries(errors.byField).filter(([name]) => touched.has(name)));
  return { byField, general: [], count: Object.keys(byField).length };
}

export function QueryBuilder() {
  const { engine, host, now } = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const [code, setCode] = useState<OperationCode>("product_research");
  const [draft, setDraft] = useState<QueryDraft>(() => freshDraft("product_research"));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  /** Pages read of the running query ("page 7 of 20"); null before the first report or when nothing runs. */
  const [pages, setPages] = useState<{ done: number; total: number } | null>(null);
  /** Cancel aborts the running query; set only while a Preview or Insert as table is fetching. */
  const running = useRef<AbortController | null>(null);
  const [cancellable, setCancellable] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  /** Insert as formula found cells in use: the pane asks before writing anything. */
  /** Insert as table would spend many calls (or more than are left): the pane asks first. */
  const [spend, setSpend] = useState<{ q: ValidQuery; question: string } | null>(null);
  const [overwrite, setOverwrite] = useState<{ q: ValidQuery; place: FormulaPlace } | null>(null);

  const model = formModel(code);
  // The clock of pickers and date rules, read once: a pane left open over midnight keeps yesterday's choices.
  const [today] = useState(now);
  const validation = useMemo(() => validateDraft(model, draft, today), [model, draft, today]);
  const shown = visible(validation.errors, touched, attempted);

  const pick = (next: OperationCode) => {
    setCode(next);
    setDraft((d) => carryOver(formModel(code), d, formModel(next)));
    setTouched(new Set());
    setAttempted(false);
    setOutcome(null);
    setPreview(null);
    setOverwrite(null);
    setSpend(null);
  };

  const onValue = (name: string, value: FormValue) => {
    setDraft((d) => {
      const values = { ...d.values, [name]: value };
      // A date whose format follows this parameter (order words' date after reverseType) starts over.
      for (const f of allFields(model))
        if (f.control.type === "weekOrMonth" && f.control.switchParam === name) values[f.name] = "";
      return { ...d, values };
    });
    setTouched((t) => new Set(t).add(name));
  };

  /** The validated query, or null after showing every message and focusing the first invalid field. */
  const validQuery = (): ValidQuery | null => {
    setAttempted(true);
    if (!validation.params) {
      const first = [...allFields(model).map((f) => f.name), FIELD_PICKER, "limit"].find(
        (name) => validation.errors.byField[name],
      );
      if (first) document.getElementById(fieldId(first))?.focus();
      setOutcome({
        kind: "error",
        text: `Correct the ${validation.errors.count === 1 ? "marked field" : `${validation.errors.count} marked problems`} first; nothing was sent.`,
      });
      return null;
    }
    return {
      code,
      params: validation.params,
      fields: draft.fields,
      ...(validation.limit === undefined ? {} : { limit: validation.limit }),
    };
  };

  /**
   * Runs one action with the busy line on; `work` gets a cancel signal and a page counter for the query it runs.
   * A cancelled action has written nothing (the actions check the signal before writing) and says so.
   */
  const perform = async (label: string, work: (long: LongWork) => Promise<Outcome>) => {
    const controller = new AbortController();
    running.current = controller;
    setBusy(label);
    setPages(null);
    setOutcome(null);
    const long: LongWork = {
      signal: controller.signal,
      onPage: (done, total) => {
        setCancellable(true);
        if (!controller.signal.aborted) setPages({ done, total });
      },
    };
    try {
      setOutcome(await work(long));
    } catch (error) {
      setOutcome(
        controller.signal.aborted && error instanceof AbortError
          ? { kind: "info", text: "Cancelled: nothing was written or shown." }
          : { kind: "error", text: failureText(error) },
      );
    } finally {
      if (running.current === controller) running.current = null;
      setCancellable(false);
      setPages(null);
      setBusy(null);
    }
  };
  const act = async (label: string, work: (q: ValidQuery, long: LongWork) => Promise<Outcome>) => {
    const q = validQuery();
    if (!q) return;
    await perform(label, (long) => work(q, long));
  };
  const cancel = () => running.current?.abort(new AbortError());

  const onPreview = () =>
    act("Running the preview…", async (q, long) => {
      const result = await runPreview(engine, q, 20, long);
      setPreview(result);
      return null;
    });
  const formulaOutcome = (written: WrittenFormula): Outcome =>
    written.error
      ? {
          kind: "error",
          text: `Wrote ${written.formula} at ${written.sheet}!${written.address}, but the cell shows ${written.error}.${written.error === "#SPILL!" ? " Cells in the way block its result: clear them or move the formula." : " Select the cell to see why."}`,
        }
      : {
          kind: "success",
          text: `Wrote the filter block and ${written.formula} at ${written.sheet}!${written.address}. Edit a value in the block and the formula recomputes.`,
        };
  const onInsertFormula = () =>
    act("Checking the place for the formula…", async (q) => {
      setOverwrite(null);
      const place = await planFormula(host, q);
      if (place.occupied.length || place.outside) {
        setOverwrite({ q, place });
        return null;
      }
      return formulaOutcome(await insertFormula(host, q, place.at));
    });
  const writeFormulaAt = async (q: ValidQuery, at: CellTarget) => {
    setOverwrite(null);
    setBusy("Writing the formula…");
    setOutcome(null);
    try {
      setOutcome(formulaOutcome(await insertFormula(host, q, at)));
    } catch (error) {
      setOutcome({ kind: "error", text: failureText(error) });
    } finally {
      setBusy(null);
    }
  };
  const declineOverwrite = () => {
    setOverwrite(null);
    setOutcome({ kind: "info", text: "Nothing was written." });
  };
  const writeTable = async (q: ValidQuery, long: LongWork): Promise<Outcome> => {
    const { table, callsSpent } = await insertTable(engine, host, q, long);
    return {
      kind: "success",
      text: `Created table ${table.name} at ${table.sheet}!${table.address} with ${table.rowCount} rows (${callsSpent} call${callsSpent === 1 ? "" : "s"}).`,
    };
  };
  const onInsertTable = () =>
    act("Fetching the rows and writing the table…", async (q, long) => {
      setSpend(null);
      const question = await tableSpendQuestion(engine, q);
      if (question) {
        setSpend({ q, question });
        return null;
      }
      return writeTable(q, long);
    });
  const confirmSpend = async (q: ValidQuery) => {
    setSpend(null);
    await perform("Fetching the rows and writing the table…", (long) => writeTable(q, long));
  };

  return (
    <section className={styles.root} aria-label="Query builder">
      {/* Progress, outcome and preview first: in view while the form below scrolls. */}
      {spend && (
        <AskBeforeSpending
          title="Insert as table asks first"
          question={`${spend.question} Go ahead?`}
          confirmLabel="Insert the table"
          onConfirm={() => void confirmSpend(spend.q)}
          onCancel={() => {
            setSpend(null);
            setOutcome({ kind: "info", text: "Nothing was fetched." });
          }}
        />
      )}
      {overwrite && (
        <MessageBar intent="warning" layout="multiline" aria-label="Cells in use">
          <MessageBarBody className={controls.message}>
            <MessageBarTitle>
              {overwrite.place.outside ? "The formula does not fit here." : "Cells in the way are not empty."}
            </MessageBarTitle>
            {overwrite.place.outside ??
              `The filter block and the formula's result from ${overwrite.place.at.address} would overwrite ${overwrite.place.occupied.join(", ")}.`}
            {overwrite.place.nextFree && ` The next free place is ${overwrite.place.nextFree.address}.`}
          </MessageBarBody>
          <MessageBarActions>
            {!overwrite.place.outside && (
              <Button onClick={() => void writeFormulaAt(overwrite.q, overwrite.place.at)}>Overwrite</Button>
            )}
            {overwrite.place.nextFree && (
              <Button appearance="primary" onClick={() => void writeFormulaAt(overwrite.q, overwrite.place.nextFree!)}>
                {`Use the next free place (${overwrite.place.nextFree.address})`}
              </Button>
            )}
            <Button onClick={declineOverwrite}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {busy && (
        <ProgressBar aria-label={busy} {...(pages && pages.total > 0 ? { value: pages.done / pages.total } : {})} />
      )}
      {busy && (
        <div className={styles.busyLine}>
          <Text>{pages && pages.total > 1 ? `${busy} Page ${pages.done} of ${pages.total}.` : busy}</Text>
          {cancellable && (
            <Button size="small" onClick={cancel}>
              Cancel
            </Button>
          )}
        </div>
      )}
      <div aria-live="polite">
        {outcome && (
          <MessageBar layout="multiline" intent={outcome.kind}>
            <MessageBarBody className={controls.message}>{outcome.text}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {preview && (
        <>
          <Text aria-live="polite">
            {`Showing ${preview.rows.length} of ${preview.total ?? preview.rows.length} rows. This preview cost ${preview.callsSpent} call${preview.callsSpent === 1 ? "" : "s"}${preview.fromCache ? " (from the cache)" : ""}.`}
          </Text>
          <PreviewTable header={preview.header} rows={preview.rows} caption={`Preview of ${model.title}`} />
        </>
      )}
      <Field label="Operation" hint={model.description}>
        <Dropdown
          className={controls.control}
          value={titleOf(code)}
          selectedOptions={[code]}
          onOptionSelect={(_, d) => d.optionValue && pick(d.optionValue as OperationCode)}
        >
          {GROUPS.map((g) => (
            <OptionGroup key={g.group} label={g.label}>
              {g.operations.map((o) => (
                <Option key={o.code} value={o.code} text={o.title}>
                  {`${o.title} (MAD.${o.fn})`}
                </Option>
              ))}
            </OptionGroup>
          ))}
        </Dropdown>
      </Field>
      <QueryForm
        key={code}
        model={model}
        draft={draft}
        onValue={onValue}
        onDraft={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        onTouch={(name) => setTouched((t) => new Set(t).add(name))}
        shown={shown}
        now={today}
      />
      {shown.general.length > 0 && (
        <MessageBar layout="multiline" intent="error">
          <MessageBarBody className={controls.message}>{shown.general.join(" ")}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions} role="group" aria-label="Query actions">
        <Button appearance="primary" disabled={busy !== null} onClick={onPreview}>
          Preview
        </Button>
        <Button disabled={busy !== null} onClick={onInsertFormula}>
          Insert as formula
        </Button>
        <Button disabled={busy !== null} onClick={onInsertTable}>
          Insert as table
        </Button>
      </div>
    </section>
  );
}
