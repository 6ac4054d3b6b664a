/**
 * help.html, the page Excel opens from "Help on this function": every function's help link in functions.json
 * (generated from the JSDoc as the build does) lands on that function's own section; the committed page is the
 * rendering of the catalog; catalog text is escaped, never markup; the page is self-contained and navigable.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateCustomFunctionsMetadata, type ICustomFunctionsMetadata } from "custom-functions-metadata";
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../../src/api/catalog";
import { argumentNames, helpBaseUrl } from "../../src/functions/codegen/wrappers";
import { headingAnchor, renderHelpPage } from "../../src/functions/codegen/help-page";
import { HELP_FILE } from "../../scripts/generate-help";

const ROOT = join(__dirname, "..", "..");
const page = readFileSync(HELP_FILE, "utf8");

/** Heading elements of a page: level, id, text without tags (entities kept). */
const headings = (html: string) =>
  [...html.matchAll(/<h([1-6])(?: id="([^"]*)")?>(.*?)<\/h\1>/g)].map((m) => ({
    level: Number(m[1]),
    id: m[2],
    text: m[3].replace(/<[^>]+>/g, ""),
  }));
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

let metadata: ICustomFunctionsMetadata;

beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata(join(ROOT, "src/functions/generated/functions.ts"));
  expect(generated.errors).toEqual([]);
  metadata = JSON.parse(generated.metadataJson);
}, 60_000);

test("src/functions/generated/help.html is the rendering of the catalog (run npm run gen:functions after catalog changes)", () => {
  expect(page).toBe(renderHelpPage());
});

test("every help link in functions.json opens help.html at the heading of its own function", () => {
  expect(metadata.functions).toHaveLength(OPERATIONS.length + LOOKUP_FUNCTIONS.length + 1); // and MAD.ASOF
  const byId = new Map(headings(page).map((h) => [h.id, h]));
  for (const fn of metadata.functions) {
    const url = new URL(fn.helpUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(helpBaseUrl("en"));
    const heading = byId.get(url.hash.slice(1));
    expect({ fn: fn.id, heading: heading?.text }).toEqual({ fn: fn.id, heading: `MAD.${fn.id}` });
  }
});

test("anchors are unique and every in-page link has a target", () => {
  const all = ids(page);
  expect(new Set(all).size).toBe(all.length);
  const links = [...page.matchAll(/<a href="([^"]*)">(.*?)<\/a>/g)];
  expect(links.length).toBeGreaterThanOrEqual(OPERATIONS.length);
  for (const [, href, text] of links) {
    expect(href.startsWith("#") && all.includes(href.slice(1))).toBe(true);
    expect(text.trim().length).toBeGreaterThan(0);
  }
});

test("each function section shows its syntax, examples, filters and columns; MAD.ASOF comes last", () => {
  const sections = page.split(/<h2 /).slice(1);
  expect(sections).toHaveLength(OPERATIONS.length + LOOKUP_FUNCTIONS.length + 1);
  expect(sections.at(-1)).toMatch(/^id="madasof">MAD\.ASOF<\/h2>[\s\S]*<code>=MAD\.ASOF\(cell\)<\/code>/);
  [
    ...OPERATIONS.map((op) => ({ fn: op.fn, op })),
    ...LOOKUP_FUNCTIONS.map((c) => ({ fn: c.fn, op: undefined })),
  ].forEach(({ fn, op }, i) => {
    const section = sections[i];
    expect(section).toMatch(new RegExp(`^id="mad${fn.toLowerCase()}">MAD\\.${fn}</h2>`));
    const [first] = op ? argumentNames(op) : ["market"];
    // Optional arguments show in brackets; a function with no argument of its own starts with [filters].
    expect(section).toContain(`Syntax: <code>=MAD.${fn}(${first === "filters" ? "[filters]" : first}`);
    expect(section).toMatch(new RegExp(`<pre><code>=MAD\\.${fn}\\((&quot;US&quot;|\\))`));
    // A table function lists its filters and columns; a history function its columns; a card its properties,
    // the rows of MAD.PRODUCTS their columns.
    if (!op) expect(section).toMatch(/Properties: <code>|Columns \(<code>fields<\/code>/);
    else if (op.history) expect(section).toMatch(/<table>[\s\S]*<th>Column<\/th>/);
    else {
      expect(section).toMatch(/<table>[\s\S]*<th>Filter<\/th>|No filters beyond the display options/);
      expect(section).toContain("Columns: <code>");
    }
  });
});

test("catalog text is escaped: markup in a description shows as text and never becomes an element", () => {
  const hostile = {
    ...OPERATIONS[0],
    title: 'Tricky <b>"title"</b> & co',
    description: `<script>alert(1)</script> <img src=x onerror="alert(2)"> [link](javascript:alert(3))`,
  };
  const html = renderHelpPage([hostile]);
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  expect(html).toContain("Tricky &lt;b&gt;&quot;title&quot;&lt;/b&gt; &amp; co");
  expect(html).not.toMatch(/<script|<img|javascript:alert\(3\)"/i);
});

test("self-contained and script-free: no external resource, and a policy that allows only its own style block", () => {
  expect(page).not.toMatch(/<script|<link|<img|<iframe|\son[a-z]+=|\ssrc=/i);
  const style = page.match(/<style>([\s\S]*?)<\/style>/)![1];
  const hash = createHash("sha256").update(style, "utf8").digest("base64");
  const policy = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)![1];
  expect(policy).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`);
});

test("accessible structure: language, title, one h1, no skipped heading level, header cells on every table", () => {
  expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(page).toMatch(/<title>MAD functions: help<\/title>/);
  expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(page).toMatch(/<main>[\s\S]*<\/main>/);
  const levels = headings(page).map((h) => h.level);
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, i) => expect(level - levels[i]).toBeLessThanOrEqual(1));
  const tables = page.split("<table>").slice(1);
  expect(tables.length).toBeGreaterThan(OPERATIONS.length / 2);
  for (const table of tables) expect(table).toMatch(/^\s*<thead>\s*<tr>\s*<th>/);
});

test("heading anchors follow GitHub's rule, so README links and help links agree", () => {
  expect(headingAnchor("MAD.COMPETITORS")).toBe("madcompetitors");
  expect(headingAnchor("How results are laid out")).toBe("how-results-are-laid-out");
  expect(headingAnchor("Sideloading into Excel desktop")).toBe("sideloading-into-excel-desktop");
});
