/**
 * What the team relay's shared calls are made of (./shared-call.ts, ./shared-lookup.ts): a request as the team
 * caches it, what a caller gets, the store's steps, and the options of the shared caller.
 */
import { createHash } from "node:crypto";
import { methodOf, type AnyOperation } from "../../api/catalog";
import { canonicalJson } from "../../lib/canonical-json";
import type { Clock } from "../../lib/clock";
import { fillPath } from "../../api/paths";
import { batchOf } from "../../api/lookups/batch";
import { ValidationError } from "../../api/errors";
import { traitsOf } from "../../api/kinds";
import { listItems, listSpaces } from "../../api/kinds/list-items";
import { checkParams } from "../../api/validate";
import { t } from "../../i18n/cells";
import type { UpstreamAnswer, UpstreamCaller } from "../relay";
import { envelopeCode, type Refused } from "./answers";
import type { FairQueue } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { monthOf, type Member, type TeamStore } from "./team-store";

export class StoreFailure extends Error {}

/** A step on the store: any failure of it is a StoreFailure (the relay answers 503 and sends nothing). */
export async function storeStep<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw error instanceof StoreFailure ? error : new StoreFailure((error as Error).message);
  }
}

/** A request as the team caches it: checked parameters, their canonical text and the cache's key. */
export interface TeamRequest {
  readonly op: AnyOperation;
  readonly params: Record<string, unknown>;
  readonly cacheKey: string;
  /** The service's path with the parameters it names filled in (`/v1/asin/US/B07Z82895W`). */
  readonly path: string;
  readonly body: string;
  readonly query: string;
}

/**
 * A request's parameters by the catalog's rules (names that are not parameters are ignored, as the service does).
 * `pathParams`, those the request's path carried, win over the query's or the body's. Parameters the operation's
 * path names go there (one encoded segment each), the rest in the query or the body. A refusal names the parameter
 * (its wire name) and the rule it breaks, in the active language.
 */
export function teamRequest(
  op: AnyOperation,
  raw: Record<string, unknown>,
  now: number,
  pathParams: Readonly<Record<string, string>> = {},
): { request: TeamRequest } | { error: string; param?: string } {
  const known = new Set<string>(op.params.map((p) => p.name));
  const given = { ...Object.fromEntries(Object.entries(raw).filter(([n]) => known.has(n))), ...pathParams };
  const blank = blankListError(op, given);
  if (blank) return { error: blank.message, param: blank.param };
  const checked = checkParams(op.code, given, { now: new Date(now) });
  if (!checked.params) {
    const first = checked.errors[0];
    return first ? { error: first.message, param: first.param } : { error: "invalid parameters" };
  }
  const params = checked.params as Record<string, unknown>;
  const text = canonicalJson(params);
  const { path, rest } = fillPath(op.path, params);
  const get = methodOf(op) === "GET";
  return {
    request: {
      op,
      params,
      cacheKey: `${op.code}:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`,
      path,
      body: get ? "" : canonicalJson(rest),
      query: get ? `?${new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]))}` : "",
    },
  };
}

/**
 * A list given with only empty items (`asins: ["", ""]`), or a lookup's key list given empty (`asins: ""`, `[]`):
 * the catalog's rules read either as not given, and the call would go out without it (unfiltered, and paid). A
 * member's request means something else by it: refused. (The add-in never sends an empty value.)
 */
function blankListError(op: AnyOperation, given: Record<string, unknown>): ValidationError | undefined {
  const keyList = batchOf(op)?.param;
  for (const spec of op.params) {
    const value = given[spec.name];
    if (value === undefined || value === null || traitsOf(spec.kind).list === "single") continue;
    // Read as the validator reads a list (api/kinds/list-items.ts): no item left once blanks are left out.
    if (!Array.isArray(value) && typeof value !== "string") continue;
    if (listItems(value, listSpaces(spec)).length > 0) continue;
    const onlyBlanks = Array.isArray(value) && value.length > 0;
    if (onlyBlanks || spec.name === keyList) return new ValidationError(spec.name, "blank", t("v.onlyBlanks"));
  }
  return undefined;
}

/** What a caller gets: the answer (and whether the service was called for it) or a refusal. */
export type Shared =
  { readonly answer: UpstreamAnswer; readonly source: "hit" | "miss" | "shared" } | { readonly refused: Refused };

export interface SharedCallOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  clock: Clock;
  callUpstream: UpstreamCaller;
  queue: FairQueue;
  queueWaitMs: number;
  windowMs: number;
  /** The lease on a call under way (FLIGHT_LEASE_MS in the relay). */
  leaseMs: number;
  /** How long a batch of looked-up keys waits for more after its first (default LOOKUP_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  log: (event: Record<string, unknown>) => void;
}

/** One call of the service on the team's keys, for `member`'s budget: the answer, or why it was refused. */
export type GrantedCall = (
  member: Member,
  request: Pick<TeamRequest, "op" | "path" | "query" | "body">,
) => Promise<Shared>;

/** An answer through the team's cache and the single flight across replicas; `call` makes it when this one flies. */
export type FlightCall = (request: TeamRequest, call: () => Promise<Shared>) => Promise<Shared>;

export const countUsage =
  (options: Pick<SharedCallOptions, "store" | "clock">) =>
  (member: string, operation: string, field: "calls" | "cacheHits" | "refusals") =>
    options.store.count(monthOf(options.clock.now()), member, operation, field).catch(() => undefined);

/** Whether the team's cache keeps an answer: the service's own OK. */
export const cacheable = (answer: UpstreamAnswer) =>
  answer.fromService && answer.status === 200 && envelopeCode(answer.text) === "OK";
