/**
 * A team relay's member token (`npm run serve -- --team`): 256 random bits after `madt_`, base64url. The add-in
 * keeps it where it keeps an API secret and sends it as `Authorization: Bearer` to the relay, which alone knows the
 * plan's keys; the relay recognises it by this shape, and so does the add-in (a secret never has it).
 */
export const TEAM_TOKEN_PREFIX = "madt_";
const TEAM_TOKEN = /^madt_[A-Za-z0-9_-]{43}$/;

export const isTeamToken = (credential: string | null | undefined): boolean =>
  TEAM_TOKEN.test((credential ?? "").trim());
