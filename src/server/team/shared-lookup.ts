/**
 * Lookups by list on the team relay (src/api/lookups/: competitor lookup's `asins`). A member's request that lists
 * ASINs is answered key by key, each key through the team's cache and the single flight across replicas
 * (./shared-call.ts) as the request for that key alone would be; the keys no replica holds or is fetching are
 * gathered, whoever asked for them, for a short window (src/lib/batcher-registry.ts: a batcher per group, dropped once
 * idle) and sent in calls of up to 40 on one grant each, for the budget of the member who asked the batch's first key
 * (each key carries who asked it; another member whose key that refusal caught asks again for themself). So two
 * members asking for overlapping sets at the same moment cost the union, in batches, and a schedule's watch of 200
 * ASINs costs ⌈200 / 40⌉ calls. Each key's answer is cached as the service's answer for that key alone (its one item,
 * or none for an ASIN the service does not know), every other key of its batch masked wherever the service echoed it
 * (its message, other fields, an error): a member gets one answer in the service's shape with the items of its keys,
 * and an error naming only its keys, never another key. A member with no call left this month is refused before any
 * key is looked at: they neither ride a teammate's batch nor learn, free, which keys the team holds.
 */
import type { Lookup } from "../../api/lookups/batch";
import { AbortError } from "../../api/errors";
import { BatcherRegistry } from "../../lib/batcher-registry";
import { operation } from "../../api/catalog";
import { batchCall, checkLookup, keyParams, lookupGroup } from "../../api/lookups/calls";
import { scrubSecrets } from "../scrub";
import { envelopeCode, type Refused } from "./answers";
import { callsLeft, spentRefusal } from "./budget-left";
import {
  cacheable,
  countUsage,
  storeStep,
  teamRequest,
  type FlightCall,
  type GrantedCall,
  type Shared,
  type SharedCallOptions,
  type TeamRequest,
} from "./team-request";
import { monthOf, type Member } from "./team-store";

/** What the keys of a batch dropped before its turn settle with: the cells that asked were all cancelled. */
const cancelled = () => new AbortError();

/** How long a batch of looked-up keys waits for more after its first: members asking at the same moment share it. */
const LOOKUP_BATCH_WINDOW_MS = 50;
/** How long a group's batcher is kept once no key of it waits: after that its memory is freed. */
const BATCHER_IDLE_MS = 60_000;

/** What a lookup of a schedule spent: its calls (batches it opened), the keys the team already had, or a refusal. */
export interface LookupRun {
  readonly calls: number;
  readonly cacheHits: number;
  readonly refused?: Refused;
  /** The service's refusal of a batch (its code), when one failed. */
  readonly failure?: string;
  /**
   * When every key was answered: the service's answer with each key's item in the lookup's order (none for a key the
   * service does not know), for a reader of the rows (a schedule keeping history, an alert).
   */
  readonly answer?: string;
}

/** Who asked a key of a batch, and in which lookup: a batch is spent on its first key's member. */
interface KeyAsk {
  readonly member: Member;
  readonly lookup: Lookup;
}

/** One key's outcome, with the member whose budget its batch spent and which batch (0: none was sent for it). */
interface KeyOutcome {
  readonly shared: Shared;
  readonly opener: string;
  readonly batch: number;
}

type Json = Record<string, unknown>;
const bodyOf = (text: string): Json => JSON.parse(text) as Json;
const itemsOf = (body: Json): unknown[] => {
  const items = (body.data as Json | null)?.items;
  return Array.isArray(items) ? items : [];
};
/** The service's answer for some keys, kept to `items`. */
const withItems = (body: Json, items: unknown[]) =>
  JSON.stringify({ ...body, data: { ...(body.data as Json), items, total: items.length } });

