/**
 * The calls meter through a team relay does not contradict itself (issue 46: "1 / 500 used" above "You: 500 of 500").
 * A member's request may be answered by the team's shared cache for nothing, which the add-in cannot see: so through
 * a relay its calls left are the relay's, as its /v1/visits says, never counted down by the add-in between reads;
 * the meter's line and the member's line then tell the same.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { meterText, teamCallsText } from "../../src/taskpane/shared/calls-meter";
import { VirtualClock } from "../support/virtual-clock";

const TOKEN = `madt_${"a".repeat(43)}`;
const json = (data: unknown) =>
  new Response(JSON.stringify({ code: "OK", message: "OK", data }), {
    headers: { "content-type": "application/json" },
  });

/** A team relay whose member has a budget of 500 and has spent none: every answer comes from the team's cache. */
function relay() {
  const visits = () =>
    json({
      remaining: 500,
      quota: 500,
      member: { name: "ann", quota: 500, used: 0, remaining: 500 },
      plan: { quota: 1000, used: 20, remaining: 980 },
    });
  const fetchImpl = async (input: RequestInfo | URL) =>
    String(input).includes("/v1/visits") ? visits() : json([{ label: "202507" }]);
  return fetchImpl as typeof fetch;
}

const service = (fetchImpl: typeof fetch, base: string, secret: string) =>
  createEngine({
    store: memoryStore({ "mad.secret": secret, "mad.baseUrl": base }),
    clock: new VirtualClock(),
    client: { fetch: fetchImpl },
  });

test("through a relay, a request answered from the team's cache does not count down the meter: both lines agree", async () => {
  const engine = service(relay(), "https://relay.example.com", TOKEN);
  expect(await engine.checkConnection()).toMatchObject({ ok: true });
  await engine.query("aba_research_trend", { marketplace: "US", keyword: "phone stand" });
  const usage = engine.usage();
  expect(usage.callsThisSession).toBe(1);
  expect(meterText(usage)).toBe("0 / 500 calls used this month (500 left)");
  expect(teamCallsText(usage.teamThisMonth!)).toBe("You: 500 of 500 calls left · Team plan: 980 of 1,000 calls left");
});

test("with the service's own secret, each answer is a call: counted down between reads, as before", async () => {
  const direct = async (input: RequestInfo | URL) =>
    String(input).includes("/v1/visits") ? json({ remaining: 988, quota: 1000 }) : json([{ label: "202507" }]);
  const engine = service(direct as typeof fetch, "https://api.example.test", "0123456789abcdef0123456789abcdef");
  await engine.checkConnection();
  await engine.query("aba_research_trend", { marketplace: "US", keyword: "phone stand" });
  expect(meterText(engine.usage())).toBe("13 / 1,000 calls used this month (987 left)");
});
