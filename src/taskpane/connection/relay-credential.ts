/**
 * The Connection tab's *Team relay* choice: a relay address and a member's token instead of the plan's secret. The
 * token is stored where the secret is (runtime storage, never the workbook) and is as secret: only its last 4
 * characters are ever shown. Checks of what is typed, and the words of a test's outcome for a team.
 */
import { isTeamToken } from "../../api/team-token";
import { t } from "../../i18n";
import type { ConnectionReport } from "./connection";

export type Credential = "secret" | "team";

/** Which way the stored credential connects: a member token means a team relay. */
export const credentialOf = (stored: string | null | undefined): Credential =>
  isTeamToken(stored) ? "team" : "secret";

/** What the pane shows of a stored token: that one is set, and its last 4 characters. */
export function storedTokenHint(token: string | null | undefined): string | null {
  return isTeamToken(token) ? t("connection.tokenSetEnding", { last4: token!.trim().slice(-4) }) : null;
}

/** Why a typed token cannot be one (nothing is sent then), or undefined. */
export function tokenProblem(typed: string): string | undefined {
  const clean = typed.trim();
  return !clean || isTeamToken(clean) ? undefined : t("connection.token.misshapen");
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Why a relay address cannot be used, or undefined. */
export function relayUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return t("connection.relay.missing");
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && LOCAL_HOST.test(parsed.hostname)))
    return t("connection.relay.notHttps");
  return parsed.search || parsed.hash ? t("connection.relay.query") : undefined;
}

/** A test's outcome in a team's words: the token, the team's calls, the admin to ask. */
export function teamReport(report: ConnectionReport): ConnectionReport {
  switch (report.status) {
    case "wrongSecret":
    case "expiredSecret":
      return { ...report, title: t("connection.team.refused"), detail: t("connection.team.refusedDetail") };
    case "noSecret":
      return { ...report, title: t("connection.team.noToken"), detail: t("connection.team.enterToken") };
    case "quotaReached":
      return { ...report, title: t("connection.team.quotaReached") };
    case "unreachable":
      // Not the service's advice (a forwarding proxy): a relay is reached, or let in, its own way.
      return { ...report, title: t("connection.team.unreachable"), detail: t("connection.team.unreachableDetail") };
    case "ok":
    case "failed":
      return report;
    default: {
      const unknown: never = report.status;
      throw new Error(`unknown connection status ${String(unknown)}`);
    }
  }
}