export function lookupCaller(options: SharedCallOptions, call: GrantedCall, flight: FlightCall) {
  const sendBatch = batchSender(options, call);
  const batchers = new BatcherRegistry<KeyOutcome, KeyAsk>({
    clock: options.clock,
    idleMs: BATCHER_IDLE_MS,
    batcher: (first) => ({
      windowMs: options.batchWindowMs ?? LOOKUP_BATCH_WINDOW_MS,
      max: first.lookup.batch.max,
      send: (keys, asked) => sendBatch(asked[0], keys),
      cancelled,
    }),
  });
  /** Keys asked on this replica and not answered yet: another member's ask joins. */
  const local = new Map<string, Promise<KeyOutcome>>();

  /** One key: the team's cached answer, the flight of any replica, or a place in this replica's next batch. */
  const keyAnswer = (member: Member, lookup: Lookup, key: string): Promise<KeyOutcome> => {
    const request = keyRequest(options, lookup, key);
    const pending = local.get(request.cacheKey);
    if (pending)
      return pending.then((o) => ("answer" in o.shared ? { ...o, shared: { ...o.shared, source: "shared" } } : o));
    const asked = (async (): Promise<KeyOutcome> => {
      let sent: KeyOutcome | undefined;
      const shared = await flight(request, async () => {
        // A member's ask never leaves its key: the batch is the team's (no signal).
        sent = await batchers.load(lookupGroup(lookup), key, { member, lookup }).promise;
        return sent.shared;
      });
      return sent && sent.shared === shared ? sent : { shared, opener: member.name, batch: 0 };
    })();
    local.set(request.cacheKey, asked);
    void asked.finally(() => local.delete(request.cacheKey)).catch(() => undefined);
    return asked;
  };

  /** Every key of a lookup; a key another member's refusal caught is asked again for this member. */
  const keysFor = (member: Member, lookup: Lookup) =>
    Promise.all(
      lookup.keys.map(async (key) => {
        const first = await keyAnswer(member, lookup, key);
        return "refused" in first.shared && first.opener !== member.name ? keyAnswer(member, lookup, key) : first;
      }),
    );

  return {
    request: async (member: Member, request: TeamRequest): Promise<Shared> => {
      const spent = await spentGate(options, member);
      if (spent) {
        void countUsage(options)(member.name, request.op.code, "refusals");
        return { refused: spent };
      }
      return answerOf(options, member, request, await keysFor(member, checkLookup(request.op.code, request.params)));
    },
    run: async (member: Member, lookup: Lookup): Promise<LookupRun> => {
      const spent = await spentGate(options, member);
      if (spent) return { calls: 0, cacheHits: 0, refused: spent };
      return runOf(member, await keysFor(member, lookup));
    },
    /** How many groups of keys keep a batcher (idle ones are dropped after BATCHER_IDLE_MS). */
    batchGroups: () => batchers.size,
  };
}

/**
 * A member with no call left this month (theirs or the plan's) is refused before any of their keys is looked at:
 * they neither ride a teammate's batch nor learn, free, which keys the team already holds.
 */
async function spentGate(options: SharedCallOptions, member: Member): Promise<Refused | undefined> {
  if (member.monthlyBudget === null && options.keys.some((k) => k.monthlyBudget === null)) return undefined;
  const spent = await storeStep(options.store.spent(monthOf(options.clock.now())));
  return spentRefusal(callsLeft(options.keys, member, spent));
}

/** A key's answer with every other key of its batch masked: a hostile echo never shows one member another's. */
function onlyItsKey(text: string, keys: readonly string[], key: string): string {
  return scrubSecrets(
    text,
    keys.filter((k) => k !== key),
  );
}

/** The request for one key alone: what its answer is cached and flown under. */
function keyRequest(options: SharedCallOptions, lookup: Lookup, key: string): TeamRequest {
  const checked = teamRequest(operationOf(lookup), keyParams(lookup, key), options.clock.now());
  if ("error" in checked) throw new Error(checked.error);
  return checked.request;
}

