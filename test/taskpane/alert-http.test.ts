/**
 * The pane takes an `http://` receiver when the relay does (issue 46): a relay started with
 * MAD_ALERTS_ALLOW_PRIVATE=1 (local testing) accepts webhooks over http to this machine, and the Alerts form no
 * longer refuses them before asking it; the relay's own check (the dry run that prices the alert) says so, and on a
 * relay that does not allow them its refusal lands on the destinations field, in its words.
 */
import { alertClient, AlertRefusal } from "../../src/taskpane/alerts/alert-client";
import { alertRequest, deliverProblem, draftFor, fieldOfProblem } from "../../src/taskpane/alerts/alert-form";
import { planKey, startTeam, type RunningTeam } from "../server/support/team";
import { useSimulator } from "../support/simulator";

const SECRET = "alhttp0secret00000000000000wxyz0";
const sim = useSimulator({ secret: SECRET });
const teams: RunningTeam[] = [];
afterAll(() => Promise.all(teams.map((t) => t.stop())));

const HOOK = "http://127.0.0.1:9/hook";
const draft = { ...draftFor('=MAD.PRODUCTDETAILS("US","B07Z82895W")', "Mat price", "en"), when: "price < 20" };

async function clientOf(allowPrivate: boolean) {
  const team = await startTeam({
    kind: "memory",
    upstream: sim.url,
    keys: [planKey("main", SECRET)],
    alerts: { allowPrivate },
  });
  teams.push(team);
  return alertClient({ baseUrl: team.bases[0], secret: await team.member("pat") }, "en")!;
}

test("the form leaves an http:// webhook to the relay; other schemes it still refuses at once", () => {
  expect(deliverProblem(HOOK)).toBeUndefined();
  expect(deliverProblem("ftp://example.com/hook")).toBe(
    "ftp://example.com/hook is neither a webhook (https://, or http:// where the relay allows it) nor a mailto: address.",
  );
});

test("a relay that allows private receivers takes the http:// webhook; one that does not refuses it on the field", async () => {
  const request = alertRequest({ ...draft, deliver: HOOK });
  const allowing = await clientOf(true);
  expect((await allowing.check("http-hook-1", request)).saved).toBe(false);

  const strict = await clientOf(false);
  const refusal = await strict.check("http-hook-1", request).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(AlertRefusal);
  expect(fieldOfProblem((refusal as AlertRefusal).problem)).toBe("deliver");
});
