/**
 * One request to a team relay's member routes, for every client of the pane (schedules, history and feeds, alerts):
 * only with a team relay (the stored credential is a member token), which goes as `Authorization: Bearer` to the
 * relay's own address, as the engine sends it; never elsewhere, never a redirect. The relay answers in the service's
 * envelope (`{code, message, data}`): `data` when the code is OK, else the caller's refusal made of the answer.
 */
import { isTeamToken } from "../../api/team-token";
import type { Settings } from "../../engine";

/** The relay's answer, as sent. */
export interface RelayEnvelope {
  readonly code?: string;
  readonly message?: string;
  readonly data?: unknown;
}

export interface RelayRequestOptions {
  /** The routes' common start, `/v1/schedules`. */
  readonly base: string;
  readonly fetchFn?: typeof fetch;
  /** Headers besides the token (`accept-language`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** What the person reads when the relay cannot be reached. */
  readonly unreachable: () => string;
  /** The error a refusal becomes (its HTTP status and the envelope, `message` naming what was wrong). */
  readonly refused: (answer: RelayEnvelope, status: number) => Error;
}

/** Sends one request under the base path; the answer's `data`. */
export type RelayRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The request for these settings, or null when they are not a team relay's. */
export function relayRequest(settings: Settings, options: RelayRequestOptions): RelayRequest | null {
  const { baseUrl, secret } = settings;
  if (!secret || !isTeamToken(secret)) return null;
  const fetchFn = options.fetchFn ?? ((...a) => fetch(...a));
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let reply: Response;
    try {
      reply = await fetchFn(`${baseUrl}${options.base}${path}`, {
        method,
        redirect: "error",
        headers: {
          authorization: `Bearer ${secret}`,
          ...options.headers,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new Error(options.unreachable());
    }
    const answer = (await reply.json().catch(() => ({}))) as RelayEnvelope;
    if (reply.ok && answer.code === "OK") return answer.data as T;
    throw options.refused(answer, reply.status);
  };
}

/** A refusal of the relay: the person's words (`message`), with its HTTP status and the relay's own message. */
export class RelayRefused extends Error {
  override readonly name = "RelayRefused";

  constructor(
    message: string,
    readonly status: number,
    readonly relayMessage: string,
  ) {
    super(message);
  }
}

/** A refusal's words: the relay's message, or its HTTP status when it sent none. */
export const refusalMessage = (answer: RelayEnvelope, status: number): string => answer.message ?? `HTTP ${status}`;
