/**
 * The team relay: members call `/v1/...` with `Authorization: Bearer TOKEN`; the plan's keys never leave the
 * server. A request is checked (its parameters by the catalog's rules, so bad input costs nothing), answered from
 * the shared cache when the same request (operation and canonical parameters, market included) was answered within
 * the operation's data period, joined to an identical call already under way on any replica (single flight), or
 * else sent once, after the shared pacer granted a key. The answer is cached before it is sent. When the store
 * (Redis) fails, nothing is sent to the service: 503 says so. Keys and tokens never reach a log or an answer.
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
import { FairQueue } from "./fair-queue";
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
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

export const DEFAULT_QUEUE_WAIT_MS = 20_000;
/**
 * The pacing window: the service counts a minute by when calls arrive, and arrival times jitter by the network's
 * delay, so grants keep a second more apart than a minute: never more than perMinute calls in any 60 s, as it sees.
 */
export const DEFAULT_WINDOW_MS = 61_000;
/** Joiners of a failed call get the same failure for this long instead of each calling again. */
const SHARED_FAILURE_MS = 10_000;
const POLL_MS = 250;
/** The service refused the key itself: set aside until its secret changes. */
const KEY_REFUSALS = new Set(["ERROR_SECRET_KEY", "ERROR_SECRET_KEY_OVERDUE", "ERROR_SECRET_KEY_INVALID"]);
/** The service says the key's limit is reached: set aside for a window, other keys serve meanwhile. */
const KEY_LIMITED = "ERROR_VISIT_MAX";
const BY_PATH = new Map<string, AnyOperation>(OPERATIONS.map((op) => [op.path, op]));

class StoreFailure extends Error {}

type Flight = { answer: UpstreamAnswer; source: "hit" | "miss" | "shared" } | { again: true } | { refused: Refused };

export function createTeamRelay(options: TeamRelayOptions): TeamMode & { readonly queue: FairQueue } {
  const { store, keys, clock, callUpstream } = options;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const queue = new FairQueue({ store, keys, clock, windowMs });
  const limiter = new ClientRateLimiter(options.memberRatePerMinute, () => clock.now());
  const local = new Map<string, Promise<Flight>>();
  const replica = randomUUID();
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
      const who_ = member;

      async function lead(): Promise<Flight> {
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
              outcome = await callWithGrant(who_, op!, body, query);
              if ("answer" in outcome) await remember(outcome.answer);
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
        for (let round = 0; round < 3; round++) {
          let flight = local.get(cacheKey);
          const joined = flight !== undefined;
          if (!flight) {
            flight = lead();
            local.set(cacheKey, flight);
            void flight.finally(() => local.delete(cacheKey)).catch(() => undefined);
          }
          const outcome = await flight;
          if ("again" in outcome) continue;
          if ("refused" in outcome) {
            if (joined) continue; // another member's refusal is theirs: try for this one
            return sendRefusal(res, outcome.refused);
          }
          const source = joined ? "shared" : outcome.source;
          if (source !== "miss") void countSafely(member.name, op.code, "cacheHits");
          res.setHeader("x-mad-cache", source);
          return sendAnswer(res, outcome.answer);
        }
        return sendError(res, 503, "ERROR_SERVER_INTERNAL", "the identical call under way did not finish; try again", {
          "retry-after": "5",
        });
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
