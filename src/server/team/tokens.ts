/**
 * Member tokens: 256 random bits, shown once when issued, stored only as a SHA-256 hash. A fast hash is enough
 * here (unlike for passwords): a token is random, so there is nothing to guess from its hash.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isTeamToken, TEAM_TOKEN_PREFIX } from "../../api/team-token";

const MEMBER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$/;

export const newToken = (): string => `${TEAM_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The token of an `Authorization: Bearer …` header, if it has a token's shape (anything else is no token). */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match && isTeamToken(match[1]) ? match[1] : undefined;
}

/** Why a member name is refused, or undefined. */
export function memberNameProblem(name: string): string | undefined {
  return MEMBER_NAME.test(name)
    ? undefined
    : "a member name is 1 to 64 letters, digits and . _ @ + - (an e-mail address works), starting with a letter or digit";
}
