/**
 * The team relay's single flight and pacer under the orderings a busy machine produces, made deterministic: two
 * replicas in this process over one store (memory on a simulated clock; Redis on a real redis-server), a service
 * stand-in whose answers the test releases, and store wrappers that hold a replica between two of its steps.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../src/lib/clock";
import { systemClock } from "../../src/lib/clock";
import { VirtualClock } from "../support/virtual-clock";
import { createHostingServer, listen, type HostingServer } from "../../src/server/hosting";
import type { UpstreamAnswer, UpstreamCaller, UpstreamRequest } from "../../src/server/relay";
import { FairQueue } from "../../src/server/team/fair-queue";
import { MemoryStore } from "../../src/server/team/memory-store";
import { RedisStore } from "../../src/server/team/redis-store";
import type { FlightStep, Member, TeamStore } from "../../src/server/team/team-store";
import { createTeamRelay, type TeamRelayOptions } from "../../src/server/team/team-relay";
import { hashToken, newToken } from "../../src/server/team/tokens";
import { useRedis } from "./support/redis";
import { call, planKey, type StoreKind } from "./support/team";

const KEY = planKey("main", "flight0secret00000000000000wxyz0");
const EBC = { marketplace: "US", nodeIdPath: "172282" };
const MEMBER: Member = { name: "ann", role: "member", monthlyBudget: null, createdAt: 0 };

const redis = useRedis();

/** Waits (real time, polling) for something the code under test does on its own; fails after 10 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 2_000) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function deferred() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The service: counts calls and answers each at once, or when the test releases it (`holding`). */
function service() {
  const calls: { request: UpstreamRequest; answer: () => void }[] = [];
  const state = { holding: false };
  const caller: UpstreamCaller = Object.assign(
    (request: UpstreamRequest) =>
      new Promise<UpstreamAnswer>((resolve) => {
        const text = JSON.stringify({ code: "OK", message: "成功", data: { call: calls.length + 1 } });
        const answer = () => resolve({ status: 200, text, upstreamStatus: 200, fromService: true });
        calls.push({ request, answer });
        if (!state.holding) answer();
      }),
    { timeoutMs: 10_000 },
  );
  return { caller, calls, state };
}

