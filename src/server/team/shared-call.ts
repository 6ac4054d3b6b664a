/**
 * One answer of the service for the team, however many ask: a request (operation and canonical parameters, market
 * included) is answered from the shared cache when it was answered within the operation's data period, joined to an
 * identical call already under way on any replica (single flight), or else sent once, after the shared pacer granted
 * a key; the answer is cached before anyone gets it. Members' requests (team-relay.ts) and scheduled refreshes
 * (scheduler.ts) both go through here, so a schedule never runs past the keys' rate or the plan's budgets.
 *
 * No wait here is a guess at how fast a machine is. The replica making a call holds a lease on it and renews it while
 * the call runs, however long the pacer's queue and the service take; the others wait for as long as that lease
 * lives, and take the call over only once it has lapsed (its replica stopped). Checking the cache and claiming the
 * call is one step on the store (flightJoin), so two replicas never both call for the same request.
 */
import { createHash, randomUUID } from "node:crypto";
import { methodOf, type AnyOperation } from "../../api/catalog";
import { canonicalJson } from "../../api/canonical-json";
import type { Clock } from "../../api/clock";
import { periodEnd } from "../../api/data-period";
import { fillPath } from "../../api/paths";
import { checkParams } from "../../api/validate";
import type { UpstreamAnswer, UpstreamCaller } from "../relay";
import { envelopeCode, type Refused } from "./answers";
import type { FairQueue, Grant } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { monthOf, type Member, type StoredAnswer, type TeamStore } from "./team-store";

/** Joiners of a failed call get the same failure for this long instead of each calling again. */
const SHARED_FAILURE_MS = 10_000;
const POLL_MS = 250;
/**
 * The lease on a call under way, renewed every third of it while the call runs. It only says whether the replica
 * making the call is still there: a stopped replica's call is taken over at most this long after its last renewal.
 */
export const FLIGHT_LEASE_MS = 15_000;
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
  /** The service's path with the parameters it names filled in (`/v1/asin/US/B07Z82895W`). */
  readonly path: string;
  readonly body: string;
  readonly query: string;
}

/**
 * A request's parameters by the catalog's rules (names that are not parameters are ignored, as the service does).
 * `pathParams`, those the request's path carried, win over the query's or the body's. Parameters the operation's
 * path names go there (one encoded segment each), the rest in the query or the body.
 */
export function teamRequest(
  op: AnyOperation,
  raw: Record<string, unknown>,
  now: number,
  pathParams: Readonly<Record<string, string>> = {},
): { request: TeamRequest } | { error: string } {
  const known = new Set<string>(op.params.map((p) => p.name));
  const given = { ...Object.fromEntries(Object.entries(raw).filter(([n]) => known.has(n))), ...pathParams };
  const checked = checkParams(op.code, given, { now: new Date(now) });
  if (!checked.params) return { error: checked.errors[0]?.message ?? "invalid parameters" };
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
  log: (event: Record<string, unknown>) => void;
}

export type SharedCaller = (member: Member, request: TeamRequest) => Promise<Shared>;

export function createSharedCaller(options: SharedCallOptions): SharedCaller {
  const { store, keys, clock, callUpstream, queue, windowMs, leaseMs, log } = options;
  const local = new Map<string, Promise<Shared>>();
  const guard = storeStep;
  const countSafely = (member: string, operation: string, field: "calls" | "cacheHits" | "refusals") =>
    store.count(monthOf(clock.now()), member, operation, field).catch(() => undefined);

  /** If the store cannot take it now, the slot keeps counting until its hold ends: later, never sooner. */
  async function endCall(grant: Grant): Promise<void> {
    await queue.ended(grant).catch((error: Error) => log({ event: "call-end-not-recorded", reason: error.message }));
  }

  /** Sends once, with a granted key; a key the service refuses is set aside and the next key is tried. */
  async function callWithGrant(member: Member, request: TeamRequest): Promise<Shared> {
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
        pathname: request.path,
        query: request.query,
        body: request.body,
        secret: key.secret,
      });
      await endCall(grant);
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

  /**
   * The answer for `member`: cached, shared by the identical call that just ended, or from the one call: made here if
   * no replica is making it, else awaited for as long as the replica making it holds its lease.
   */
  async function answerFor(member: Member, request: TeamRequest): Promise<Shared> {
    const { cacheKey } = request;
    const cached = await guard(store.cacheGet(cacheKey, clock.now()));
    if (cached) return { answer: { ...cached, fromService: true }, source: "hit" };
    const owner = randomUUID();
    for (;;) {
      const step = await guard(store.flightJoin(cacheKey, owner, clock.now(), leaseMs));
      if ("answer" in step) return { answer: { ...step.answer, fromService: true }, source: step.source };
      if ("claimed" in step) return fly(member, request, owner);
      await waitForFlight(cacheKey);
    }
  }

  /** Makes the call under `owner`'s lease, renewed until the answer is cached (or shared) and the lease let go. */
  async function fly(member: Member, request: TeamRequest, owner: string): Promise<Shared> {
    const landed = new AbortController();
    void keepLease(request.cacheKey, owner, landed.signal);
    let outcome: Shared | undefined;
    try {
      outcome = await callWithGrant(member, request);
      if ("answer" in outcome) await remember(request, outcome.answer);
      return outcome;
    } finally {
      landed.abort();
      await store
        .flightRelease(
          request.cacheKey,
          owner,
          outcome && "answer" in outcome && !cacheable(outcome.answer) ? sharedOf(outcome.answer) : undefined,
        )
        .catch(() => undefined);
    }
  }

  /** Renews the lease every third of it until `landed`; a renewal the store misses is tried again at the next. */
  async function keepLease(key: string, owner: string, landed: AbortSignal): Promise<void> {
    for (;;) {
      try {
        await clock.sleep(leaseMs / 3, landed);
      } catch {
        return;
      }
      await store.flightRenew(key, owner, clock.now(), leaseMs).catch(() => undefined);
    }
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
    const { cacheKey } = request;
    let flight = local.get(cacheKey);
    const joined = flight !== undefined;
    if (!flight) {
      flight = answerFor(member, request);
      local.set(cacheKey, flight);
      void flight.finally(() => local.delete(cacheKey)).catch(() => undefined);
    }
    const first = await flight;
    // Another member's refusal (their budget, their wait) is theirs: this member asks for themself.
    const outcome = joined && "refused" in first ? await answerFor(member, request) : first;
    if ("refused" in outcome) return outcome;
    const source = joined && outcome === first ? "shared" : outcome.source;
    if (source !== "miss") void countSafely(member.name, request.op.code, "cacheHits");
    return { answer: outcome.answer, source };
  };
}
