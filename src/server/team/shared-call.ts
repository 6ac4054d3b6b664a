/**
 * One answer of the service for the team, however many ask: a request (operation and canonical parameters, market
 * included) is answered from the shared cache when it was answered within the operation's data period, joined to an
 * identical call already under way on any replica (single flight), or else sent once, after the shared pacer granted
 * a key; the answer is cached before anyone gets it. Members' requests (team-relay.ts) and scheduled refreshes
 * (scheduler.ts) both go through here, so a schedule never runs past the keys' rate or the plan's budgets.
 */
import { createHash, randomUUID } from "node:crypto";
import { methodOf, type AnyOperation } from "../../api/catalog";
import { canonicalJson } from "../../api/canonical-json";
import type { Clock } from "../../api/clock";
import { periodEnd } from "../../api/data-period";
import { checkParams } from "../../api/validate";
import type { UpstreamAnswer, UpstreamCaller } from "../relay";
import { envelopeCode, type Refused } from "./answers";
import type { FairQueue } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { monthOf, type Member, type StoredAnswer, type TeamStore } from "./store";

/** Joiners of a failed call get the same failure for this long instead of each calling again. */
const SHARED_FAILURE_MS = 10_000;
const POLL_MS = 250;
/** The service refused the key itself: set aside until its secret changes. */
const KEY_REFUSALS = new Set(["ERROR_SECRET_KEY", "ERROR_SECRET_KEY_OVERDUE", "ERROR_SECRET_KEY_INVALID"]);
/** The service says the key's limit is reached: set aside for a window, other keys serve meanwhile. */
const KEY_LIMITED = "ERROR_VISIT_MAX";

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
  readonly body: string;
  readonly query: string;
}

/** A request's parameters by the catalog's rules (names that are not parameters are ignored, as the service does). */
export function teamRequest(
  op: AnyOperation,
  raw: Record<string, unknown>,
  now: number,
): { request: TeamRequest } | { error: string } {
  const known = new Set<string>(op.params.map((p) => p.name));
  const checked = checkParams(op.code, Object.fromEntries(Object.entries(raw).filter(([n]) => known.has(n))), {
    now: new Date(now),
  });
  if (!checked.params) return { error: checked.errors[0]?.message ?? "invalid parameters" };
  const params = checked.params as Record<string, unknown>;
  const text = canonicalJson(params);
  const get = methodOf(op) === "GET";
  return {
    request: {
      op,
      params,
      cacheKey: `${op.code}:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`,
      body: get ? "" : text,
      query: get ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : "",
    },
  };
}

export type Flight =
  { answer: UpstreamAnswer; source: "hit" | "miss" | "shared" } | { again: true } | { refused: Refused };

/** What a caller gets: the answer (and whether the service was called for it), a refusal, or nothing in time. */
export type Shared =
  | { readonly answer: UpstreamAnswer; readonly source: "hit" | "miss" | "shared" }
  | { readonly refused: Refused }
  | { readonly busy: true };

export interface SharedCallOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  clock: Clock;
  callUpstream: UpstreamCaller;
  queue: FairQueue;
  queueWaitMs: number;
  windowMs: number;
  log: (event: Record<string, unknown>) => void;
}

export type SharedCaller = (member: Member, request: TeamRequest) => Promise<Shared>;

