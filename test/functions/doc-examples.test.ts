/**
 * Every formula example of the function reference (docs/functions.md, generated, and the help page) runs against
 * the simulator as Excel would call it, and spills data rows: an example that returns "No rows" or an error
 * would teach a user a formula that does not work.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../../src/api/catalog";
import { configureRunner } from "../../src/functions/runner";
import { parseFields } from "../../src/formula/arguments";
import { columnLabels } from "../../src/table/columns";
import { parseInput } from "../../src/preview/formula";
import { harness } from "./helpers/harness";
import { useSimulator } from "../support/simulator";

const SECRET = "0123456789abcdef0123456789abcdef";
const ROOT = join(__dirname, "..", "..");
/** A formula example: its first argument quoted, or no arguments (`=MAD.TRADEMARKOFFICES()`), or a first one left out. */
const FORMULA = /=MAD\.[A-Z]+\((?:\)|(?:"|,\s*")[^\n<]*\))/g;

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function examplesOf(text: string): string[] {
  return [...text.matchAll(FORMULA)].map((m) => m[0]);
}

const docs = examplesOf(readFileSync(join(ROOT, "docs", "functions.md"), "utf8"));
const help = examplesOf(unescapeHtml(readFileSync(join(ROOT, "src", "functions", "generated", "help.html"), "utf8")));
const EXAMPLES = [...new Set([...docs, ...help])];

const sim = useSimulator({ secret: SECRET });
const service = sim.service;
afterAll(async () => {
  configureRunner();
  shim.uninstall();
});

test("the reference and the help page hold examples of every function, the same ones", () => {
  expect(new Set(help)).toEqual(new Set(docs));
  for (const fn of [...OPERATIONS.map((op) => op.fn), ...LOOKUP_FUNCTIONS.map((c) => c.fn)])
    expect(docs.some((e) => e.startsWith(`=MAD.${fn}(`))).toBe(true);
});

test.each(EXAMPLES)("%s spills data rows from the simulator", async (formula) => {
  const input = parseInput(formula);
  if (input.kind !== "formula") throw new Error(`${formula} does not parse: ${JSON.stringify(input)}`);
  const fn = input.call.name.replace(/^MAD\./, "");
  const card = LOOKUP_FUNCTIONS.find((c) => c.fn === fn);
  const op = OPERATIONS.find((o) => o.fn === fn || o.code === card?.operation);
  if (!op) throw new Error(`no function ${fn}`);
  const args = input.call.args.map((a) => {
    if (a.kind === "literal") return a.value;
    if (a.kind === "omitted") return null;
    throw new Error(`${formula}: an example uses only literal arguments`);
  });
  harness(shim, service); // points the functions at the simulator
  // After market and the required arguments: filters, fields, limit; a history's start, end, interval, fields, headers;
  // a lookup's details (a card) or fields and headers (rows) after its ASIN or ASINs.
  const optional = card
    ? card.form === "card"
      ? ["details"]
      : ["fields", "headers"]
    : op.history
      ? ["start", "end", "interval", "fields", "headers"]
      : ["filters", "fields", "limit"];
  const required = card ? 1 : op.positional.length;
  const at = (name: string) => 1 + required + optional.indexOf(name);
  const total = 1 + required + optional.length;
  while (args.length < total) args.push(null);
  const outcome = await shim.invoke(fn, args).outcome;
  expect(outcome.error).toBeUndefined();
  const table = outcome.value!;
  expect(table[0][0]).not.toBe("No rows");
  expect(table.length).toBeGreaterThan(1);
  // No argument is silently ignored: the columns asked for are the columns spilled, the limit is kept.
  const fields = optional.includes("fields") ? args[at("fields")] : undefined;
  if (typeof fields === "string") {
    // Headed in words where the example asks (`headers=labels` in filters, MAD.PRODUCTS' `headers` argument).
    const labels =
      /headers=labels/i.test(String(args[at("filters")])) ||
      (optional.includes("headers") && String(args[at("headers")]).toLowerCase() === "labels");
    const names = labels ? [...columnLabels(parseFields(op, fields).columns)] : fields.split(",").map((f) => f.trim());
    if (op.history) expect(table[0]).toEqual(["date", ...names]);
    else if (op.shape === "object" && !/layout=horizontal/.test(String(args[at("filters")])))
      expect(table.slice(1).map((row) => row[0])).toEqual(names);
    else expect(table[0]).toEqual(names);
  }
  const limit = op.history ? undefined : args[at("limit")];
  if (typeof limit === "number") expect(table.length - 1).toBeLessThanOrEqual(limit);
});
