/**
 * The Alerts tab's relay client against a real team relay (state in memory, the simulator behind it, a real SMTP
 * server for mailto: destinations) over HTTP: only with a member token; the dry run prices and saves nothing; save,
 * list, mute and delete; the relay's refusals come back with their stable problem and land on the form's field.
 */
import { alertClient, AlertRefusal } from "../../src/taskpane/alerts/alert-client";
import { alertRequest, draftFor, fieldOfProblem } from "../../src/taskpane/alerts/alert-form";
import { startSmtp, type SmtpReceiver } from "../server/support/alert-receivers";
import { planKey, startTeam, type RunningTeam } from "../server/support/team";
import { useSimulator } from "../support/simulator";

const SECRET = "paneal0secret000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
let smtp: SmtpReceiver;
let team: RunningTeam;

beforeAll(async () => {
  smtp = await startSmtp();
  team = await startTeam({
    kind: "memory",
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    alerts: { smtpUrl: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false` },
  });
});
afterAll(async () => {
  await team?.stop();
  await smtp?.stop();
});

const draft = {
  ...draftFor('=MAD.PRODUCTDETAILS("US","B07Z82895W")', "Mat price", "en"),
  when: "price change <= -15% or new rows",
  deliver: "mailto:buyer@contoso.com",
};

test("no client without a member token: a plan secret has no relay to run alerts", () => {
  expect(alertClient({ baseUrl: team.bases[0], secret: SECRET }, "en")).toBeNull();
  expect(alertClient({ baseUrl: team.bases[0], secret: null }, "en")).toBeNull();
});

test("check prices without saving; save, list, mute and delete; nothing spent on the service", async () => {
  const client = alertClient({ baseUrl: team.bases[0], secret: await team.member("pat") }, "en")!;
  sim.resetStats();
  const checked = await client.check("pane-test-1", alertRequest(draft));
  expect(checked.saved).toBe(false);
  expect(checked.cost).toEqual({ runsPerMonth: 30, callsPerRun: 1, paidRunsPerMonth: 30, callsPerMonth: 30 });
  expect(await client.list()).toEqual([]);

  const saved = await client.save("pane-test-1", alertRequest(draft));
  expect(saved).toMatchObject({ saved: true, name: "Mat price", muted: false, when: draft.when });
  expect(saved.deliver).toEqual([expect.objectContaining({ format: "email", shown: "mailto:b…@contoso.com" })]);
  expect((await client.list()).map((a) => [a.id, a.muted, a.lastRun, a.lastFiredAt])).toEqual([
    ["pane-test-1", false, undefined, undefined],
  ]);
  expect((await client.mute("pane-test-1", true)).muted).toBe(true);
  expect((await client.list())[0].muted).toBe(true);
  expect((await client.mute("pane-test-1", false)).muted).toBe(false);
  await client.remove("pane-test-1");
  expect(await client.list()).toEqual([]);
  expect(sim.stats().total).toBe(0);
});

test("the relay's refusals keep their problem and detail, and land on the field they name", async () => {
  const client = alertClient({ baseUrl: team.bases[0], secret: await team.member("kim") }, "en")!;
  const refusal = (await client
    .check("pane-test-2", alertRequest({ ...draft, when: "pricey < 3" }))
    .catch((e: unknown) => e)) as AlertRefusal;
  expect(refusal).toBeInstanceOf(AlertRefusal);
  expect([refusal.problem, refusal.status, fieldOfProblem(refusal.problem)]).toEqual(["when-field", 400, "when"]);
  expect(refusal.message).toMatch(/pricey/);
  expect(refusal.detail.fields).toEqual(expect.arrayContaining(["price"]));

  const badQuery = (await client
    .check("pane-test-2", alertRequest({ ...draft, query: '=MAD.PRODUCTDETAILS("XX","B07Z82895W")' }))
    .catch((e: unknown) => e)) as AlertRefusal;
  expect([badQuery.problem, fieldOfProblem(badQuery.problem)]).toEqual(["query-arguments", "query"]);

  const loopback = (await client
    .check("pane-test-2", alertRequest({ ...draft, deliver: "https://127.0.0.1/hook" }))
    .catch((e: unknown) => e)) as AlertRefusal;
  expect([loopback.problem, fieldOfProblem(loopback.problem)]).toEqual(["destination-refused", "deliver"]);
  expect(await client.list()).toEqual([]);
});
