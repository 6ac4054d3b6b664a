/** The Connection tab's Team relay choice: what a token and a relay address must be, and a test's words for a team. */
import { SecretKeyError, VisitMaxError } from "../../src/api/errors";
import { isTeamToken } from "../../src/api/team-token";
import { newToken } from "../../src/server/team/tokens";
import { connectionReport } from "../../src/taskpane/connection/connection";
import {
  credentialOf,
  relayUrlProblem,
  storedTokenHint,
  teamReport,
  tokenProblem,
} from "../../src/taskpane/connection/relay-credential";

const token = newToken();

test("a token the relay issues is recognised as one; an API secret is not", () => {
  expect(isTeamToken(token)).toBe(true);
  expect(credentialOf(token)).toBe("team");
  expect(credentialOf("0123456789abcdef0123456789abcdef")).toBe("secret");
  expect(credentialOf(null)).toBe("secret");
});

test("only that a token is set and its last 4 characters are shown", () => {
  expect(storedTokenHint(token)).toBe(`Token set: ••••${token.slice(-4)}`);
  expect(storedTokenHint(token)).not.toContain(token.slice(5, -4));
  expect(storedTokenHint("0123456789abcdef0123456789abcdef")).toBeNull();
});

test("a mistyped token or relay address is said before anything is sent", () => {
  expect(tokenProblem(token)).toBeUndefined();
  expect(tokenProblem("")).toBeUndefined();
  expect(tokenProblem(token.slice(0, -1))).toMatch(/starts with madt_ and is 48 characters/);
  expect(tokenProblem("0123456789abcdef0123456789abcdef")).toMatch(/madt_/);
  expect(relayUrlProblem("https://mad.contoso.com/")).toBeUndefined();
  expect(relayUrlProblem("http://127.0.0.1:8080")).toBeUndefined();
  expect(relayUrlProblem("http://mad.contoso.com/")).toMatch(/https:\/\//);
  expect(relayUrlProblem("mad.contoso.com")).toMatch(/Enter the team relay's address/);
  expect(relayUrlProblem("https://mad.contoso.com/?token=x")).toMatch(/no query/);
});

test("a refused token sends the member to their team's admin, not to a secret they do not have", () => {
  const refused = teamReport(connectionReport({ ok: false, error: new SecretKeyError({ code: "ERROR_SECRET_KEY" }) }));
  expect(refused.title).toBe("The token is not accepted");
  expect(refused.detail).toMatch(/team's admin/);
  expect(refused.detail).not.toMatch(/secret/i);
  const spent = teamReport(connectionReport({ ok: false, error: new VisitMaxError({ code: "ERROR_VISIT_MAX" }) }));
  expect(spent.title).toBe("No calls left this month");
  expect(teamReport(connectionReport({ ok: true, remaining: 12 })).detail).toBe("12 calls left this month.");
});