export function createSharedCaller(options: SharedCallOptions): SharedCaller {
  const { store, keys, clock, callUpstream, queue, windowMs, log } = options;
  const local = new Map<string, Promise<Flight>>();
  const replica = randomUUID();
  const guard = storeStep;
  const countSafely = (member: string, operation: string, field: "calls" | "cacheHits" | "refusals") =>
    store.count(monthOf(clock.now()), member, operation, field).catch(() => undefined);

  /** Sends once, with a granted key; a key the service refuses is set aside and the next key is tried. */
  async function callWithGrant(member: Member, request: TeamRequest): Promise<Flight> {
    const { op } = request;
    for (let attempt = 0; attempt < keys.length; attempt++) {
      const grant = await guard(queue.acquire(member, options.queueWaitMs));
      if (!("key" in grant)) {
        void countSafely(member.name, op.code, "refusals");
        return { refused: grant };
      }
      const key = keys.find((k) => k.name === grant.key)!;
      void countSafely(member.name, op.code, "calls");
      const answer = await callUpstream({
        method: methodOf(op),
        pathname: op.path,
        query: request.query,
        body: request.body,
        secret: key.secret,
      });
      const code = answer.fromService ? envelopeCode(answer.text) : undefined;
      if (code && (KEY_REFUSALS.has(code) || code === KEY_LIMITED)) {
        const until = code === KEY_LIMITED ? clock.now() + windowMs : null;
        await store
          .setAside({ key: key.name, fingerprint: key.fingerprint, code, at: clock.now(), until })
          .catch(() => undefined);
        log({
          event: "key-set-aside",
          key: key.name,
          code,
          until: until === null ? null : new Date(until).toISOString(),
        });
        if (attempt < keys.length - 1) continue;
        // The plan's key is refused, not the member: their add-in must not read it as a wrong token of theirs.
        if (KEY_REFUSALS.has(code)) return { refused: { refused: "no-key" } };
      }
      return { answer, source: "miss" };
    }
    return { refused: { refused: "no-key" } };
  }

  const cacheable = (answer: UpstreamAnswer) =>
    answer.fromService && answer.status === 200 && envelopeCode(answer.text) === "OK";
  const sharedOf = (answer: UpstreamAnswer): StoredAnswer | undefined =>
    answer.fromService || answer.status >= 500
      ? {
          status: answer.status,
          text: answer.text,
          retryAfter: answer.retryAfter,
          fetchedAt: clock.now(),
          expiresAt: clock.now() + SHARED_FAILURE_MS,
        }
      : undefined;

  async function remember(request: TeamRequest, answer: UpstreamAnswer): Promise<void> {
    if (!cacheable(answer)) return;
    const fetchedAt = clock.now();
    // Written before the answer is sent: a replica stopped now loses no answer already paid for.
    await store
      .cacheSet(request.cacheKey, {
        status: answer.status,
        text: answer.text,
        fetchedAt,
        expiresAt: periodEnd(request.op.dataPeriod, fetchedAt),
      })
      .catch((error: Error) => log({ event: "cache-write-failed", operation: request.op.code, reason: error.message }));
  }

  async function lead(member: Member, request: TeamRequest): Promise<Flight> {
    const { cacheKey } = request;
    const deadline = clock.now() + options.queueWaitMs + callUpstream.timeoutMs + 5_000;
    while (clock.now() < deadline) {
      const now = clock.now();
      const cached = await guard(store.cacheGet(cacheKey, now));
      if (cached) return { answer: { ...cached, fromService: true }, source: "hit" };
      const shared = await guard(store.flightShared(cacheKey, now));
      if (shared) return { answer: { ...shared, fromService: true }, source: "shared" };
      if (await guard(store.flightClaim(cacheKey, replica, deadline - now))) {
        let outcome: Flight | undefined;
        try {
          outcome = await callWithGrant(member, request);
          if ("answer" in outcome) await remember(request, outcome.answer);
          return outcome;
        } finally {
          await store
            .flightRelease(
              cacheKey,
              replica,
              outcome && "answer" in outcome && !cacheable(outcome.answer) ? sharedOf(outcome.answer) : undefined,
            )
            .catch(() => undefined);
        }
      }
      await waitForFlight(cacheKey);
    }
    return { again: true };
  }

  async function waitForFlight(key: string): Promise<void> {
    await new Promise<void>((resolve) => {
      const stop = store.subscribe((event) => {
        if (event.kind === "flight" && event.key === key) done();
      });
      const cancel = new AbortController();
      const done = () => {
        stop();
        cancel.abort();
        resolve();
      };
      clock.sleep(POLL_MS, cancel.signal).then(done, () => undefined);
    });
  }

  /** Throws StoreFailure when the store fails: nothing is sent to the service then. */
  return async (member, request) => {
    for (let round = 0; round < 3; round++) {
      let flight = local.get(request.cacheKey);
      const joined = flight !== undefined;
      if (!flight) {
        flight = lead(member, request);
        local.set(request.cacheKey, flight);
        void flight.finally(() => local.delete(request.cacheKey)).catch(() => undefined);
      }
      const outcome = await flight;
      if ("again" in outcome) continue;
      if ("refused" in outcome) {
        if (joined) continue; // another member's refusal is theirs: try for this one
        return outcome;
      }
      const source = joined ? "shared" : outcome.source;
      if (source !== "miss") void countSafely(member.name, request.op.code, "cacheHits");
      return { answer: outcome.answer, source };
    }
    return { busy: true };
  };
}