const operationOf = (lookup: Lookup) => operation(lookup.code);

/**
 * One call for a batch of keys, for the budget of the member who asked its first key: each key gets the service's
 * answer kept to its own item (or none).
 */
function batchSender(options: SharedCallOptions, call: GrantedCall) {
  let batches = 0;
  return async ({ member, lookup }: KeyAsk, keys: readonly string[]): Promise<KeyOutcome[]> => {
    const sending = batchCall(lookup, keys);
    const checked = teamRequest(operationOf(lookup), sending.params, options.clock.now());
    if ("error" in checked) throw new Error(checked.error);
    const batch = ++batches;
    const shared = await call(member, checked.request);
    const each = (outcome: Shared): KeyOutcome => ({ shared: outcome, opener: member.name, batch });
    if ("refused" in shared) return keys.map(() => each(shared));
    const { answer } = shared;
    if (!cacheable(answer))
      return keys.map((key) => each({ ...shared, answer: { ...answer, text: onlyItsKey(answer.text, keys, key) } }));
    const body = bodyOf(answer.text);
    return sending.perKey(itemsOf(body), (key, item) => {
      const text = onlyItsKey(withItems(body, item ? [item] : []), keys, key);
      return each({ answer: { ...answer, text }, source: "miss" });
    });
  };
}

/** A member's answer: the service's answer with the items of its keys, or the first refusal or failure among them. */
function answerOf(options: SharedCallOptions, member: Member, request: TeamRequest, outcomes: KeyOutcome[]): Shared {
  const refused = outcomes.find((o) => "refused" in o.shared);
  if (refused) return refused.shared;
  const answers = outcomes.map((o) => o.shared as Extract<Shared, { answer: unknown }>);
  const failed = answers.find((a) => !cacheable(a.answer));
  if (failed) return failed;
  const bodies = answers.map((a) => bodyOf(a.answer.text));
  const text = withItems(bodies[0], bodies.flatMap(itemsOf));
  const mine = outcomes.some((o) => "answer" in o.shared && o.shared.source === "miss" && o.opener === member.name);
  const source = mine ? "miss" : answers.every((a) => a.source === "hit") ? "hit" : "shared";
  if (source !== "miss") void countUsage(options)(member.name, request.op.code, "cacheHits");
  return { answer: { ...answers[0].answer, text }, source };
}

/** The keys' answers as one: the first's envelope with every key's items, in the keys' order. */
function mergedAnswer(outcomes: readonly KeyOutcome[]): string {
  const bodies = outcomes.map((o) => bodyOf((o.shared as Extract<Shared, { answer: unknown }>).answer.text));
  return withItems(bodies[0], bodies.flatMap(itemsOf));
}

/** What a schedule's lookup spent: the batches its member opened, the keys already answered. */
function runOf(member: Member, outcomes: KeyOutcome[]): LookupRun {
  const refused = outcomes.find((o) => "refused" in o.shared)?.shared;
  // The batches this member's budget paid for: one the pacer refused was never sent.
  const paid = outcomes.filter((o) => o.batch > 0 && o.opener === member.name && "answer" in o.shared);
  const sent = new Set(paid.map((o) => o.batch));
  const cacheHits = outcomes.filter((o) => o.batch === 0 || o.opener !== member.name).length;
  const failed = outcomes.find((o) => "answer" in o.shared && !cacheable(o.shared.answer))?.shared;
  const failure = failed && "answer" in failed ? envelopeCode(failed.answer.text) : undefined;
  const answered = !refused && !failed && outcomes.length > 0;
  return {
    calls: sent.size,
    cacheHits,
    ...(refused && "refused" in refused ? { refused: refused.refused } : {}),
    ...(failed ? { failure: failure ?? `HTTP ${"answer" in failed ? failed.answer.status : 0}` } : {}),
    ...(answered ? { answer: mergedAnswer(outcomes) } : {}),
  };
}
