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
import { randomUUID } from "node:crypto";
import { isLookup, type Lookup } from "../../api/lookups/batch";
import { methodOf } from "../../api/catalog";
import { periodEnd } from "../../api/data-period";
import { renewLeaseUntil } from "../../lib/repeat";
import type { UpstreamAnswer } from "../relay";
import { failureReason } from "../scrub";
import { envelopeCode } from "./answers";
import type { Grant } from "./fair-queue";
import { lookupCaller, type LookupRun } from "./shared-lookup";
import {
  cacheable,
  countUsage,
  storeStep,
  type FlightCall,
  type GrantedCall,
  type Shared,
  type SharedCallOptions,
  type TeamRequest,
} from "./team-request";
import type { Member, StoredAnswer } from "./team-store";

export { StoreFailure, storeStep, teamRequest, type SharedCallOptions } from "./team-request";

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

/** A member's request as the team answers it; `lookup` reads a lookup by list of any length (a schedule's). */
export interface SharedCaller {
  (member: Member, request: TeamRequest): Promise<Shared>;
  lookup(member: Member, lookup: Lookup): Promise<LookupRun>;
}

/** Sends once, with a granted key; a key the service refuses is set aside and the next key is tried. */
function grantedCaller(options: SharedCallOptions): GrantedCall {
  const { store, keys, clock, callUpstream, queue, windowMs, log } = options;
  const count = countUsage(options);
  /** If the store cannot take it now, the slot keeps counting until its hold ends: later, never sooner. */
  const endCall = (grant: Grant) =>
    queue.ended(grant).catch((error: Error) => log({ event: "call-end-not-recorded", reason: error.message }));
  return async (member, request) => {
    const { op } = request;
    for (let attempt = 0; attempt < keys.length; attempt++) {
      const grant = await storeStep(queue.acquire(member, options.queueWaitMs));
      if (!("key" in grant)) {
        void count(member.name, op.code, "refusals");
        return { refused: grant };
      }
      const key = keys.find((k) => k.name === grant.key)!;
      void count(member.name, op.code, "calls");
      const { path: pathname, query, body } = request;
      const answer = await callUpstream({ method: methodOf(op), pathname, query, body, secret: key.secret });
      await endCall(grant);
      const code = answer.fromService ? envelopeCode(answer.text) : undefined;
      if (code && (KEY_REFUSALS.has(code) || code === KEY_LIMITED)) {
        const until = code === KEY_LIMITED ? clock.now() + windowMs : null;
        const aside = { key: key.name, fingerprint: key.fingerprint, code, at: clock.now(), until };
        await store.setAside(aside).catch(() => undefined);
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
  };
}

/**
 * The answer for a request: cached, shared by the identical call that just ended, or from the one call: made here
 * (`call`) if no replica is making it, else awaited for as long as the replica making it holds its lease.
 */
function flightCaller(options: SharedCallOptions): FlightCall {
  const { store, clock, leaseMs, log } = options;
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
    const expiresAt = periodEnd(request.op.dataPeriod, fetchedAt);
    // Written before the answer is sent: a replica stopped now loses no answer already paid for.
    await store
      .cacheSet(request.cacheKey, { status: answer.status, text: answer.text, fetchedAt, expiresAt })
      .catch((error: Error) => log({ event: "cache-write-failed", operation: request.op.code, reason: error.message }));
  }
  /** Makes the call under `owner`'s lease, renewed until the answer is cached (or shared) and the lease let go. */
  async function fly(request: TeamRequest, owner: string, call: () => Promise<Shared>): Promise<Shared> {
    const landed = new AbortController();
    void keepLease(options, request.cacheKey, owner, landed.signal);
    let outcome: Shared | undefined;
    try {
      outcome = await call();
      if ("answer" in outcome) await remember(request, outcome.answer);
      return outcome;
    } finally {
      landed.abort();
      const failed =
        outcome && "answer" in outcome && !cacheable(outcome.answer) ? sharedOf(outcome.answer) : undefined;
      await store.flightRelease(request.cacheKey, owner, failed).catch(() => undefined);
    }
  }
  return async (request, call) => {
    const { cacheKey } = request;
    const cached = await storeStep(store.cacheGet(cacheKey, clock.now()));
    if (cached) return { answer: { ...cached, fromService: true }, source: "hit" };
    const owner = randomUUID();
    for (;;) {
      const step = await storeStep(store.flightJoin(cacheKey, owner, clock.now(), leaseMs));
      if ("answer" in step) return { answer: { ...step.answer, fromService: true }, source: step.source };
      if ("claimed" in step) return fly(request, owner, call);
      await waitForFlight(options, cacheKey);
    }
  };
}

/** Renews the lease every third of it until `landed`; a renewal the store misses is tried again at the next. */
async function keepLease(options: SharedCallOptions, key: string, owner: string, landed: AbortSignal): Promise<void> {
  const { store, clock, leaseMs, log } = options;
  await renewLeaseUntil(
    clock,
    leaseMs,
    landed,
    () => store.flightRenew(key, owner, clock.now(), leaseMs),
    (error) => log({ event: "flight-renew-failed", cacheKey: key, reason: failureReason(error) }),
  );
}

async function waitForFlight(options: SharedCallOptions, key: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const stop = options.store.subscribe((event) => {
      if (event.kind === "flight" && event.key === key) done();
    });
    const cancel = new AbortController();
    const done = () => {
      stop();
      cancel.abort();
      resolve();
    };
    options.clock.sleep(POLL_MS, cancel.signal).then(done, () => undefined);
  });
}

/**
 * The team's answer for a member's request. Identical requests on this replica share one promise; a lookup by list
 * (src/api/lookups/batch.ts) goes key by key through ./shared-lookup.ts, batched with other members' keys. Throws
 * StoreFailure when the store fails: nothing is sent to the service then.
 */
export function createSharedCaller(options: SharedCallOptions): SharedCaller {
  const count = countUsage(options);
  const call = grantedCaller(options);
  const flight = flightCaller(options);
  const lookups = lookupCaller(options, call, flight);
  const local = new Map<string, Promise<Shared>>();
  const shared = async (member: Member, request: TeamRequest): Promise<Shared> => {
    if (isLookup(request.op, request.params)) return lookups.request(member, request);
    const { cacheKey } = request;
    let pending = local.get(cacheKey);
    const joined = pending !== undefined;
    if (!pending) {
      pending = flight(request, () => call(member, request));
      local.set(cacheKey, pending);
      void pending.finally(() => local.delete(cacheKey)).catch(() => undefined);
    }
    const first = await pending;
    // Another member's refusal (their budget, their wait) is theirs: this member asks for themself.
    const outcome = joined && "refused" in first ? await flight(request, () => call(member, request)) : first;
    if ("refused" in outcome) return outcome;
    const source = joined && outcome === first ? "shared" : outcome.source;
    if (source !== "miss") void count(member.name, request.op.code, "cacheHits");
    return { answer: outcome.answer, source };
  };
  return Object.assign(shared, { lookup: lookups.run });
}
