import { OPERATIONS } from "../../src/api/catalog";
import { isFilterParam, notAFilterBecause } from "../../src/formula/filter-params";
import type { ParamSpec } from "../../src/api/catalog-types";
import { filterNames } from "../../src/formula/filters";

describe("which parameters are filters", () => {
  it.each(OPERATIONS.map((op) => [op.fn, op] as const))(
    "MAD.%s: the market, its positional arguments and paging are set elsewhere; the rest are filters",
    (_fn, op) => {
      const specs = op.params as readonly ParamSpec[];
      for (const spec of specs) {
        const positional = op.positional.some((p) => p.param === spec.name);
        const expected =
          spec.kind === "marketplace"
            ? "market"
            : positional
              ? "positional"
              : spec.role === "page" || spec.role === "size"
                ? "paging"
                : undefined;
        expect([spec.name, notAFilterBecause(op, spec)]).toEqual([spec.name, expected]);
      }
      const accepted = new Set(filterNames(op));
      for (const spec of specs)
        expect([spec.name, accepted.has(spec.name)]).toEqual([spec.name, isFilterParam(op, spec)]);
      expect(accepted.has("marketplace")).toBe(false);
    },
  );
});
