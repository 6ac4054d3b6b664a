/** Every parameter of every operation has a plain English label for the builder; the API name stays the wire's. */
import { OPERATIONS } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { PARAM_LABELS, paramLabel } from "../../src/api/words/param-labels";

/** Whether a parameter has a label of its own (a min/max pair always does, from its words). */
const hasOwnLabel = (spec: ParamSpec) =>
  spec.role === "rangeMin" || spec.role === "rangeMax" || spec.name in PARAM_LABELS;

const all = OPERATIONS.flatMap((op) => (op.params as readonly ParamSpec[]).map((spec) => [op.code, spec] as const));

test.each(all.map(([code, spec]) => [`${code} ${spec.name}`, spec] as const))("%s has a plain label", (_, spec) => {
  expect(hasOwnLabel(spec)).toBe(true);
  const label = paramLabel(spec);
  expect(label).not.toBe(spec.name);
  expect(label).toMatch(/^[A-Z0-9]/);
  expect(label).not.toMatch(/\b[a-z]+[A-Z]\w*/); // no camelCase API names
});

test.each([
  ["product_research", "minBsrCr", "BSR growth rate, min"],
  ["product_research", "maxPrice", "Price, max"],
  ["product_research", "badgeAC", "Choice badge"],
  ["product_research", "minAmzUnit", "Monthly child units, min"],
] as const)("%s %s reads %s", (code, name, label) => {
  const spec = (OPERATIONS.find((op) => op.code === code)!.params as readonly ParamSpec[]).find(
    (p) => p.name === name,
  )!;
  expect(paramLabel(spec)).toBe(label);
});
