/**
 * The plan's keys (MAD_KEYS_FILE): `[{"name": "main", "secret": "…", "perMinute": 40, "monthlyBudget": 15000}]`.
 * Read once at start; they live only on the server. Errors name the entry and the field, never a secret.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { PacedKey } from "./team-store";

export interface PlanKey extends PacedKey {
  readonly secret: string;
}

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** A short, one-way name for a secret: state follows the secret (a replaced secret starts afresh). */
export const fingerprintOf = (secret: string): string =>
  createHash("sha256").update(`mad-key\u0000${secret}`).digest("hex").slice(0, 16);

export function parseKeys(json: unknown, source: string): PlanKey[] {
  if (!Array.isArray(json) || json.length === 0)
    throw new Error(
      `${source}: expected a JSON list of keys, e.g. [{"name": "main", "secret": "…", "perMinute": 40, "monthlyBudget": 15000}]`,
    );
  const names = new Set<string>();
  return json.map((entry: unknown, i) => {
    const at = `${source}: key ${i + 1}`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new Error(`${at}: expected an object`);
    const { name, secret, perMinute, monthlyBudget } = entry as Record<string, unknown>;
    if (typeof name !== "string" || !KEY_NAME.test(name))
      throw new Error(`${at}: name: expected 1 to 40 letters, digits, dots, dashes or underscores`);
    if (names.has(name)) throw new Error(`${at}: name: "${name}" is used twice`);
    names.add(name);
    if (typeof secret !== "string" || secret.trim().length < 8 || /\s/.test(secret))
      throw new Error(`${at} ("${name}"): secret: expected the key's secret (8 characters or more, no spaces)`);
    if (!Number.isInteger(perMinute) || (perMinute as number) < 1 || (perMinute as number) > 10_000)
      throw new Error(`${at} ("${name}"): perMinute: expected a whole number of calls a minute, 1 to 10000`);
    if (
      monthlyBudget !== undefined &&
      monthlyBudget !== null &&
      (!Number.isInteger(monthlyBudget) || (monthlyBudget as number) < 0)
    )
      throw new Error(`${at} ("${name}"): monthlyBudget: expected a whole number of calls a month (or leave it out)`);
    return {
      name,
      secret,
      fingerprint: fingerprintOf(secret),
      perMinute: perMinute as number,
      monthlyBudget: (monthlyBudget as number | null | undefined) ?? null,
    };
  });
}

/** Reads the keys file; `warn` hears when others than its owner may read it. */
export function readKeysFile(path: string, warn: (message: string) => void): PlanKey[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`MAD_KEYS_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if ((statSync(path).mode & 0o077) !== 0)
    warn(`${path} can be read by other users of this machine: chmod 600 it (it holds the plan's secrets)`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`MAD_KEYS_FILE: ${path} is not valid JSON`);
  }
  return parseKeys(json, path);
}
