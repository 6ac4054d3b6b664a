/**
 * The team relay's alerts, from the pane (docs/alerts.md): list the member's, check one and price it
 * (`PUT …?dryRun=1`, saving nothing), save, mute or unmute (`PATCH`), delete. Only with a team relay (the stored
 * credential is a member token): the token goes as `Authorization: Bearer` to the relay's own address, as the
 * engine sends it; never elsewhere, never a redirect. A refusal keeps the relay's stable `problem` and its detail
 * (the position in the condition, the fields the answer has), so the form shows it on the field it names.
 */
import {
  ALERT_PROBLEMS,
  type AlertCost,
  type AlertProblem,
  type AlertRequest,
  type AlertView,
} from "../../relay-api/alerts";
import type { Settings } from "../../engine";
import { t } from "../../i18n";
import { problemIn, RelayRefusal, relayRefusalOf, relayRequest, refusalMessage } from "../shared/relay-request";

/** What the relay refused, in its words (the requester's language) with its stable name, one of ALERT_PROBLEMS. */
export class AlertRefusal extends RelayRefusal<AlertProblem> {
  declare readonly problem: AlertProblem;

  constructor(message: string, problem: AlertProblem, status: number, detail: Readonly<Record<string, unknown>>) {
    super(message, problem, status, message, detail);
  }
}

/** A checked alert: the relay's view of it and what it costs a month. */
type CheckedAlert = AlertView & { readonly cost: AlertCost; readonly saved: boolean };

export interface AlertClient {
  list(): Promise<AlertView[]>;
  /** Checks and prices the alert; nothing is saved. */
  check(id: string, request: AlertRequest): Promise<CheckedAlert>;
  save(id: string, request: AlertRequest): Promise<CheckedAlert>;
  mute(id: string, muted: boolean): Promise<AlertView>;
  remove(id: string): Promise<void>;
}

/** The client for these settings, or null when they are not a team relay's. */
export function alertClient(
  settings: Settings,
  language: string,
  fetchFn: typeof fetch = (...a) => fetch(...a),
): AlertClient | null {
  const call = relayRequest(settings, {
    base: "/v1/alerts",
    fetchFn,
    headers: { "accept-language": language },
    unreachable: () => t("alerts.unreachable"),
    refused: (answer, status) => {
      const problem = problemIn(answer, ALERT_PROBLEMS);
      if (!problem)
        return relayRefusalOf(answer, status, ALERT_PROBLEMS, (message) => t("alerts.refused", { message }));
      return new AlertRefusal(
        refusalMessage(answer, status),
        problem,
        status,
        (answer.data ?? {}) as Record<string, unknown>,
      );
    },
  });
  if (!call) return null;
  const one = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    list: () => call<AlertView[]>("GET", ""),
    check: (id, request) => call<CheckedAlert>("PUT", `${one(id)}?dryRun=1`, request),
    save: (id, request) => call<CheckedAlert>("PUT", one(id), request),
    mute: (id, muted) => call<AlertView>("PATCH", one(id), { muted }),
    remove: async (id) => void (await call("DELETE", one(id))),
  };
}
