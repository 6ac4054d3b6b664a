/**
 * The catalog, the functions registered with Excel and functions.json (generated here from the JSDoc by
 * custom-functions-metadata, as the webpack plugin does) list the same functions with the same arguments in
 * the same order; the Chinese functions-zh-CN.json describes exactly those functions (same ids, names, arguments,
 * types, options) in Chinese; every generated file of every language (wrappers, references, README sections,
 * metadata) is up to date with the catalog.
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
import { LOOKUP_FUNCTIONS, OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { PARAM_KINDS } from "../../src/api/kinds";
import { argumentNames, helpBaseUrl, helpUrl, wrapperName } from "../../src/functions/codegen/wrappers";
import { withFunctionsSection } from "../../src/functions/codegen/readme";
import { REFERENCES } from "../../src/functions/codegen/wrappers";
import { operationDescription } from "../../src/api/words/localized";
import { setLocale } from "../../src/i18n/locale";
import { DOCS_WORDS } from "../../src/i18n/docs";
import { referenceFiles } from "../../scripts/generate-functions";

/** The functions section (`heading`) of a README text, or undefined. */
function functionsSectionOf(readme: string, heading: string): string | undefined {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) return undefined;
  const rest = lines.slice(start + 1).findIndex((l) => /^## /.test(l));
  return lines
    .slice(start, rest < 0 ? lines.length : start + 1 + rest)
    .join("\n")
    .replace(/\n*$/, "\n");
}

const ROOT = join(__dirname, "../..");
const FUNCTIONS_FILE = join(ROOT, "src/functions/generated/functions.ts");

let generated: IGenerateResult;
let metadata: ICustomFunctionsMetadata;

beforeAll(async () => {
  generated = await generateCustomFunctionsMetadata(FUNCTIONS_FILE);
  metadata = JSON.parse(generated.metadataJson);
}, 60_000);

afterAll(() => shim.uninstall());
afterEach(() => setLocale("en"));

const byId = (id: string) => metadata.functions.find((f) => f.id === id)!;

/** Every function: one per operation, the lookup functions (MAD.PRODUCT, MAD.PRODUCTS) and MAD.ASOF. */
const FUNCTION_IDS = [...OPERATIONS.map((op) => op.fn), ...LOOKUP_FUNCTIONS.map((f) => f.fn), "ASOF"].sort();

test("functions.json generates without errors and lists exactly the catalog's functions, the cards and MAD.ASOF", () => {
  expect(generated.errors).toEqual([]);
  expect(metadata.functions.map((f) => f.id).sort()).toEqual(FUNCTION_IDS);
  expect(metadata.functions).toHaveLength(FUNCTION_IDS.length);
});

test("the registered functions are the catalog's, the card functions and MAD.ASOF, each associated with the wrapper the metadata names", () => {
  expect([...shim.associations.keys()].sort()).toEqual(FUNCTION_IDS);
  for (const { id, functionName } of generated.associate) {
    expect(shim.associations.get(id)).toBe(MAD_FUNCTIONS[id]);
    expect(MAD_FUNCTIONS[id].name).toBe(functionName);
  }
});

test("functions.json allows data types from the functions (allowCustomDataForDataTypeAny), as MAD.PRODUCT's card needs", () => {
  // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts: "the custom functions
  // JSON metadata file must be manually updated to include the property allowCustomDataForDataTypeAny".
  expect(metadata).toMatchObject({ allowCustomDataForDataTypeAny: true });
});

describe.each(LOOKUP_FUNCTIONS.map((f) => [f.fn, f] as const))("MAD.%s (a lookup by ASIN)", (fn, f) => {
  test("arguments: market, the ASIN (a card) or the ASINs (rows), then details or fields and headers; a matrix result", () => {
    const meta = byId(fn);
    const optional = f.form === "card" ? ["details"] : ["fields", "headers"];
    expect(meta.parameters.map((p) => p.name)).toEqual(["market", f.form === "card" ? "asin" : "asins", ...optional]);
    expect(meta.parameters.filter((p) => p.optional).map((p) => p.name)).toEqual(optional);
    // A list of ASINs, the details' names and the fields take a range; `headers` one value (as STOCKHISTORY's).
    for (const p of meta.parameters.filter((p) => !["market", "asin", "headers"].includes(p.name)))
      expect([p.name, p.dimensionality]).toEqual([p.name, "matrix"]);
    expect(meta.result).toEqual({ dimensionality: "matrix" });
    expect(meta.description).toBe(operationDescription(f));
    expect(meta.helpUrl).toBe(`${helpBaseUrl("en")}#mad${fn.toLowerCase()}`);
    expect(meta.options).toEqual({ cancelable: true, requiresAddress: true });
  });
});

