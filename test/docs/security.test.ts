/** SECURITY.md names, for each promise, the test that holds it: every test it names exists. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../architecture/source-scan";

const security = readFileSync(path.join(ROOT, "SECURITY.md"), "utf8");
const table = security.slice(security.indexOf("## How each promise is tested"));
const named = [...new Set([...table.matchAll(/`(test\/[\w./-]+\.test\.tsx?)`/g)].map((m) => m[1]))];

test("SECURITY.md names a test for each promise, and every test it names exists", () => {
  expect(
    table.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| Promise")).length,
  ).toBeGreaterThan(20);
  expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
});
