/**
 * The Connection tab's *Team relay* choice: a relay address and a member's token instead of the plan's secret. The
 * token is stored where the secret is (runtime storage, never the workbook) and is as secret: only its last 4
 * characters are ever shown. Checks of what is typed, and the words of a test's outcome for a team.
 */
import { isTeamToken } from "../../api/team-token";
import type { ConnectionReport } from "./connection";

export type Credential = "secret" | "team";

/** Which way the stored credential connects: a member token means a team relay. */
export const credentialOf = (stored: string | null | undefined): Credential =>
  isTeamToken(stored) ? "team" : "secret";

/** What the pane shows of a stored token: that one is set, and its last 4 characters. */
export function storedTokenHint(token: string | null | undefined): string | null {
  return isTeamToken(token) ? `Token set: ••••${token!.trim().slice(-4)}` : null;
}

/** Why a typed token cannot be one (nothing is sent then), or undefined. */
export function tokenProblem(typed: string): string | undefined {
  const clean = typed.trim();
  if (!clean) return undefined;
  return isTeamToken(clean)
    ? undefined
    : "A team token starts with madt_ and is 48 characters long: copy it again from your team's admin.";
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Why a relay address cannot be used, or undefined. */
export function relayUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return "Enter the team relay's address, for example https://mad.contoso.com/";
  }
  if (parsed.protocol === "https:" || (parsed.protocol === "http:" && LOCAL_HOST.test(parsed.hostname)))
    return parsed.search || parsed.hash
      ? "The relay's address has no query or fragment (nothing after ? or #)."
      : undefined;
  return "The relay's address starts with https:// (http:// only for a relay on this computer).";
}

/** A test's outcome in a team's words: the token, the team's calls, the admin to ask. */
export function teamReport(report: ConnectionReport): ConnectionReport {
  switch (report.status) {
    case "wrongSecret":
    case "expiredSecret":
      return {
        ...report,
        title: "The token is not accepted",
        detail: "It may have been revoked or mistyped: ask your team's admin for a new one, then paste it here.",
      };
    case "noSecret":
      return {
        ...report,
        title: "No token entered",
        detail: "Paste the token your team's admin gave you, then test again.",
      };
    case "quotaReached":
      return { ...report, title: "No calls left this month", detail: report.detail };
    case "unreachable":
      return {
        ...report,
        title: "The team relay cannot be reached",
        detail: `Check the relay's address. ${report.detail}`,
      };
    case "ok":
    case "failed":
      return report;
    default: {
      const unknown: never = report.status;
      throw new Error(`unknown connection status ${String(unknown)}`);
    }
  }
}
