/**
 * The relay's batchers of looked-up keys (src/server/team/shared-lookup.ts) do not pile up: a batcher per group of
 * keys that may share a call (an operation and its other parameters) is dropped a minute after its last key was
 * answered, so a relay that sees many distinct groups holds none of them an idle minute later. On a simulated
 * clock, with the team's call and single flight stood in for (each batch answers every key it lists).
 */
import { operation } from "../../src/api/catalog";
import { lookupCaller } from "../../src/server/team/shared-lookup";
import type { GrantedCall, FlightCall, SharedCallOptions } from "../../src/server/team/team-request";
import { teamRequest } from "../../src/server/team/team-request";
import type { Member } from "../../src/server/team/team-store";
import { VirtualClock } from "../support/virtual-clock";

const WINDOW_MS = 50;
/** The relay's idle time for a group's batcher (BATCHER_IDLE_MS in shared-lookup.ts). */
const IDLE_MS = 60_000;
const asin = (i: number) => `B0${String(i).padStart(8, "0")}`;
const member = (name: string): Member => ({ name, role: "member", monthlyBudget: null, createdAt: 0 });

function relayLookups(clock: VirtualClock) {
  const sent: { member: string; asins: string[] }[] = [];
  const call: GrantedCall = async (asker, request) => {
    const asins = (JSON.parse(request.body) as { asins: string[] }).asins;
    sent.push({ member: asker.name, asins });
    const items = asins.map((a) => ({ asin: a, title: `Product ${a}` }));
    const text = JSON.stringify({ code: "OK", message: "", data: { items, total: items.length } });
    return { answer: { status: 200, text, fromService: true }, source: "miss" };
  };
  const flight: FlightCall = (_request, fly) => fly();
  const options = {
    clock,
    keys: [{ name: "main", fingerprint: "f", monthlyBudget: null }],
    batchWindowMs: WINDOW_MS,
    store: { count: async () => undefined },
  } as unknown as SharedCallOptions;
  return { lookups: lookupCaller(options, call, flight), sent };
}

const requestFor = (brand: string, asins: string[]) => {
  const checked = teamRequest(operation("competitor_lookup"), { marketplace: "US", brand, asins }, 0);
  if ("error" in checked) throw new Error(checked.error);
  return checked.request;
};
const itemsOf = (shared: Awaited<ReturnType<ReturnType<typeof lookupCaller>["request"]>>) =>
  "answer" in shared ? (JSON.parse(shared.answer.text) as { data: { items: { asin: string }[] } }).data.items : [];

test("250 distinct groups asked once: the relay keeps their batchers an idle minute, then none", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { lookups, sent } = relayLookups(clock);
  const asked = Array.from({ length: 250 }, (_, i) =>
    lookups.request(member(`m${i}`), requestFor(`Brand ${i}`, [asin(i)])),
  );
  await clock.advance(WINDOW_MS);
  const answers = await Promise.all(asked);
  // Each member got their own key's product, from a call spent on their own budget.
  expect(answers.map((a) => itemsOf(a).map((item) => item.asin))).toEqual(answers.map((_, i) => [asin(i)]));
  expect(sent).toHaveLength(250);
  expect(sent.every((s, i) => s.member === `m${i}` && s.asins.join() === asin(i))).toBe(true);
  expect(lookups.batchGroups()).toBe(250);
  await clock.advance(IDLE_MS);
  expect(lookups.batchGroups()).toBe(0);
});

test("two members' keys in one batch: it is spent on the member who asked its first key, each gets only theirs", async () => {
  const clock = new VirtualClock({ autoAdvance: false });
  const { lookups, sent } = relayLookups(clock);
  const ann = lookups.request(member("ann"), requestFor("Acme", [asin(1), asin(2)]));
  const bob = lookups.request(member("bob"), requestFor("Acme", [asin(3)]));
  await clock.advance(WINDOW_MS);
  const [forAnn, forBob] = await Promise.all([ann, bob]);
  expect(sent).toEqual([{ member: "ann", asins: [asin(1), asin(2), asin(3)] }]);
  expect(itemsOf(forAnn).map((item) => item.asin)).toEqual([asin(1), asin(2)]);
  expect(itemsOf(forBob).map((item) => item.asin)).toEqual([asin(3)]);
});