describe.each(OPERATIONS.map((op) => [op.fn, op] as [string, AnyOperation]))("MAD.%s", (fn, op) => {
  // A history function takes STOCKHISTORY's start, end and interval where the others take filters and a limit, and
  // MAD.PRODUCTS' headers last (after fields: formulas written before it keep their meaning).
  const optional = op.history ? ["start", "end", "interval", "fields", "headers"] : ["filters", "fields", "limit"];
  test(`arguments: market (where it takes one), the catalog's required arguments, then ${optional.join(", ")}`, () => {
    const f = byId(fn);
    expect(f.parameters.map((p) => p.name)).toEqual(argumentNames(op));
    expect(f.parameters.map((p) => p.name)).toEqual([
      ...(op.group === "trademark" ? [] : ["market"]),
      ...op.positional.map((p) => p.arg),
      ...optional,
    ]);
    expect(f.parameters.filter((p) => p.optional).map((p) => p.name)).toEqual(optional);
    // Ranges are accepted where lists, filters and fields go (a scalar parameter would be called per cell).
    for (const name of [
      ...optional.filter((name) => name === "filters" || name === "fields"),
      ...op.positional
        .filter((p) => PARAM_KINDS[op.params.find((s) => s.name === p.param)!.kind].traits.list === "array")
        .map((p) => p.arg),
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

describe.each(["en", "zh-CN"] as const)("%s: every generated file is the rendering of the catalog", (locale) => {
  test("(run npm run gen:functions after changing the catalog or its words)", async () => {
    const files = await referenceFiles(locale);
    expect(files.map((f) => f.path).sort()).toEqual(
      [
        REFERENCES[locale].doc,
        REFERENCES[locale].readme,
        `src/functions/generated/${REFERENCES[locale].help}`,
        locale === "en"
          ? "src/functions/generated/functions.ts"
          : `src/functions/generated/${REFERENCES[locale].metadata}`,
      ].sort(),
    );
    for (const file of files)
      expect({ file: file.path, text: readFileSync(join(ROOT, file.path), "utf8") }).toEqual({
        file: file.path,
        text: file.text,
      });
  }, 60_000);

  test("the reference has a do-not-edit header and an entry per function; the README links each into it", () => {
    const doc = readFileSync(join(ROOT, REFERENCES[locale].doc), "utf8");
    expect(doc).toMatch(/^<!-- .*(do not edit|请勿手动修改)/);
    for (const op of OPERATIONS) expect(doc).toContain(`### MAD.${op.fn}\n`);
    expect(doc).toContain("### MAD.ASOF\n");
    const readme = readFileSync(join(ROOT, REFERENCES[locale].readme), "utf8");
    for (const op of OPERATIONS)
      expect(readme).toContain(`[MAD.${op.fn}](${REFERENCES[locale].doc}#mad${op.fn.toLowerCase()})`);
    expect(readme).toContain(`[MAD.ASOF](${REFERENCES[locale].doc}#madasof)`);
  });
});

test("the README's Functions section is the one the generator renews, and README.zh-CN.md has its 函数 section", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(functionsSectionOf(readme, "## Functions")).toContain("| Group | Functions |");
  expect(functionsSectionOf(readme, "## Functions")).toContain("| Trademarks | [MAD.TRADEMARKS]");
  const chinese = readFileSync(join(ROOT, "README.zh-CN.md"), "utf8");
  expect(functionsSectionOf(chinese, "## 函数")).toContain("| 分组 | 函数 |");
  expect(functionsSectionOf(chinese, "## 函数")).toContain("| 商标 | [MAD.TRADEMARKS]");
});

test("functions-zh-CN.json describes the same functions as functions.json, in Chinese", async () => {
  const chinese = JSON.parse(
    readFileSync(join(ROOT, "src/functions/generated", REFERENCES["zh-CN"].metadata), "utf8"),
  ) as ICustomFunctionsMetadata;
  // Names stay ASCII (formulas written by code and workbooks shared across languages keep working): only words differ.
  const shape = (m: ICustomFunctionsMetadata) =>
    m.functions.map((f) => ({
      id: f.id,
      name: f.name,
      options: f.options,
      result: f.result,
      parameters: f.parameters.map((p) => ({
        name: p.name,
        type: p.type,
        dimensionality: p.dimensionality,
        optional: p.optional,
      })),
    }));
  expect(shape(chinese)).toEqual(shape(metadata));
  await setLocale("zh-CN");
  for (const f of chinese.functions) {
    const op = OPERATIONS.find((o) => o.fn === f.id);
    const card = LOOKUP_FUNCTIONS.find((c) => c.fn === f.id);
    expect(f.description).toBe(
      op ? operationDescription(op) : card ? operationDescription(card) : DOCS_WORDS["zh-CN"].asOf.description,
    );
    expect(f.helpUrl).toBe(`https://localhost:3000/help.zh-CN.html#mad${f.id.toLowerCase()}`);
    for (const p of f.parameters) {
      expect(p.description).toMatch(/[\u4e00-\u9fff]/);
      expect(p.description!.length).toBeLessThanOrEqual(255);
    }
  }
});

test("the README section is replaced in place, other sections kept", () => {
  const before = "# Title\n\nIntro.\n\n## Functions\n\nold text\n\n## Development\n\nKeep me.\n";
  const after = withFunctionsSection(before, "## Functions\n\nnew text\n");
  expect(after).toBe("# Title\n\nIntro.\n\n## Functions\n\nnew text\n\n## Development\n\nKeep me.\n");
  expect(withFunctionsSection("# Title\n", "## Functions\n\nx\n")).toBe("# Title\n\n## Functions\n\nx\n");
});