/** The store with some steps replaced (the rest are the store's own). */
function wrap(store: TeamStore, steps: Partial<TeamStore>): TeamStore {
  return new Proxy(store, {
    get(target, name) {
      if (name in steps) return steps[name as keyof TeamStore];
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface Setup {
  /** One store per replica, on the same state. */
  stores: [TeamStore, TeamStore];
  clock: Clock;
  /** Lets simulated (memory) or real (Redis, whose leases run in its own time) time pass. */
  pass(ms: number): Promise<void>;
  leaseMs: number;
}

async function setup(kind: StoreKind): Promise<Setup> {
  if (kind === "memory") {
    const store = new MemoryStore();
    const clock = new VirtualClock({ autoAdvance: false });
    return { stores: [store, store], clock, pass: (ms) => clock.advance(ms), leaseMs: 15_000 };
  }
  const prefix = `flight:${randomUUID()}:`;
  const open = () => new RedisStore({ url: redis.url, prefix, commandTimeoutMs: 5_000 });
  const stores: [RedisStore, RedisStore] = [open(), open()];
  await Promise.all(stores.map((s) => s.connected(5_000)));
  redis.closeAfterTest(() => Promise.all(stores.map((s) => s.close())));
  return {
    stores,
    clock: systemClock,
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    // Real time: long enough that renewals every third of it survive a loaded test machine.
    leaseMs: 3_000,
  };
}

async function replica(store: TeamStore, clock: Clock, upstream: UpstreamCaller, extra: Partial<TeamRelayOptions>) {
  const team = createTeamRelay({
    store,
    keys: [KEY],
    callUpstream: upstream,
    clock,
    queueWaitMs: 600_000,
    memberRatePerMinute: 600,
    ...extra,
  });
  const hosting: HostingServer = createHostingServer({ upstream: "http://127.0.0.1:9", team });
  const base = await listen(hosting, 0, "127.0.0.1");
  redis.closeAfterTest(() => hosting.stop(0));
  return base;
}

async function member(store: TeamStore): Promise<string> {
  const token = newToken();
  await store.addMember({ ...MEMBER, name: `m-${randomUUID().slice(0, 8)}` }, hashToken(token));
  return token;
}

describe.each<StoreKind>(["memory", "redis"])("single flight across replicas, state in %s", (kind) => {
  test("a request that misses the cache just before the call under way writes it and lets go is answered from the cache: one call", async () => {
    const { stores, clock } = await setup(kind);
    const upstream = service();
    const readMiss = deferred();
    const goOn = deferred();
    let first = true;
    // Replica B reads the cache (a miss), then is held, as a starved process would be, until A is done.
    const held = wrap(stores[1], {
      async cacheGet(key, now) {
        const found = await stores[1].cacheGet(key, now);
        if (first) {
          first = false;
          readMiss.open();
          await goOn.promise;
        }
        return found;
      },
    });
    const a = await replica(stores[0], clock, upstream.caller, {});
    const b = await replica(held, clock, upstream.caller, {});
    const token = await member(stores[0]);
    const fromB = call(b, token, EBC);
    await readMiss.promise;
    const fromA = await call(a, token, EBC);
    expect([fromA.body.code, fromA.headers.get("x-mad-cache")]).toEqual(["OK", "miss"]);
    goOn.open();
    const late = await fromB;
    expect([late.body.code, late.headers.get("x-mad-cache")]).toEqual(["OK", "hit"]);
    expect(late.body.data).toEqual(fromA.body.data);
    expect(upstream.calls).toHaveLength(1);
  });

  test("a call slower than its lease keeps it: the other replica waits (no deadline of its own) and gets the same answer, one call", async () => {
    const { stores, clock, pass, leaseMs } = await setup(kind);
    const upstream = service();
    upstream.state.holding = true;
    const joins: FlightStep[] = [];
    const watched = wrap(stores[1], {
      async flightJoin(...args) {
        const step = await stores[1].flightJoin(...args);
        joins.push(step);
        return step;
      },
    });
    const a = await replica(stores[0], clock, upstream.caller, { flightLeaseMs: leaseMs });
    const b = await replica(watched, clock, upstream.caller, { flightLeaseMs: leaseMs });
    const token = await member(stores[0]);
    const fromA = call(a, token, EBC);
    await until(() => upstream.calls.length === 1, "A calls the service");
    const fromB = call(b, token, EBC);
    await until(() => joins.some((j) => "busy" in j), "B finds A's call under way");
    await pass(leaseMs * 1.5); // past the lease: only A's renewals keep B from calling again
    expect(upstream.calls).toHaveLength(1);
    upstream.calls[0].answer();
    const [ra, rb] = await Promise.all([fromA, fromB]);
    expect([ra.body.code, rb.body.code]).toEqual(["OK", "OK"]);
    expect(rb.body.data).toEqual(ra.body.data);
    expect(upstream.calls).toHaveLength(1);
  }, 20_000);

  test("a replica stopped in the middle of a call: the other takes the call over once its lease has lapsed, and answers", async () => {
    const { stores, clock, pass, leaseMs } = await setup(kind);
    const upstream = service();
    upstream.state.holding = true;
    const joins: FlightStep[] = [];
    // Replica A stops renewing (its process is gone) and its call never ends.
    const gone = wrap(stores[0], { flightRenew: async () => false });
    const watched = wrap(stores[1], {
      async flightJoin(...args) {
        const step = await stores[1].flightJoin(...args);
        joins.push(step);
        return step;
      },
    });
    const a = await replica(gone, clock, upstream.caller, { flightLeaseMs: leaseMs });
    const b = await replica(watched, clock, upstream.caller, { flightLeaseMs: leaseMs });
    const token = await member(stores[0]);
    const fromA = call(a, token, EBC);
    await until(() => upstream.calls.length === 1, "A calls the service");
    upstream.state.holding = false;
    const fromB = call(b, token, EBC);
    await until(() => joins.some((j) => "busy" in j), "B finds A's call under way");
    if (kind === "memory") {
      await pass(leaseMs - 1_000);
      expect(upstream.calls).toHaveLength(1); // A's lease still holds: B waits
      await pass(1_000);
    }
    const taken = await fromB;
    expect([taken.body.code, taken.headers.get("x-mad-cache")]).toEqual(["OK", "miss"]);
    expect(upstream.calls).toHaveLength(2);
    upstream.calls[0].answer();
    expect((await fromA).body.code).toBe("OK");
  }, 20_000);
});

describe.each<StoreKind>(["memory", "redis"])("the pacer's window, state in %s", (kind) => {
  const storeOf = async (): Promise<TeamStore> => {
    if (kind === "memory") return new MemoryStore();
    const store = new RedisStore({ url: redis.url, prefix: `pace:${randomUUID()}:`, commandTimeoutMs: 5_000 });
    redis.closeAfterTest(() => store.close());
    return store;
  };

  test("a slot counts from its call's end, not its grant: a call that reached the service late does not let the next one in early", async () => {
    const store = await storeOf();
    const key = planKey("main", `pace-${kind}-secret`, 1);
    const t0 = Date.UTC(2099, 0, 5);
    const pump = (now: number, mine: string[]) =>
      store.pump({ now, month: "209901", windowMs: 60_000, holdMs: 90_000, keys: [key], mine });
    await store.enqueue({ ticket: "t1", member: "a", memberBudget: null, deadline: t0 + 600_000 });
    expect((await pump(t0, ["t1"])).decisions.get("t1")).toEqual({ granted: "main" });
    await store.enqueue({ ticket: "t2", member: "b", memberBudget: null, deadline: t0 + 600_000 });
    // Its end not told yet (the call may still be on its way): the slot counts until the grant's hold is over.
    const unknownEnd = await pump(t0 + 61_000, ["t2"]);
    expect(unknownEnd.decisions.size).toBe(0);
    expect(unknownEnd.nextAt).toBe(t0 + 90_000 + 60_000);
    // The call ended 5 s after its grant (a starved machine before the send, a slow network): a minute from then.
    await store.callEnded(key.fingerprint, "t1", t0 + 5_000);
    const early = await pump(t0 + 64_999, ["t2"]);
    expect(early.decisions.size).toBe(0);
    expect(early.nextAt).toBe(t0 + 65_000);
    expect((await pump(t0 + 65_000, ["t2"])).decisions.get("t2")).toEqual({ granted: "main" });
  });

  test("a request that gave up on a failing store leaves no ticket behind for a later pump to grant and spend", async () => {
    const store = await storeOf();
    const cancelled: string[] = [];
    const failing = wrap(store, {
      pump: async () => {
        throw new Error("the store did not answer");
      },
      async cancel(ticket) {
        const decision = await store.cancel(ticket);
        cancelled.push(ticket);
        return decision;
      },
    });
    const clock = new VirtualClock({ autoAdvance: false });
    const queue = new FairQueue({ store: failing, keys: [KEY], clock, windowMs: 60_000, holdMs: 0 });
    redis.closeAfterTest(() => queue.close());
    await expect(queue.acquire(MEMBER, 600_000)).rejects.toThrow(/did not answer/);
    await until(() => cancelled.length === 1, "the ticket is withdrawn");
    const later = await store.pump({
      now: clock.now(),
      month: "209902",
      windowMs: 60_000,
      holdMs: 0,
      keys: [KEY],
      mine: cancelled,
    });
    expect(later.decisions.size).toBe(0);
    expect((await store.spent("209902")).keys).toEqual({});
  });
});
