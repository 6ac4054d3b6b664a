/**
 * The team relay: members call `/v1/...` with `Authorization: Bearer TOKEN`; the plan's keys never leave the
 * server. A request is checked (its parameters by the catalog's rules, so bad input costs nothing), answered from
 * the shared cache when the same request (operation and canonical parameters, market included) was answered within
 * the operation's data period, joined to an identical call already under way on any replica (single flight), or
 * else sent once, after the shared pacer granted a key. The answer is cached before it is sent. When the store
 * (Redis) fails, nothing is sent to the service: 503 says so. Keys and tokens never reach a log or an answer.
 *
 * No wait here is a guess at how fast a machine is. The replica making a call holds a lease on it and renews it while
 * the call runs, however long the pacer's queue and the service take; the others wait for as long as that lease
 * lives, and take the call over only once it has lapsed (its replica stopped).
 */
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { methodOf, OPERATIONS, type AnyOperation } from "../../api/catalog";
import type { Clock } from "../../api/clock";
import { periodEnd } from "../../api/data-period";
import { checkParams } from "../../api/validate";
import type { TeamMode } from "../hosting";
import { ClientRateLimiter } from "../rate-limit";
import {
  readRelayed,
  sendAnswer,
  sendError,
  sendJsonText,
  VISITS_PATH,
  type RelayOutcome,
  type UpstreamAnswer,
  type UpstreamCaller,
} from "../relay";
import { canonicalJson } from "../../api/canonical-json";
import { envelopeCode, sendRefusal, visitsData, type Refused } from "./answers";
import { FairQueue, type Grant } from "./fair-queue";
import type { PlanKey } from "./keys-file";
import { monthOf, type Member, type StoredAnswer, type TeamStore } from "./store";
import { bearerToken, hashToken } from "./tokens";
import { usageReport } from "./usage";

export interface TeamRelayOptions {
  store: TeamStore;
  keys: readonly PlanKey[];
  callUpstream: UpstreamCaller;
  clock: Clock;
  /** Longest wait in the queue for a grant; past it 429 with Retry-After. */
  queueWaitMs: number;
  /** Relay requests per member per minute (cache hits included): a runaway client stops here. */
  memberRatePerMinute: number;
  windowMs?: number;
  /** The lease on a call under way (default FLIGHT_LEASE_MS). */
  flightLeaseMs?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

export const DEFAULT_QUEUE_WAIT_MS = 20_000;
/**
 * The pacing window: the service's minute. No margin is needed for delays between a grant and the service: a slot
 * counts from when its call ended (the service had it by then), so perMinute grants never reach it within 60 s.
 */
export const DEFAULT_WINDOW_MS = 60_000;
/** Joiners of a failed call get the same failure for this long instead of each calling again. */
const SHARED_FAILURE_MS = 10_000;
const POLL_MS = 250;
/**
 * The lease on a call under way, renewed every third of it while the call runs. It only says whether the replica
 * making the call is still there: a stopped replica's call is taken over at most this long after its last renewal.
 */
export const FLIGHT_LEASE_MS = 15_000;
/** A granted call is sent at once; room for a starved machine between the grant and the send. */
const SEND_ROOM_MS = 30_000;
/** The service refused the key itself: set aside until its secret changes. */
const KEY_REFUSALS = new Set(["ERROR_SECRET_KEY", "ERROR_SECRET_KEY_OVERDUE", "ERROR_SECRET_KEY_INVALID"]);
/** The service says the key's limit is reached: set aside for a window, other keys serve meanwhile. */
const KEY_LIMITED = "ERROR_VISIT_MAX";
const BY_PATH = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.path, op]));

class StoreFailure extends Error {}

type Flight = { answer: UpstreamAnswer; source: "hit" | "miss" | "shared" } | { refused: Refused };

