/**
 * A parameter kind is one entry of PARAM_KINDS (its traits, schema, caps, sample, readers, control and words) and
 * its two language files: a throwaway kind, written here and put in the table for this test only, is capped by
 * the catalog's builder, read from cells and from the form, validated, typed and read as a positional argument
 * and as a filter by the same code as the shipped kinds, with no other file knowing it.
 */
import * as z from "zod/mini";
import type { AnyOperation } from "../../src/api/catalog";
import { operationsOf } from "../../src/api/catalog/operation";
import type { ParamKind } from "../../src/api/catalog-types";
import { PARAM_KINDS, schemaOf } from "../../src/api/kinds";
import { textValue } from "../../src/api/kinds/cell-input";
import type { KindDefinition } from "../../src/api/kinds/kind";
import { formControl, readCells, readFormValue } from "../../src/api/kinds/read";
import { marketplace, param } from "../../src/api/params";
import { parseFormulaArgs } from "../../src/formula/arguments";

/** A colour as `#RRGGBB`, sent upper-case. Its words borrow the text kind's ids (a real kind has its own). */
const COLOUR: KindDefinition<string> = {
  traits: { list: "single", zero: "blank", excelArgument: "unknown" },
  schema: () =>
    z.pipe(
      z.string().check(z.regex(/^#[0-9a-f]{6}$/i, { error: "a colour such as #FF8800" })),
      z.transform((v) => v.toUpperCase()),
    ),
  caps: { maxLength: 7 },
  sample: () => "#ff8800",
  fromCells: ([cell]) => textValue(cell),
  control: () => ({ type: "text" }),
  fromForm: (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  words: { expected: () => "a colour", docs: "kind.string.docs", argumentHelp: null },
};
const KIND = "colour" as ParamKind;
const table = PARAM_KINDS as unknown as Record<string, KindDefinition>;

beforeAll(() => void (table[KIND] = COLOUR));
afterAll(() => void delete table[KIND]);

const tint = () => param(KIND)("tint", "The tint.");
const define = operationsOf("product");
const operationWith = (positional: boolean) =>
  define({
    code: `colour_${positional}`,
    path: "/v1/colour",
    dataPeriod: "day",
    fn: "COLOUR",
    title: "Colour",
    description: "A throwaway operation.",
    params: [marketplace, tint()],
    positional: positional ? [{ arg: "tint", param: "tint" }] : [],
    shape: "array",
    record: "product",
  }) as unknown as AnyOperation;

test("the catalog's builder gives its parameters the kind's caps", () => {
  expect(tint()).toMatchObject({ name: "tint", kind: "colour", maxLength: 7 });
});

test("its sample reads the same from a cell and from its form control, and passes its schema", () => {
  const spec = tint();
  const typed = COLOUR.sample(spec, new Date());
  const fromCells = readCells(spec, [[typed]], { label: "tint", params: {} });
  const fromForm = readFormValue(spec, formControl(spec), String(typed));
  expect(fromCells).toBe("#ff8800");
  expect(fromForm).toBe(fromCells);
  expect(schemaOf(spec).parse(fromCells)).toBe("#FF8800");
});

test("as a positional argument and as a filter it reads alike; its schema judges what was read", () => {
  const read = (positional: boolean, typed: unknown) =>
    parseFormulaArgs(
      operationWith(positional),
      positional ? { market: "US", positional: [typed] } : { market: "US", positional: [], filters: [["tint", typed]] },
    ).params.tint;
  expect(read(true, " #00aa11 ")).toBe("#00aa11");
  expect(read(false, " #00aa11 ")).toBe(read(true, " #00aa11 "));
  expect(read(true, 0)).toBeUndefined(); // a blank cell passed as 0 (traits.zero)
  const judged = schemaOf(tint()).safeParse(read(false, "red"));
  expect(judged.success ? null : judged.error.issues[0].message).toBe("a colour such as #FF8800");
});
