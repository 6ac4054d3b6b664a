/**
 * The example responses, one file per operation that has one: the real ones copied from shared/fixtures/api-examples
 * so CI has them, and for newer operations responses made from the official documents' examples (their `_about` says
 * so; a real response, once captured, replaces one).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const FIXTURE_DIR = join(__dirname, "..", "..", "fixtures", "api-examples");

export const fixtureCodes = (): string[] =>
  readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();

export const fixture = (code: string): { code: string; message: string; data: unknown } =>
  JSON.parse(readFileSync(join(FIXTURE_DIR, `${code}.json`), "utf8"));