export function createTeamRelay(options: TeamRelayOptions): TeamMode & { readonly queue: FairQueue } {
  const { store, keys, clock, callUpstream } = options;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const holdMs = callUpstream.timeoutMs + SEND_ROOM_MS;
  const leaseMs = options.flightLeaseMs ?? FLIGHT_LEASE_MS;
  const queue = new FairQueue({ store, keys, clock, windowMs, holdMs });
  const limiter = new ClientRateLimiter(options.memberRatePerMinute, () => clock.now());
  const local = new Map<string, Promise<Flight>>();
  const log = (event: Record<string, unknown>) =>
    options.log?.(JSON.stringify({ time: new Date(clock.now()).toISOString(), ...event }));
  const storeDown = (res: ServerResponse) =>
    sendError(
      res,
      503,
      "ERROR_SERVER_INTERNAL",
      `the team relay's store (${store.describe}) is unavailable or slow: nothing was sent to the service; try again shortly`,
      { "retry-after": "5" },
    );
  const guard = async <T>(step: Promise<T>): Promise<T> => {
    try {
      return await step;
    } catch (error) {
      throw error instanceof StoreFailure ? error : new StoreFailure((error as Error).message);
    }
  };
  const countSafely = (member: string, operation: string, field: "calls" | "cacheHits" | "refusals") =>
    store.count(monthOf(clock.now()), member, operation, field).catch(() => undefined);

  async function authenticate(req: IncomingMessage): Promise<Member | undefined> {
    const token = bearerToken(req);
    return token ? guard(store.memberByToken(hashToken(token))) : undefined;
  }

  /** If the store cannot take it now, the slot keeps counting until its hold ends: later, never sooner. */
  async function endCall(grant: Grant): Promise<void> {
    await queue.ended(grant).catch((error: Error) => log({ event: "call-end-not-recorded", reason: error.message }));
  }

  async function visits(res: ServerResponse, member: Member): Promise<RelayOutcome> {
    const now = clock.now();
    const spent = await guard(store.spent(monthOf(now)));
    const data = visitsData(keys, member, spent);
    sendJsonText(res, 200, JSON.stringify({ code: "OK", message: "OK", data }));
    return { status: 200 };
  }

  /** Sends once, with a granted key; a key the service refuses is set aside and the next key is tried. */
  async function callWithGrant(member: Member, op: AnyOperation, body: string, query: string): Promise<Flight> {
    for (let attempt = 0; attempt < keys.length; attempt++) {
      const grant = await guard(queue.acquire(member, options.queueWaitMs));
      if (!("key" in grant)) {
        void countSafely(member.name, op.code, "refusals");
        return { refused: grant };
      }
      const key = keys.find((k) => k.name === grant.key)!;
      void countSafely(member.name, op.code, "calls");
      const answer = await callUpstream({ method: methodOf(op), pathname: op.path, query, body, secret: key.secret });
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

  return {
    queue,
    async relay(req, res, pathname, client) {
      let member: Member | undefined;
      try {
        member = await authenticate(req);
      } catch {
        req.resume();
        return storeDown(res);
      }
      const who = member ? `member:${member.name}` : `address:${client}`;
      const allowed = limiter.take(who);
      if (!allowed.ok) {
        req.resume();
        return sendError(res, 429, "ERROR_VISIT_MAX", `too many calls; retry after ${allowed.retryAfterSeconds} s`, {
          "retry-after": String(allowed.retryAfterSeconds),
        });
      }
      if (!member) {
        req.resume();
        return sendError(
          res,
          401,
          "ERROR_SECRET_KEY",
          "this team relay takes a member's token (Authorization: Bearer …); this one is missing, unknown or revoked: ask the team's admin",
          { "www-authenticate": 'Bearer realm="mad-team"' },
        );
      }
      if (req.method === "GET" && pathname === VISITS_PATH) {
        req.resume();
        try {
          return await visits(res, member);
        } catch {
          return storeDown(res);
        }
      }
      const request = await readRelayed(req, res, pathname, options.maxBodyBytes ?? 1_000_000);
      if (!request) return { status: res.statusCode };
      const op = BY_PATH.get(pathname);
      if (!op) return sendError(res, 404, "ERROR_URL_NOT_FOUND", `not relayed: ${req.method} ${pathname}`);
      let raw: Record<string, unknown>;
      try {
        raw =
          request.method === "GET"
            ? Object.fromEntries(new URLSearchParams(request.query))
            : JSON.parse(request.body || "{}");
      } catch {
        return sendError(res, 400, "ERROR_PARAM", "body: not valid JSON");
      }
      if (typeof raw !== "object" || raw === null || Array.isArray(raw))
        return sendError(res, 400, "ERROR_PARAM", "body: expected a JSON object");
      // Like the service, names that are not parameters are ignored.
      const known = new Set<string>(op.params.map((p) => p.name));
      const checked = checkParams(op.code, Object.fromEntries(Object.entries(raw).filter(([n]) => known.has(n))), {
        now: new Date(clock.now()),
      });
      if (!checked.params)
        return sendError(res, 400, "ERROR_PARAM", checked.errors[0]?.message ?? "invalid parameters");
      const params = checked.params as Record<string, unknown>;
      const text = canonicalJson(params);
      const cacheKey = `${op.code}:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
      const body = methodOf(op) === "POST" ? text : "";
      const query =
        methodOf(op) === "GET" ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : "";

      /**
       * The answer for `who`: cached, shared by the identical call that just ended, or from the one call: made here
       * if no replica is making it, else awaited for as long as the replica making it holds its lease.
       */
      async function answerFor(who: Member): Promise<Flight> {
        const cached = await guard(store.cacheGet(cacheKey, clock.now()));
        if (cached) return { answer: { ...cached, fromService: true }, source: "hit" };
        const owner = randomUUID();
        for (;;) {
          const step = await guard(store.flightJoin(cacheKey, owner, clock.now(), leaseMs));
          if ("answer" in step) return { answer: { ...step.answer, fromService: true }, source: step.source };
          if ("claimed" in step) return fly(who, owner);
          await waitForFlight(cacheKey);
        }
      }

      /** Makes the call under `owner`'s lease, renewed until the answer is cached (or shared) and the lease let go. */
      async function fly(who: Member, owner: string): Promise<Flight> {
        const landed = new AbortController();
        void keepLease(cacheKey, owner, landed.signal);
        let outcome: Flight | undefined;
        try {
          outcome = await callWithGrant(who, op!, body, query);
          if ("answer" in outcome) await remember(outcome.answer);
          return outcome;
        } finally {
          landed.abort();
          await store
            .flightRelease(
              cacheKey,
              owner,
              outcome && "answer" in outcome && !cacheable(outcome.answer) ? sharedOf(outcome.answer) : undefined,
            )
            .catch(() => undefined);
        }
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
      async function remember(answer: UpstreamAnswer): Promise<void> {
        if (!cacheable(answer)) return;
        const fetchedAt = clock.now();
        // Written before the answer is sent: a replica stopped now loses no answer already paid for.
        await store
          .cacheSet(cacheKey, {
            status: answer.status,
            text: answer.text,
            fetchedAt,
            expiresAt: periodEnd(op!.dataPeriod, fetchedAt),
          })
          .catch((error: Error) => log({ event: "cache-write-failed", operation: op!.code, reason: error.message }));
      }

      try {
        let flight = local.get(cacheKey);
        const joined = flight !== undefined;
        if (!flight) {
          flight = answerFor(member);
          local.set(cacheKey, flight);
          void flight.finally(() => local.delete(cacheKey)).catch(() => undefined);
        }
        const first = await flight;
        // Another member's refusal (their budget, their wait) is theirs: this member asks for themself.
        const outcome = joined && "refused" in first ? await answerFor(member) : first;
        if ("refused" in outcome) return sendRefusal(res, outcome.refused);
        const source = joined && outcome === first ? "shared" : outcome.source;
        if (source !== "miss") void countSafely(member.name, op.code, "cacheHits");
        res.setHeader("x-mad-cache", source);
        return sendAnswer(res, outcome.answer);
      } catch (error) {
        if (error instanceof StoreFailure) return storeDown(res);
        throw error;
      }
    },
    async admin(req, res, pathname) {
      if (pathname !== "/admin/usage") return false;
      let member: Member | undefined;
      try {
        member = await authenticate(req);
      } catch {
        storeDown(res);
        return true;
      }
      if (member?.role !== "admin") {
        sendError(
          res,
          member ? 403 : 401,
          "ERROR_SECRET_KEY",
          "the usage report takes an admin's token (Authorization: Bearer …)",
        );
        return true;
      }
      const month = new URL(req.url ?? "/", "http://relay.local").searchParams.get("month") ?? monthOf(clock.now());
      if (!/^\d{6}$/.test(month)) {
        sendError(res, 400, "ERROR_PARAM", "month: expected yyyyMM");
        return true;
      }
      try {
        sendJsonText(
          res,
          200,
          JSON.stringify(
            await usageReport(
              store,
              month,
              keys.map(({ secret: _secret, ...k }) => k),
            ),
          ),
        );
      } catch {
        storeDown(res);
      }
      return true;
    },
    async ready() {
      try {
        await store.ping();
        return { ok: true, store: `${store.describe}: ready` };
      } catch {
        return { ok: false, store: `${store.describe}: unavailable` };
      }
    },
    async close() {
      queue.close();
      await store.close();
    },
  };

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
}
