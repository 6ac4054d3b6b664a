/**
 * The plan's keys file (src/server/team/keys-file.ts, MAD_KEYS_FILE): the server warns when others than its owner
 * may read it, and errors name the entry and the field, never a secret.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseKeys, readKeysFile } from "../../src/server/team/keys-file";

const SECRET = "keysfile0secret00000000000000wxyz";
let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), "mad-keys-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function keysFile(mode: number, text = JSON.stringify([{ name: "main", secret: SECRET, perMinute: 40 }])): string {
  const file = path.join(dir, "keys.json");
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

test("a keys file others may read is read, with a warning to chmod 600 it; one only its owner reads, without", () => {
  const warnings: string[] = [];
  expect(readKeysFile(keysFile(0o644), (w) => warnings.push(w)).map((k) => k.name)).toEqual(["main"]);
  expect(warnings).toEqual([expect.stringMatching(/can be read by other users of this machine: chmod 600 it/)]);
  warnings.length = 0;
  readKeysFile(keysFile(0o600), (w) => warnings.push(w));
  expect(warnings).toEqual([]);
});

test("errors name the file, the entry and the field, never the secret", () => {
  const problems = [
    () => readKeysFile(keysFile(0o600, `[{"name": "main", "secret": "${SECRET}", `), () => undefined),
    () => parseKeys([{ name: "main", secret: SECRET, perMinute: 0 }], "keys.json"),
    () => parseKeys([{ name: "main", secret: `${SECRET} x`, perMinute: 40 }], "keys.json"),
    () => parseKeys([{ name: SECRET.repeat(2), secret: SECRET, perMinute: 40 }], "keys.json"),
  ];
  const messages = problems.map((problem) => {
    try {
      problem();
      return "no error";
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(messages[0]).toMatch(/keys\.json is not valid JSON$/);
  expect(messages[1]).toBe(
    'keys.json: key 1 ("main"): perMinute: expected a whole number of calls a minute, 1 to 10000',
  );
  expect(messages[2]).toMatch(/^keys\.json: key 1 \("main"\): secret: expected the key's secret/);
  expect(messages[3]).toMatch(/^keys\.json: key 1: name: expected 1 to 40 letters/);
  for (const message of messages) expect(message).not.toContain(SECRET);
});
