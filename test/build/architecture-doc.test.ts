/**
 * ARCHITECTURE.md's walkthroughs stay true: every file or folder it names under src/, test/, bench/ or scripts/
 * exists; and every setting the add-in keeps in storage is in the README's Configuration table.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PACING_KEY } from "../../src/engine/minute-limit";
import { SETTINGS_KEYS } from "../../src/engine/key-value-store";

const ROOT = join(__dirname, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

test("every path ARCHITECTURE.md names exists (placeholders such as <feature> aside)", () => {
  const paths = [...read("ARCHITECTURE.md").matchAll(/`((?:src|test|bench|scripts)\/[^`\s]*)`/g)]
    .map((m) => m[1])
    .filter((path) => !path.includes("<"));
  expect(paths.length).toBeGreaterThan(30);
  expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
});

test("every stored setting is documented in the README's Configuration table", () => {
  const readme = read("README.md");
  const keys = [...Object.values(SETTINGS_KEYS), PACING_KEY];
  expect(keys.filter((key) => !readme.includes(`| \`${key}\` |`))).toEqual([]);
});
