/**
 * A newcomer on the Node the README names gets no EBADENGINE from `npm ci`: package.json's `engines.node`, the
 * README's quick start and every installed package's own `engines.node` (package-lock.json) agree on the oldest
 * Node that works. (webpack-cli 7 pulled in rechoir 1, which wants Node 22.15: hence webpack-cli 6.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";

const ROOT = path.resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const oldest = semver.minVersion(pkg.engines.node)!;

test("the oldest Node package.json admits is a Node 20 (what CI and users run)", () => {
  expect(oldest.major).toBe(20);
});

test("every package in the lock file runs on that Node (npm ci warns EBADENGINE otherwise)", () => {
  const refusing = Object.entries(lock.packages)
    .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter(([, range]) => range !== undefined && !semver.satisfies(oldest, range))
    .map(([name, range]) => `${name} wants node ${range}`);
  expect(refusing).toEqual([]);
});

test("the README's quick start names the same oldest Node", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  expect(readme).toContain(`Node.js ${oldest.major}.${oldest.minor} or later`);
});
