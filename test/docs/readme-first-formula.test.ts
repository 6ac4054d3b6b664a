/**
 * The README's first formula, the one a newcomer types first in the preview, shows what a person reads (issue 46:
 * it spilled date serials under API headers, `keywrod` included): its display options, in cells as the README says,
 * head the result in words and write its months as dates. Run through the real wrapper and runner against the
 * simulator, with the cells the README names passed as Excel passes a range.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { shim } from "../functions/helpers/install-shim";
import "../../src/functions/generated/functions";
import { configureRunner } from "../../src/functions/runner";
import { parseInput } from "../../src/preview/formula";
import { harness } from "../functions/helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "readme0secret00000000000000abcde";
const sim = useSimulator({ secret: SECRET });
afterAll(() => {
  configureRunner();
  shim.uninstall();
});

/** The README's Preview section: what a newcomer does first, in the page `npm start` opens. */
const README = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
const PREVIEW = README.slice(README.indexOf("\n## Preview\n"));
const first = /`(=MAD\.[A-Z]+\("[^`]*\))`/.exec(PREVIEW)!;

test("the first formula reads its display options from the cells the README names", () => {
  expect(first[1]).toBe('=MAD.KEYWORDTRENDS("US","yoga mat",A1:B2)');
  const before = PREVIEW.slice(Math.max(0, first.index - 400), first.index);
  expect(before).toMatch(/`headers` and `labels` in A1:B1, `dates` and `text` in A2:B2/);
});

test("it spills words for headers and dates as dates, never an API name or a date serial", async () => {
  const input = parseInput(first[1]);
  if (input.kind !== "formula") throw new Error(`${first[1]} does not parse`);
  harness(shim, sim.service);
  const cells = [
    ["headers", "labels"],
    ["dates", "text"],
  ];
  const outcome = await shim.invoke("KEYWORDTRENDS", ["US", "yoga mat", cells, null, null]).outcome;
  expect(outcome.error).toBeUndefined();
  const [header, ...rows] = outcome.value!;
  expect(header).not.toContain("keywrod");
  expect(header.every((cell) => typeof cell === "string" && /^[A-Z]/.test(cell))).toBe(true);
  expect(header[0]).toMatch(/^Month/);
  expect(header[1]).toBe("Keyword");
  expect(rows[0][0]).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(rows[0][1]).toBe("yoga mat");
});
