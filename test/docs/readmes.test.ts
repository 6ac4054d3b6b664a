/**
 * README.md and README.zh-CN.md kept in step (issue 32: the Chinese one said CustomFunctionsRuntime 1.2, lacked
 * mad.pacing and said `npm start` opens the preview): the commands the Chinese README names are scripts and the
 * English one names them too, the quick start runs the same commands, the settings tables have the same keys in the
 * same order, and the requirement sets both name are the manifest's. The English script table lists every script.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../architecture/source-scan";

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const english = read("README.md");
const chinese = read("README.zh-CN.md");
const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);

/** `npm start`, `npm test`, `npm run x` as scripts' names. */
const commands = (text: string): string[] => [
  ...new Set([...text.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)].map((m) => m[1] ?? m[2])),
];

/** The section under a `## heading`, to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The commands of the first shell block of a section, without their comments. */
const shellCommands = (text: string) =>
  (/```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? "")
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean);

const settingKeys = (text: string) => [...text.matchAll(/^\| `(mad\.\w+)` \|/gm)].map((m) => m[1]);

const requirementSets = (text: string) =>
  [...text.matchAll(/\b(SharedRuntime|CustomFunctionsRuntime|ExcelApi) (\d+\.\d+)/g)].map((m) => `${m[1]} ${m[2]}`);

test("every command the Chinese README names is a script, and the English README names it too", () => {
  const named = commands(chinese);
  expect(named.length).toBeGreaterThan(5);
  expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  expect(named.filter((name) => !commands(english).includes(name))).toEqual([]);
});

test("both quick starts run the same commands", () => {
  expect(shellCommands(section(chinese, "快速开始"))).toEqual(shellCommands(section(english, "Quick start")));
});

test("both settings tables list the same keys in the same order", () => {
  const keys = settingKeys(section(english, "Configuration"));
  expect(keys).toContain("mad.pacing");
  expect(settingKeys(section(chinese, "配置"))).toEqual(keys);
});

test("both READMEs name the manifest's requirement sets, at the manifest's versions", () => {
  const manifest = [...read("manifest.xml").matchAll(/<Set Name="(\w+)" MinVersion="([\d.]+)"\/>/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  expect(manifest).toContain("CustomFunctionsRuntime 1.3");
  expect([...new Set(requirementSets(english))].sort()).toEqual([...manifest].sort());
  expect([...new Set(requirementSets(chinese))].sort()).toEqual([...manifest].sort());
});

test("the English script table lists every npm script", () => {
  const table = english.slice(english.indexOf("| Script | What it does |"));
  const listed = commands(table.slice(0, table.indexOf("\n\n")));
  expect(scripts.filter((name) => !listed.includes(name))).toEqual([]);
});

test("ARCHITECTURE.md names every setting of the README's table, and no document gives the cache a default cap", () => {
  const architecture = read("ARCHITECTURE.md");
  const stored = architecture.slice(architecture.indexOf("Stored settings"));
  for (const key of settingKeys(section(english, "Configuration"))) expect(stored).toContain(`\`${key}\``);
  // Without mad.cacheTtlHours a page stays current until its data period ends (src/engine/settings.ts: null).
  for (const file of ["ARCHITECTURE.md", "SECURITY.md", "README.md", "docs/task-pane.md"])
    expect({ file, claims: /cacheTtlHours[^.|]*default 12|12 hours by default/.test(read(file)) }).toEqual({
      file,
      claims: false,
    });
});
