/**
 * The catalog, the functions registered with Excel and functions.json (generated here from the JSDoc by
 * custom-functions-metadata, as the webpack plugin does) list the same functions with the same arguments in
 * the same order; the generated wrapper file, docs/functions.md and the README section are up to date with the catalog.
 */
import { shim } from "./helpers/install-shim";
import { MAD_FUNCTIONS } from "../../src/functions/generated/functions";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  generateCustomFunctionsMetadata,
  type ICustomFunctionsMetadata,
  type IGenerateResult,
} from "custom-functions-metadata";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { argumentNames, helpUrl, wrapperName } from "../../src/functions/codegen/wrappers";
import {
  FUNCTIONS_DOC,
  functionsSectionOf,
  renderFunctionsDoc,
  renderReadmeSummary,
  withFunctionsSection,
} from "../../src/functions/codegen/readme";
import { functionsFileText } from "../../scripts/generate-functions";

const ROOT = join(__dirname, "../..");
const FUNCTIONS_FILE = join(ROOT, "src/functions/generated/functions.ts");

let generated: IGenerateResult;
let metadata: ICustomFunctionsMetadata;

beforeAll(async () => {
  generated = await generateCustomFunctionsMetadata(FUNCTIONS_FILE);
  metadata = JSON.parse(generated.metadataJson);
}, 60_000);

afterAll(() => shim.uninstall());

const byId = (id: string) => metadata.functions.find((f) => f.id === id)!;

/** Every function: the catalog's operations and MAD.ASOF. */
const FUNCTION_IDS = [...OPERATIONS.map((op) => op.fn), "ASOF"].sort();

test("functions.json generates without errors and lists exactly the catalog's functions and MAD.ASOF", () => {
  expect(generated.errors).toEqual([]);
  expect(metadata.functions.map((f) => f.id).sort()).toEqual(FUNCTION_IDS);
  expect(metadata.functions).toHaveLength(OPERATIONS.length + 1);
});

test("the registered functions are the catalog's and MAD.ASOF, each associated with the wrapper the metadata names", () => {
  expect([...shim.associations.keys()].sort()).toEqual(FUNCTION_IDS);
  for (const { id, functionName } of generated.associate) {
    expect(shim.associations.get(id)).toBe(MAD_FUNCTIONS[id]);
    expect(MAD_FUNCTIONS[id].name).toBe(functionName);
  }
});

describe.each(OPERATIONS.map((op) => [op.fn, op] as [string, AnyOperation]))("MAD.%s", (fn, op) => {
  test("arguments: market, the catalog's required arguments, then filters, fields, limit", () => {
    const f = byId(fn);
    expect(f.parameters.map((p) => p.name)).toEqual(argumentNames(op));
    expect(f.parameters.map((p) => p.name)).toEqual([
      "market",
      ...op.positional.map((p) => p.arg),
      "filters",
      "fields",
      "limit",
    ]);
    expect(f.parameters.filter((p) => p.optional).map((p) => p.name)).toEqual(["filters", "fields", "limit"]);
    // Ranges are accepted where lists, filters and fields go (a scalar parameter would be called per cell).
    for (const name of [
      "filters",
      "fields",
      ...op.positional.filter((p) => /asins|relations/.test(p.arg)).map((p) => p.arg),
    ]) {
      expect(f.parameters.find((p) => p.name === name)?.dimensionality).toBe("matrix");
    }
    expect(f.result).toEqual({ dimensionality: "matrix" });
  });

  test("help: a description, a help URL and a description for every argument", () => {
    const f = byId(fn);
    expect(f.description).toBe(op.description);
    expect(f.helpUrl).toBe(helpUrl(op));
    for (const p of f.parameters) {
      expect(p.description?.length).toBeGreaterThan(3);
      expect(p.description!.length).toBeLessThanOrEqual(255);
    }
  });

  test("cancelable and given the calling cell's address (for the reports registry)", () => {
    expect(byId(fn).options).toEqual({ cancelable: true, requiresAddress: true });
    expect(generated.associate.find((a) => a.id === fn)?.functionName).toBe(wrapperName(op));
  });
});

test("MAD.ASOF takes one cell or range and is given its address (CustomFunctionsRuntime 1.3), with a matrix result", () => {
  const f = byId("ASOF");
  expect(f.parameters.map((p) => [p.name, p.dimensionality])).toEqual([["cell", "matrix"]]);
  expect(f.options).toEqual({ requiresParameterAddresses: true });
  // requiresParameterAddresses needs a matrix result (custom-functions-json: the options' table).
  expect(f.result).toEqual({ dimensionality: "matrix", type: "number" });
  expect(f.helpUrl).toMatch(/help\.html#madasof$/);
});

test("src/functions/generated/functions.ts is the rendering of the catalog (run npm run gen:functions after catalog changes)", () => {
  expect(readFileSync(FUNCTIONS_FILE, "utf8")).toBe(functionsFileText());
});

test("docs/functions.md is the rendering of the catalog (run npm run gen:functions after catalog changes)", () => {
  const doc = readFileSync(join(ROOT, FUNCTIONS_DOC), "utf8");
  expect(doc).toBe(renderFunctionsDoc());
  expect(doc).toMatch(/^<!-- Generated .*do not edit/);
  for (const op of OPERATIONS) expect(doc).toContain(`### MAD.${op.fn}\n`);
  expect(doc).toContain("### MAD.ASOF\n");
});

test("the README's Functions section is the catalog's table, each function linking to its reference entry", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(functionsSectionOf(readme)).toBe(renderReadmeSummary());
  for (const op of OPERATIONS) expect(readme).toContain(`[MAD.${op.fn}](${FUNCTIONS_DOC}#mad${op.fn.toLowerCase()})`);
});

test("the README section is replaced in place, other sections kept", () => {
  const before = "# Title\n\nIntro.\n\n## Functions\n\nold text\n\n## Development\n\nKeep me.\n";
  const after = withFunctionsSection(before, "## Functions\n\nnew text\n");
  expect(after).toBe("# Title\n\nIntro.\n\n## Functions\n\nnew text\n\n## Development\n\nKeep me.\n");
  expect(withFunctionsSection("# Title\n", "## Functions\n\nx\n")).toBe("# Title\n\n## Functions\n\nx\n");
});
