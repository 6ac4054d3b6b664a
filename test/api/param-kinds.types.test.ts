/**
 * A new parameter kind is one row of PARAM_KINDS, and the typecheck (`npx tsc --noEmit -p tsconfig.json`, which
 * covers test/) then fails wherever the kind must be handled. The `@ts-expect-error` lines below fail the typecheck
 * if the error they expect ever stops happening; the runtime assertions keep the table and the catalog in step.
 */
import { OPERATIONS } from "../../src/api/catalog";
import type { ParamKind, ParamSpec } from "../../src/api/catalog-types";
import { PARAM_KINDS, type KindTraits } from "../../src/api/param-kinds";

/** Accepts only a record with an entry for every kind. */
type Exhaustive<T extends Record<ParamKind, unknown>> = T;
/** True when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const assertType = <T extends true>(): T => true as T;

const traits: KindTraits = PARAM_KINDS.string;

// The table covers every kind, and the union is exactly the table's keys.
type TableIsExhaustive = Exhaustive<typeof PARAM_KINDS>;
const tableMatchesUnion = assertType<Same<keyof TableIsExhaustive, ParamKind>>();

// A table missing a kind does not compile: what a new kind meets in every Record<ParamKind, ...>.
// @ts-expect-error the new kind "newKind" has no entry
const missingEntry = { ...PARAM_KINDS } satisfies Record<ParamKind | "newKind", KindTraits>;

/** The shape of every exhaustive switch over kinds in src: a case per kind, then `const unhandled: never`. */
function wordsBySwitch(kind: ParamKind | "newKind"): string {
  switch (kind) {
    case "marketplace":
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "month":
    case "saturday":
    case "weekOrMonth":
    case "stringList":
    case "csv":
    case "order":
      return PARAM_KINDS[kind].words;
    default: {
      // @ts-expect-error "newKind" reaches the never check, so the switch does not compile until it is handled
      const unhandled: never = kind;
      return String(unhandled);
    }
  }
}

describe("parameter kinds", () => {
  it("hold exactly the kinds the catalog uses, each with its words and wrapper argument type", () => {
    const used = new Set(OPERATIONS.flatMap((op) => (op.params as readonly ParamSpec[]).map((p) => p.kind)));
    const kinds = Object.keys(PARAM_KINDS).sort();
    expect(kinds).toEqual([...used].sort());
    for (const kind of kinds as ParamKind[]) {
      const row: KindTraits = PARAM_KINDS[kind];
      expect(row.words).not.toBe("");
      expect(row.docWords).not.toBe("");
      expect(["string", "unknown", "unknown[][]"]).toContain(row.excelArgument);
    }
    expect(traits.words).toBe("text");
    expect(tableMatchesUnion).toBe(true);
    expect(Object.keys(missingEntry).sort()).toEqual(kinds);
  });

  it("date kinds, and only they, have a date format and take a date-or-text wrapper argument", () => {
    const dates = (Object.keys(PARAM_KINDS) as ParamKind[]).filter((k) => "dateFormat" in PARAM_KINDS[k]);
    expect(dates.sort()).toEqual(["month", "saturday", "weekOrMonth"]);
    for (const kind of dates) expect(PARAM_KINDS[kind].excelArgument).toBe("unknown");
  });

  it("an exhaustive switch reaches its never check only for a value outside the union", () => {
    expect(wordsBySwitch("month")).toBe("a month as yyyyMM");
    expect(wordsBySwitch("newKind")).toBe("newKind");
  });
});
