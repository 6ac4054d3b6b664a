/**
 * A parameter kind is one entry of PARAM_KINDS (src/api/kinds/index.ts) with every part the add-in needs of it:
 * traits, schema, reader from cells, form control, reader from the form and words. The type checks below run in
 * `npm run typecheck` (it covers test/): each `@ts-expect-error` fails the typecheck if the error it expects ever
 * stops happening, so a kind that lacks any part cannot compile. The tests at the end check at run time what types
 * cannot: that every kind's parts agree with each other, and that the table holds the kinds the catalog uses.
 */
import { OPERATIONS } from "../../src/api/catalog";
import type { ParamKind, ParamSpec } from "../../src/api/catalog-types";
import { kindOf, PARAM_KINDS, schemaOf } from "../../src/api/kinds";
import type { FormValue } from "../../src/api/kinds/form-types";
import type { KindDefinition } from "../../src/api/kinds/kind";
import { readCells, readFormValue, formControl } from "../../src/api/kinds/read";

/** A kind with one part taken away. */
const without = <P extends keyof KindDefinition>(kind: KindDefinition, part: P): Omit<KindDefinition, P> => {
  const { [part]: _taken, ...rest } = kind;
  return rest;
};

// Every kind in the table is a whole kind.
PARAM_KINDS satisfies { readonly [K in ParamKind]: KindDefinition };

// A kind that lacks any one of its parts does not compile.
// @ts-expect-error a kind without its traits
without(PARAM_KINDS.string, "traits") satisfies KindDefinition;
// @ts-expect-error a kind without its schema (validation)
without(PARAM_KINDS.string, "schema") satisfies KindDefinition;
// @ts-expect-error a kind without its reader from cells
without(PARAM_KINDS.string, "fromCells") satisfies KindDefinition;
// @ts-expect-error a kind without its form control
without(PARAM_KINDS.string, "control") satisfies KindDefinition;
// @ts-expect-error a kind without its reader from the form
without(PARAM_KINDS.string, "fromForm") satisfies KindDefinition;
// @ts-expect-error a kind without its words
without(PARAM_KINDS.string, "words") satisfies KindDefinition;
// @ts-expect-error a kind whose words lack the docs' words
({ ...PARAM_KINDS.string, words: { expected: "text", argumentHelp: (doc: string) => doc } }) satisfies KindDefinition;
// @ts-expect-error a kind whose traits do not say what a 0 in a cell is
({ ...PARAM_KINDS.string, traits: { list: "single", excelArgument: "string" } }) satisfies KindDefinition;

// A new entry in the table is held to the same: the table does not compile with a partial kind in it.
({
  ...PARAM_KINDS,
  // @ts-expect-error the new kind "newKind" has no reader from the form
  newKind: without(PARAM_KINDS.string, "fromForm"),
}) satisfies Readonly<Record<string, KindDefinition>>;

const NOW = new Date(Date.UTC(2025, 7, 14, 12));
const everySpec = OPERATIONS.flatMap((op) => op.params as readonly ParamSpec[]);

/** A value a careful person would type for a parameter: its kind's sample. */
const sampleValue = (spec: ParamSpec) => kindOf(spec).sample(spec, NOW);

/** What a person would put in the form for a value read from cells. */
function formValueOf(spec: ParamSpec, value: unknown): FormValue {
  const control = formControl(spec);
  if (control.type === "order") return { field: String(value ?? "price"), desc: true };
  if (control.type === "multiEnum") return { selected: [String(value)], other: "" };
  if (typeof value === "boolean") return value;
  return String(value);
}

describe("parameter kinds", () => {
  it("hold exactly the kinds the catalog uses", () => {
    const used = new Set(everySpec.map((p) => p.kind));
    expect(Object.keys(PARAM_KINDS).sort()).toEqual([...used].sort());
  });

  it.each(everySpec.filter((spec) => spec.kind !== "order").map((spec) => [`${spec.kind} ${spec.name}`, spec]))(
    "%s: a valid value read from a cell, and from its form control, passes the kind's own schema",
    (_name, spec) => {
      const typed = sampleValue(spec);
      const fromCells = readCells(spec, [[typed]], { label: spec.name, params: { reverseType: "W" } });
      expect(schemaOf(spec).safeParse(fromCells)).toMatchObject({ success: true });
      const fromForm = readFormValue(spec, formControl(spec), formValueOf(spec, typed));
      expect(schemaOf(spec).safeParse(fromForm)).toMatchObject({ success: true });
    },
  );

  it("order: `field desc` from a cell and a field with its switch from the form give one order", () => {
    const spec = everySpec.find((p) => p.kind === "order" && p.sortFields?.includes("price"))!;
    const fromCells = readCells(spec, "PRICE desc", { label: "order", params: {} });
    const fromForm = readFormValue(spec, formControl(spec), { field: "price", desc: true });
    expect(fromCells).toEqual({ field: "price", desc: true });
    expect(fromForm).toEqual(fromCells);
    expect(schemaOf(spec).parse(fromCells)).toEqual({ field: "price", desc: true });
  });
});
