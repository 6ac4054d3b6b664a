/**
 * The Alerts tab's state: whether this workbook's connection is a team relay (alerts run there), the member's
 * alerts with mute and delete, and where an alert's formula comes from (the active cell, or one of the workbook's
 * MAD formulas, a report's sections included).
 */
import { useCallback, useEffect, useState } from "react";
import type { AlertView } from "../../relay-api/alerts";
import { currentLocale, t } from "../../i18n";
import type { CellTarget, FormulaCell, HostAdapter } from "../host/host-adapter";
import type { PaneServices } from "../shared/services";
import type { Action } from "../shared/use-action";
import { alertClient, type AlertClient } from "./alert-client";
import { fieldChoices, formulaWithValues, suggestedName, UnreadableReference, type FieldChoice } from "./alert-source";

/** The relay's alerts client, read again each time the tab shows (the Connection tab may have changed it). */
export function useAlertClient(services: Pick<PaneServices, "engine">, active: boolean) {
  const [client, setClient] = useState<AlertClient | null | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let live = true;
    services.engine.readSettings().then(
      (settings) => live && setClient(alertClient(settings, currentLocale())),
      () => live && setClient(null),
    );
    return () => {
      live = false;
    };
  }, [services.engine, active]);
  return client;
}

export interface AlertList {
  readonly alerts: readonly AlertView[] | null;
  readonly reload: () => Promise<void>;
  readonly mute: (alert: AlertView) => Promise<void>;
  readonly remove: (alert: AlertView) => Promise<void>;
}

/** The member's alerts, listed at once and after every change; mute and delete run through the list's action. */
export function useAlertList(client: AlertClient, action: Action): AlertList {
  const [alerts, setAlerts] = useState<readonly AlertView[] | null>(null);
  const reload = useCallback(async () => setAlerts(await client.list()), [client]);
  useEffect(() => {
    void action.perform(t("alerts.list.loading"), async () => (await reload(), null));
    // Listed once per client (the action is the panel's, stable in what it does); the buttons reload after a change.
  }, [reload]);
  const mute = (alert: AlertView) =>
    action.perform(alert.muted ? t("alerts.unmuting") : t("alerts.muting"), async () => {
      await client.mute(alert.id, !alert.muted);
      await reload();
      return {
        kind: "success",
        text: alert.muted ? t("alerts.unmuted", { name: alert.name }) : t("alerts.muted", { name: alert.name }),
      };
    });
  const remove = (alert: AlertView) =>
    action.perform(t("alerts.deleting"), async () => {
      await client.remove(alert.id);
      await reload();
      return { kind: "success", text: t("alerts.deleted", { name: alert.name }) };
    });
  return { alerts, reload, mute, remove };
}

/** An alert's starting point, read from a formula cell. */
export interface AlertSource {
  readonly cell: CellTarget;
  /** The formula with the values its references read now. */
  readonly query: string;
  readonly name: string;
  readonly fields: readonly FieldChoice[];
}

/** Reads a cell into an alert's source; why not (no MAD formula there, a reference that cannot be read) as an Error. */
export async function readSource(host: HostAdapter, selected: CellTarget): Promise<AlertSource> {
  const { address, formula, header } = await host.readFormulaAt(selected);
  const cell = { sheet: selected.sheet, address };
  const where = `${cell.sheet}!${cell.address}`;
  if (!formula || !/\bMAD\./i.test(formula)) throw new Error(t("alerts.source.notMad", { cell: where }));
  let query: string;
  try {
    query = await formulaWithValues(formula, cell.sheet, (target) => host.readRange(target));
  } catch (error) {
    if (error instanceof UnreadableReference)
      throw new Error(t("alerts.source.reference", { cell: where, reference: error.reference }));
    throw error;
  }
  return { cell, query, name: suggestedName(query), fields: fieldChoices(query, header) };
}

/** The workbook's MAD formulas, listed when the tab shows. */
export function useWorkbookFormulas(host: HostAdapter, active: boolean): readonly FormulaCell[] {
  const [cells, setCells] = useState<readonly FormulaCell[]>([]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    host.listMadFormulas().then(
      (found) => live && setCells(found),
      () => live && setCells([]),
    );
    return () => {
      live = false;
    };
  }, [host, active]);
  return cells;
}
