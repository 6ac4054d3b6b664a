/**
 * The Alert me form's state: the draft, the condition picker's rows (which write the `when` text), the columns the
 * formula's answer has, the relay's check of the draft (its cost a month, or its refusal on the field it names,
 * asked with `?dryRun=1` a moment after the person stops typing) and saving.
 */
import { useEffect, useRef, useState } from "react";
import type { AlertCost } from "../../relay-api/alerts";
import { t } from "../../i18n";
import type { Action } from "../shared/use-action";
import {
  alertRequest,
  conditionText,
  draftFor,
  draftProblems,
  fieldOfProblem,
  newAlertId,
  type AlertDraft,
  type AlertLanguage,
  type ConditionRow,
  type FieldProblems,
} from "./alert-form";
import { AlertRefusal, type AlertClient } from "./alert-client";
import type { AlertSource } from "./use-alerts";
import type { FieldChoice } from "./alert-source";

/** How long after the last change the relay is asked to check and price the draft. */
const CHECK_AFTER_MS = 600;

const NEW_ROWS: ConditionRow = { kind: "new", field: "", op: "<", number: "" };

export interface AlertForm {
  readonly draft: AlertDraft;
  readonly rows: readonly ConditionRow[];
  readonly join: "and" | "or";
  readonly fields: readonly FieldChoice[];
  readonly source: AlertSource | null;
  /** The relay's price of the draft as it is now; null until it checked one. */
  readonly cost: AlertCost | null;
  readonly checking: boolean;
  /** The pane's own findings and the relay's refusal, by field. */
  readonly problems: FieldProblems;
  readonly change: (patch: Partial<AlertDraft>) => void;
  readonly setRows: (rows: readonly ConditionRow[], join: "and" | "or") => void;
  readonly takeSource: (source: AlertSource) => void;
  readonly save: () => Promise<void>;
}

const refusalProblems = (error: unknown): FieldProblems | null =>
  error instanceof AlertRefusal ? { [fieldOfProblem(error.problem)]: error.message } : null;

/** Asks the relay to check and price the draft a moment after it changed; its answer for the latest draft only. */
function useRelayCheck(client: AlertClient, draft: AlertDraft, ready: boolean) {
  const [cost, setCost] = useState<AlertCost | null>(null);
  const [refused, setRefused] = useState<FieldProblems>({});
  const [checking, setChecking] = useState(false);
  const id = useRef(newAlertId());
  useEffect(() => {
    setRefused({});
    if (!ready) return setCost(null);
    let live = true;
    const timer = setTimeout(() => {
      setChecking(true);
      client
        .check(id.current, alertRequest(draft))
        .then(
          (checked) => live && (setCost(checked.cost), setRefused({})),
          (error: unknown) =>
            live && (setCost(null), setRefused(refusalProblems(error) ?? { form: (error as Error).message })),
        )
        .finally(() => live && setChecking(false));
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, draft, ready]);
  return { cost, refused, setRefused, checking, id };
}

/** Before the person tries to save, only what they typed is checked aloud (an empty field is not yet a mistake). */
const typedProblems = (draft: AlertDraft, local: FieldProblems): FieldProblems =>
  Object.fromEntries(
    (["name", "query", "when", "deliver"] as const).flatMap((field) =>
      draft[field].trim() && local[field] ? [[field, local[field]]] : [],
    ),
  );

export function useAlertForm(
  client: AlertClient,
  language: AlertLanguage,
  action: Action,
  onSaved: () => Promise<void>,
): AlertForm {
  const [draft, setDraft] = useState<AlertDraft>(() => draftFor("", "", language));
  const [rows, setPickerRows] = useState<readonly ConditionRow[]>([NEW_ROWS]);
  const [join, setJoin] = useState<"and" | "or">("or");
  const [source, setSource] = useState<AlertSource | null>(null);
  const [tried, setTried] = useState(false);
  const local = draftProblems(draft);
  const ready = draft.query.trim() !== "" && Object.keys(local).length === 0;
  const check = useRelayCheck(client, draft, ready);
  const shown: FieldProblems = { ...(tried ? local : typedProblems(draft, local)), ...check.refused };

  const change = (patch: Partial<AlertDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setRows = (next: readonly ConditionRow[], nextJoin: "and" | "or") => {
    setPickerRows(next);
    setJoin(nextJoin);
    change({ when: conditionText(next, nextJoin) });
  };
  const takeSource = (found: AlertSource) => {
    setSource(found);
    setTried(false);
    change({ query: found.query, name: found.name });
  };
  const save = () =>
    action.perform(t("alerts.saving"), async () => {
      setTried(true);
      if (Object.keys(draftProblems(draft)).length) return { kind: "error", text: t("alerts.fixFirst") };
      try {
        const saved = await client.save(check.id.current, alertRequest(draft));
        check.id.current = newAlertId();
        // A webhook's URL carries its robot's key, a secret signs: once saved, the pane no longer holds them (the list
        // shows a destination in part, a secret never).
        change({ deliver: "", secrets: {} });
        await onSaved();
        setTried(false);
        return {
          kind: "success",
          text: t("alerts.saved", { name: saved.name, calls: saved.cost.callsPerMonth }),
        };
      } catch (error) {
        const problems = refusalProblems(error);
        if (!problems) throw error;
        check.setRefused(problems);
        return { kind: "error", text: t("alerts.notSaved") };
      }
    });
  const fields = source?.fields ?? [];
  const { cost, checking } = check;
  return { draft, rows, join, fields, source, cost, checking, problems: shown, change, setRows, takeSource, save };
}
