/**
 * One request to a team relay's member routes, for every client of the pane (schedules, history and feeds, alerts):
 * only with a team relay (the stored credential is a member token), which goes as `Authorization: Bearer` to the
 * relay's own address, as the engine sends it; never elsewhere, never a redirect. The pane's language goes as
 * Accept-Language, so the relay words its refusals in it. The relay answers in the service's envelope
 * (`{code, message, data}`): `data` when the code is OK, else a refusal (`data.problem`, a stable name of
 * src/relay-api/refusals.ts and its route's list), which becomes a RelayRefusal of the MadError family.
 */
import { MadError } from "../../api/errors";
import { isTeamToken } from "../../api/team-token";
import type { Settings } from "../../engine";
import { currentLocale } from "../../i18n";

declare module "../../api/error-kinds" {
  interface ErrorKindRegistry {
    /** The team relay refused a member's request: its stable `problem`, its words in the member's language. */
    relayRefusal: object;
  }
}

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
  /** Headers besides the token (`accept-language`: default, the pane's language). */
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
          "accept-language": currentLocale(),
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

/**
 * A refusal of the relay, in the client's hierarchy: the person's words (`message`, made of the relay's own, which
 * are in the pane's language), the stable `problem` a face branches on (undefined from a relay older than it, or one
 * its route does not list), the HTTP status and `data`'s other fields (`reason`, `index`, `position`).
 */
export class RelayRefusal<P extends string = string> extends MadError {
  constructor(
    message: string,
    readonly problem: P | undefined,
    readonly status: number,
    readonly relayMessage: string,
    readonly detail: Readonly<Record<string, unknown>> = {},
  ) {
    super("relayRefusal", { name: "RelayRefusal", message, advice: "", retryable: false });
  }
}

/** A refusal's words: the relay's message, or its HTTP status when it sent none. */
export const refusalMessage = (answer: RelayEnvelope, status: number): string => answer.message ?? `HTTP ${status}`;

/** The answer's `data` as a refusal's detail (an object, else none). */
const detailOf = (answer: RelayEnvelope): Readonly<Record<string, unknown>> =>
  answer.data && typeof answer.data === "object" && !Array.isArray(answer.data)
    ? (answer.data as Record<string, unknown>)
    : {};

/** The answer's `problem` when it is one of `known` (a route's list). */
export const problemIn = <P extends string>(answer: RelayEnvelope, known: readonly P[]): P | undefined => {
  const problem = detailOf(answer).problem;
  return known.find((p) => p === problem);
};

/** The refusal an answer makes: `words` turns the relay's message into what the person reads. */
export function relayRefusalOf<P extends string>(
  answer: RelayEnvelope,
  status: number,
  known: readonly P[],
  words: (relayMessage: string) => string = (said) => said,
): RelayRefusal<P> {
  const said = refusalMessage(answer, status);
  return new RelayRefusal(words(said), problemIn(answer, known), status, said, detailOf(answer));
}
