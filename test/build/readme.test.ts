/**
 * The README guides rather than lists: it stays short, and every relative link in it and in docs/ leads somewhere
 * (a file that exists, and a heading that exists in it when the link names one).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = join(__dirname, "..", "..");
const README_MAX_LINES = 350;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(slug(match[1]));
  for (const match of markdown.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

/** Relative links of a markdown file: `[text](path#anchor)` and images, outside code spans and blocks. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((href) => !/^[a-z]+:/i.test(href));
}

const documents = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

test(`the README is at most ${README_MAX_LINES} lines (details live in docs/)`, () => {
  const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length;
  expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
});

test.each(documents)("every relative link in %s leads to a file and heading that exist", (document) => {
  const path = join(ROOT, document);
  const broken: string[] = [];
  for (const href of relativeLinks(readFileSync(path, "utf8"))) {
    const [file, anchor] = href.split("#");
    const target = file === "" ? path : resolve(dirname(path), decodeURI(file));
    if (!existsSync(target)) {
      broken.push(`${href}: no such file`);
      continue;
    }
    if (anchor && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor))
      broken.push(`${href}: no such heading`);
  }
  expect(broken).toEqual([]);
});

test("the link check finds a broken link (it is not vacuous)", () => {
  expect(relativeLinks("see [x](docs/nowhere.md) and `[y](z.md)`")).toEqual(["docs/nowhere.md"]);
  expect(anchorsOf("## Sideloading into Excel desktop\n").has("sideloading-into-excel-desktop")).toBe(true);
});
