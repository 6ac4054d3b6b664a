/**
 * What the query builder's buttons do, as a hook: preview, insert as formula, insert as table. A formula or a
 * table that would land on cells in use (or not fit) asks before writing; a table that spends many calls asks
 * before fetching. Each runs through the builder's one action (busy line, progress, outcome).
 */
import { useState } from "react";
import type { CellTarget } from "../host/host-adapter";
import type { PaneServices } from "../shared/services";
import type { Action, ActionWork, Outcome } from "../shared/use-action";
import { t } from "../../i18n";
import {
  insertFormula,
  insertTable,
  planFormula,
  planTable,
  runPreview,
  tableSpendQuestion,
  type FormulaPlace,
  type PreviewResult,
  type TablePlace,
  type ValidQuery,
  type WrittenFormula,
} from "./actions";

/** Insert as table would spend many calls (or more than are left): the pane asks first. */
export interface SpendAsk {
  readonly q: ValidQuery;
  readonly question: string;
  readonly where: TablePlace;
}

/** Insert as formula or as table found cells in use (or no room): the pane asks before writing anything. */
export interface OverwriteAsk {
  readonly q: ValidQuery;
  readonly place: FormulaPlace;
  readonly what: "formula" | "table";
}

function formulaOutcome(written: WrittenFormula): Outcome {
  const at = `${written.sheet}!${written.address}`;
  if (!written.error) return { kind: "success", text: t("build.formula.written", { formula: written.formula, at }) };
  const spill = written.error === "#SPILL!" ? "yes" : "no";
  const values = { formula: written.formula, at, error: written.error, spill } as const;
  return { kind: "error", text: t("build.formula.showsError", values) };
}

/** A table written: where, how many rows and calls, and what became of its product cards. */
function tableOutcome({ table, callsSpent, cards }: Awaited<ReturnType<typeof insertTable>>): Outcome {
  const at = `${table.sheet}!${table.address}`;
  const created = t("build.table.created", { name: table.name, at, rows: table.rowCount, calls: callsSpent });
  const cardWords = { written: t("build.table.cardsWritten"), unavailable: t("build.table.cardsUnavailable") };
  const note = cards === "written" || cards === "unavailable" ? cardWords[cards] : undefined;
  return { kind: "success", text: note ? `${created} ${note}` : created };
}

export function useInsertActions(
  { engine, host }: Pick<PaneServices, "engine" | "host">,
  { perform, setOutcome }: Pick<Action, "perform" | "setOutcome">,
  validQuery: () => ValidQuery | null,
) {
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [spend, setSpend] = useState<SpendAsk | null>(null);
  const [overwrite, setOverwrite] = useState<OverwriteAsk | null>(null);
  const reset = () => {
    setPreview(null);
    setOverwrite(null);
    setSpend(null);
  };

  const act = async (label: string, work: (q: ValidQuery, long: ActionWork) => Promise<Outcome | null>) => {
    const q = validQuery();
    if (q) await perform(label, (long) => work(q, long));
  };
  const writeTable = async (q: ValidQuery, long: ActionWork, where: TablePlace): Promise<Outcome> =>
    tableOutcome(await insertTable(engine, host, q, long, where));
  /** With the place settled: asks first when the table spends many calls, else writes it. */
  const tableAt = async (q: ValidQuery, long: ActionWork, where: TablePlace): Promise<Outcome | null> => {
    const question = await tableSpendQuestion(engine, q);
    if (!question) return writeTable(q, long, where);
    setSpend({ q, question, where });
    return null;
  };
  /** Where the formula or table goes: asks first when its cells are in use or it does not fit. */
  const placed = async (q: ValidQuery, what: OverwriteAsk["what"]) => {
    if (what === "table") setSpend(null);
    setOverwrite(null);
    const place = what === "formula" ? await planFormula(host, q) : await planTable(host, q);
    if (!place.occupied.length && !place.outside) return place;
    setOverwrite({ q, place, what });
    return null;
  };

  return {
    preview,
    spend,
    overwrite,
    reset,
    onPreview: () =>
      act(t("build.busy.preview"), async (q, long) => {
        setPreview(await runPreview(engine, q, 20, long));
        return null;
      }),
    onInsertFormula: () =>
      act(t("build.busy.checkPlace"), async (q) => {
        const place = await placed(q, "formula");
        return place && formulaOutcome(await insertFormula(host, q, place.at));
      }),
    onInsertTable: () =>
      act(t("build.busy.checkTablePlace"), async (q, long) => {
        const place = await placed(q, "table");
        return place && tableAt(q, long, { at: place.at });
      }),
    confirmSpend: ({ q, where }: SpendAsk) => {
      setSpend(null);
      void perform(t("build.busy.table"), (long) => writeTable(q, long, where));
    },
    declineSpend: () => {
      setSpend(null);
      setOutcome({ kind: "info", text: t("build.nothingFetched") });
    },
    /** The person's answer to "cells in use": write over them, or at the next free place. */
    chooseOverwrite: (at: CellTarget, over: boolean) => {
      if (!overwrite) return;
      const { q } = overwrite;
      setOverwrite(null);
      if (overwrite.what === "formula")
        void perform(t("build.busy.writeFormula"), async () => formulaOutcome(await insertFormula(host, q, at)));
      else void perform(t("build.busy.table"), (long) => tableAt(q, long, { at, overwrite: over }));
    },
    declineOverwrite: () => {
      // A table asks before fetching: declining it fetched nothing either.
      const text = overwrite?.what === "table" ? t("build.nothingFetched") : t("build.nothingWritten");
      setOverwrite(null);
      setOutcome({ kind: "info", text });
    },
  };
}
