/**
 * The query builder: pick an operation, fill its generated form, then preview, insert as formula or insert as
 * table from a sticky footer; progress, outcome and preview show at the top, in view. The client's validation runs on every change; a field shows its messages once touched, and every field
 * once an action was tried. Nothing is sent while anything is invalid.
 */
import {
  Button,
  Checkbox,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import type { OperationCode } from "../../api/catalog";
import type { CellTarget } from "../host/host-adapter";
import {
  insertFormula,
  insertTable,
  planFormula,
  planTable,
  tableSpendQuestion,
  runPreview,
  type FormulaPlace,
  type PreviewResult,
  type TablePlace,
  type ValidQuery,
  type WrittenFormula,
} from "./actions";
import { allFields, formModel } from "./form-model";
import { OperationPicker } from "./OperationPicker";
import { carryOver, initialValues, type FormValue, type QueryDraft } from "./form-values";
import { FIELD_PICKER, validateDraft, type InlineErrors } from "./inline-errors";
import { fieldId } from "./ParamField";
import { PreviewTable } from "./PreviewTable";
import { asinColumnOf } from "../report-model/table-cards";
import { QueryForm } from "./QueryForm";
import { AskBeforeSpending } from "../shared/AskBeforeSpending";
import { AskInPlace } from "../shared/AskInPlace";
import { useControlStyles } from "../shared/styles";
import { OutcomeBar } from "../shared/OutcomeBar";
import { useServices } from "../shared/services";
import { useAction, type ActionWork, type Outcome } from "../shared/use-action";
import { t } from "../../i18n";

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

function freshDraft(code: OperationCode): QueryDraft {
  return { values: initialValues(formModel(code)), fields: [], limit: "" };
}

/** Only the messages of fields that should show theirs now. */
function visible(errors: InlineErrors, touched: ReadonlySet<string>, attempted: boolean): InlineErrors {
  if (attempted) return errors;
  const byField = Object.fromEntries(Object.entries(errors.byField).filter(([name]) => touched.has(name)));
  return { byField, general: [], count: Object.keys(byField).length };
}

export function QueryBuilder() {
  const { engine, host, clock } = useServices();
  const styles = useStyles();
  const controls = useControlStyles();
  const [code, setCode] = useState<OperationCode>("product_research");
  const [draft, setDraft] = useState<QueryDraft>(() => freshDraft("product_research"));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const { busy, progress: pages, cancellable, outcome, setOutcome, perform, cancel } = useAction();
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  /** Insert as table would spend many calls (or more than are left): the pane asks first. */
  const [spend, setSpend] = useState<{ q: ValidQuery; question: string; where: TablePlace } | null>(null);
  /** Insert as formula or as table found cells in use (or no room): the pane asks before writing anything. */
  const [overwrite, setOverwrite] = useState<{ q: ValidQuery; place: FormulaPlace; what: "formula" | "table" } | null>(
    null,
  );

  /** Whether this host's cells hold data types (product cards), asked once. */
  const [canCards, setCanCards] = useState(false);
  const [cards, setCards] = useState(false);
  useEffect(() => {
    let live = true;
    void host
      .dataTypeSupport?.()
      .then((ok) => live && setCanCards(ok))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [host]);
  const cardColumn = canCards ? asinColumnOf(code, draft.fields) : undefined;

  const model = formModel(code);
  // The clock of pickers and date rules, read once: a pane left open over midnight keeps yesterday's choices.
  const [today] = useState(() => new Date(clock.now()));
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
      setOutcome({ kind: "error", text: t("build.correctFirst", { problems: validation.errors.count }) });
      return null;
    }
    return {
      code,
      params: validation.params,
      fields: draft.fields,
      ...(validation.limit === undefined ? {} : { limit: validation.limit }),
      ...(validation.history ? { history: validation.history } : {}),
      ...(cards && cardColumn ? { cards: true } : {}),
    };
  };

  const act = async (label: string, work: (q: ValidQuery, long: ActionWork) => Promise<Outcome | null>) => {
    const q = validQuery();
    if (!q) return;
    await perform(label, (long) => work(q, long));
  };

  const onPreview = () =>
    act(t("build.busy.preview"), async (q, long) => {
      const result = await runPreview(engine, q, 20, long);
      setPreview(result);
      return null;
    });
  const formulaOutcome = (written: WrittenFormula): Outcome => {
    const at = `${written.sheet}!${written.address}`;
    return written.error
      ? {
          kind: "error",
          text: t("build.formula.showsError", {
            formula: written.formula,
            at,
            error: written.error,
            spill: written.error === "#SPILL!" ? "yes" : "no",
          }),
        }
      : { kind: "success", text: t("build.formula.written", { formula: written.formula, at }) };
  };
  const onInsertFormula = () =>
    act(t("build.busy.checkPlace"), async (q) => {
      setOverwrite(null);
      const place = await planFormula(host, q);
      if (place.occupied.length || place.outside) {
        setOverwrite({ q, place, what: "formula" });
        return null;
      }
      return formulaOutcome(await insertFormula(host, q, place.at));
    });
  const writeFormulaAt = async (q: ValidQuery, at: CellTarget) => {
    setOverwrite(null);
    await perform(t("build.busy.writeFormula"), async () => formulaOutcome(await insertFormula(host, q, at)));
  };
  const declineOverwrite = () => {
    // A table asks before fetching: declining it fetched nothing either.
    const text = overwrite?.what === "table" ? t("build.nothingFetched") : t("build.nothingWritten");
    setOverwrite(null);
    setOutcome({ kind: "info", text });
  };
  const writeTable = async (q: ValidQuery, long: ActionWork, where: TablePlace): Promise<Outcome> => {
    const { table, callsSpent, cards: carded } = await insertTable(engine, host, q, long, where);
    const at = `${table.sheet}!${table.address}`;
    const created = t("build.table.created", { name: table.name, at, rows: table.rowCount, calls: callsSpent });
    return { kind: "success", text: carded ? `${created} ${t("build.table.cardsWritten")}` : created };
  };
  /** With the place settled: asks first when the table spends many calls, else writes it. */
  const tableAt = async (q: ValidQuery, long: ActionWork, where: TablePlace): Promise<Outcome | null> => {
    const question = await tableSpendQuestion(engine, q);
    if (question) {
      setSpend({ q, question, where });
      return null;
    }
    return writeTable(q, long, where);
  };
  const onInsertTable = () =>
    act(t("build.busy.checkTablePlace"), async (q, long) => {
      setSpend(null);
      setOverwrite(null);
      const place = await planTable(host, q);
      if (place.occupied.length || place.outside) {
        setOverwrite({ q, place, what: "table" });
        return null;
      }
      return tableAt(q, long, { at: place.at });
    });
  const placeTableAt = async (q: ValidQuery, where: TablePlace) => {
    setOverwrite(null);
    await perform(t("build.busy.table"), (long) => tableAt(q, long, where));
  };
  const confirmSpend = async (q: ValidQuery, where: TablePlace) => {
    setSpend(null);
    await perform(t("build.busy.table"), (long) => writeTable(q, long, where));
  };
  /** The person's answer to "cells in use": write over them, or at the next free place. */
  const chooseOverwrite = (at: CellTarget, over: boolean) => {
    if (!overwrite) return;
    if (overwrite.what === "formula") void writeFormulaAt(overwrite.q, at);
    else void placeTableAt(overwrite.q, { at, overwrite: over });
  };

  return (
    <section className={styles.root} aria-label={t("build.label")}>
      {/* Progress, outcome and preview first: in view while the form below scrolls. */}
      {spend && (
        <AskBeforeSpending
          title={t("build.table.askTitle")}
          question={t("ask.goAhead", { question: spend.question })}
          confirmLabel={t("build.table.confirm")}
          onConfirm={() => void confirmSpend(spend.q, spend.where)}
          onCancel={() => {
            setSpend(null);
            setOutcome({ kind: "info", text: t("build.nothingFetched") });
          }}
        />
      )}
      {overwrite && (
        <AskInPlace
          label={t("build.overwrite.label")}
          title={
            overwrite.place.outside
              ? t(overwrite.what === "table" ? "build.table.doesNotFitHere" : "build.overwrite.doesNotFit")
              : t("build.overwrite.notEmpty")
          }
          question={`${
            overwrite.place.outside ??
            t(overwrite.what === "table" ? "build.table.would" : "build.overwrite.would", {
              at: overwrite.place.at.address,
              cells: overwrite.place.occupied.join(", "),
            })
          }${overwrite.place.nextFree ? t("build.overwrite.nextFree", { at: overwrite.place.nextFree.address }) : ""}`}
          choices={[
            ...(overwrite.place.outside
              ? []
              : [{ label: t("build.overwrite.confirm"), onChoose: () => chooseOverwrite(overwrite.place.at, true) }]),
            ...(overwrite.place.nextFree
              ? [
                  {
                    label: t("build.overwrite.useNextFree", { at: overwrite.place.nextFree.address }),
                    primary: true,
                    onChoose: () => chooseOverwrite(overwrite.place.nextFree!, false),
                  },
                ]
              : []),
            { label: t("action.cancel"), onChoose: declineOverwrite },
          ]}
        />
      )}
      {busy && (
        <ProgressBar aria-label={busy} {...(pages && pages.total > 0 ? { value: pages.done / pages.total } : {})} />
      )}
      {busy && (
        <div className={styles.busyLine}>
          <Text>
            {pages && pages.total > 1 ? t("build.busy.pages", { busy, done: pages.done, total: pages.total }) : busy}
          </Text>
          {cancellable && (
            <Button size="small" onClick={cancel}>
              {t("action.cancel")}
            </Button>
          )}
        </div>
      )}
      <OutcomeBar outcome={outcome} />
      {preview && (
        <>
          <Text aria-live="polite">
            {t("build.preview.shown", {
              shown: preview.rows.length,
              total: preview.total ?? preview.rows.length,
              calls: preview.callsSpent,
              cached: preview.fromCache ? "yes" : "no",
            })}
          </Text>
          <PreviewTable
            header={preview.header}
            rows={preview.rows}
            caption={t("build.preview.caption", { title: model.title })}
          />
        </>
      )}
      <OperationPicker code={code} hint={model.description} onPick={pick} />
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
      {cardColumn && (
        <Checkbox
          checked={cards}
          onChange={(_, d) => setCards(d.checked === true)}
          label={t("build.table.cards", { column: cardColumn })}
        />
      )}
      <div className={styles.actions} role="group" aria-label={t("build.actions")}>
        <Button appearance="primary" disabled={busy !== null} onClick={onPreview}>
          {t("build.preview")}
        </Button>
        <Button disabled={busy !== null} onClick={onInsertFormula}>
          {t("build.insertFormula")}
        </Button>
        <Button disabled={busy !== null} onClick={onInsertTable}>
          {t("build.insertTable")}
        </Button>
      </div>
    </section>
  );
}
