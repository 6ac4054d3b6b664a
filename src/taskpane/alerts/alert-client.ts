/**
 * The team relay's alerts, from the pane (docs/alerts.md): list the member's, check one and price it
 * (`PUT …?dryRun=1`, saving nothing), save, mute or unmute (`PATCH`), delete. Only with a team relay (the stored
 * credential is a member token): the token goes as `Authorization: Bearer` to the relay's own address, as the
 * engine sends it; never elsewhere, never a redirect. A refusal keeps the relay's stable `problem` and its detail
 * (the position in the condition, the fields the answer has), so the form shows it on the field it names.
 */
import { ALERT_PROBLEMS, type AlertCost, type AlertProblem, type AlertRequest, type AlertView } from "../../api/alerts";
import { isTeamToken } from "../../api/team-token";
import type { Settings } from "../../engine";
import { t } from "../../i18n";

/** What the relay refused, in its words (the alert's language) with its stable name. */
export class AlertRefusal extends Error {
  override readonly name = "AlertRefusal";

  constructor(
    message: string,
    readonly problem: AlertProblem,
    readonly status: number,
    readonly detail: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** A checked alert: the relay's view of it and what it costs a month. */
export type CheckedAlert = AlertView & { readonly cost: AlertCost; readonly saved: boolean };

export interface AlertClient {
  list(): Promise<AlertView[]>;
  /** Checks and prices the alert; nothing is saved. */
  check(id: string, request: AlertRequest): Promise<CheckedAlert>;
  save(id: string, request: AlertRequest): Promise<CheckedAlert>;
  mute(id: string, muted: boolean): Promise<AlertView>;
  remove(id: string): Promise<void>;
}

interface Envelope {
  code?: string;
  message?: string;
  data?: unknown;
}

const problemOf = (data: unknown): AlertProblem | undefined => {
  const problem = (data as { problem?: unknown } | null)?.problem;
  return ALERT_PROBLEMS.find((p) => p === problem);
};

/** The client for these settings, or null when they are not a team relay's. */
export function alertClient(
  settings: Settings,
  language: string,
  fetchFn: typeof fetch = (...a) => fetch(...a),
): AlertClient | null {
  const { baseUrl, secret } = settings;
  if (!secret || !isTeamToken(secret)) return null;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let reply: Response;
    try {
      reply = await fetchFn(`${baseUrl}/v1/alerts${path}`, {
        method,
        redirect: "error",
        headers: {
          authorization: `Bearer ${secret}`,
          "accept-language": language,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new Error(t("alerts.unreachable"));
    }
    const answer = (await reply.json().catch(() => ({}))) as Envelope;
    if (reply.ok && answer.code === "OK") return answer.data as T;
    const problem = problemOf(answer.data);
    const message = answer.message ?? `HTTP ${reply.status}`;
    if (problem) throw new AlertRefusal(message, problem, reply.status, (answer.data ?? {}) as Record<string, unknown>);
    throw new Error(t("alerts.refused", { message }));
  };
  const one = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    list: () => call<AlertView[]>("GET", ""),
    check: (id, request) => call<CheckedAlert>("PUT", `${one(id)}?dryRun=1`, request),
    save: (id, request) => call<CheckedAlert>("PUT", one(id), request),
    mute: (id, muted) => call<AlertView>("PATCH", one(id), { muted }),
    remove: async (id) => void (await call("DELETE", one(id))),
  };
}
