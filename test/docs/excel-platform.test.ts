/**
 * docs/excel-platform.md says which Excel API needs which requirement set. Held here against Microsoft's own typings
 * (@types/office-js marks every member `[Api set: ExcelApi x.y]`), against the code (every API listed is used) and
 * against manifest.xml (it asks for at least the highest set the table lists), so the page cannot drift.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { ROOT } from "../architecture/source-scan";

const doc = readFileSync(path.join(ROOT, "docs/excel-platform.md"), "utf8");
const typings = readFileSync(path.join(ROOT, "node_modules/@types/office-js/index.d.ts"), "utf8");
const excelTypings = typings.slice(typings.indexOf("declare namespace Excel {"));
const code = ["src/taskpane/host", "src/functions", "src/engine"]
  .flatMap((dir) => {
    const { readdirSync } = require("node:fs") as typeof import("node:fs");
    const walk = (d: string): string[] =>
      readdirSync(path.join(ROOT, d), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(d, e.name))
          : e.name.endsWith(".ts")
            ? [readFileSync(path.join(ROOT, d, e.name), "utf8")]
            : [],
      );
    return walk(dir);
  })
  .join("\n");

/** Rows of the page's Excel API table: `| \`Range.values\` | ExcelApi 1.1 | ... |`. */
const rows = [...doc.matchAll(/^\| `(\w+)\.(\w+)` \| ExcelApi (1\.\d+) \|/gm)].map((m) => ({
  api: `${m[1]}.${m[2]}`,
  owner: m[1],
  member: m[2],
  version: m[3],
}));

/** The `[Api set: ExcelApi x.y]` of a member in Microsoft's typings, from its doc comment. */
function apiSetOf(owner: string, member: string): string | undefined {
  const start = excelTypings.search(new RegExp(`\\n    class ${owner} extends OfficeExtension\\.ClientObject \\{`));
  if (start < 0) return undefined;
  const body = excelTypings.slice(start, excelTypings.indexOf("\n    }\n", start));
  const at = body.search(new RegExp(`\\n        (readonly )?${member}[(:?<]`));
  if (at < 0) return undefined;
  const comment = body.slice(body.lastIndexOf("/**", at), at);
  const sets = [...comment.matchAll(/\[Api set: ExcelApi (1\.\d+)\]/g)].map((m) => m[1]);
  return sets[sets.length - 1];
}

const newer = (a: string, b: string) => Number(a.split(".")[1]) > Number(b.split(".")[1]);

test("the page lists the Excel APIs the host uses (the table is read, not empty)", () => {
  expect(rows.length).toBeGreaterThan(25);
});

test.each(rows)(
  "$owner.$member is in ExcelApi $version, as Microsoft's typings mark it",
  ({ owner, member, version }) => {
    expect(apiSetOf(owner, member)).toBe(version);
  },
);

test.each(rows)("$api is used by the add-in's code", ({ member }) => {
  expect(code).toMatch(new RegExp(`\\.${member}\\b`));
});

test("manifest.xml asks for the highest ExcelApi the table lists, and the sets the page names", () => {
  const manifest = new XMLParser({ ignoreAttributes: false }).parse(
    readFileSync(path.join(ROOT, "manifest.xml"), "utf8"),
  );
  const sets = manifest.OfficeApp.Requirements.Sets.Set as { "@_Name": string; "@_MinVersion": string }[];
  const declared = Object.fromEntries(sets.map((s) => [s["@_Name"], s["@_MinVersion"]]));
  const highest = rows.map((r) => r.version).reduce((a, b) => (newer(b, a) ? b : a));
  expect(declared).toEqual({ SharedRuntime: "1.1", CustomFunctionsRuntime: "1.3", ExcelApi: highest });
  expect(doc).toContain(`**ExcelApi ${highest}**, **CustomFunctionsRuntime 1.3** and **SharedRuntime 1.1**`);
});
