/**
 * Generated bad input for every MAD function, run the way Excel runs a formula (the CustomFunctions stand-in, the
 * real runner and engine): every one settles as #VALUE! with a message naming the argument, and not one request
 * reaches the service. The generators come from the catalog rows (test/faults/bad-inputs.ts); a valid formula of
 * each function sends exactly one request, so the zero below is a real count.
 */
import fc from "fast-check";
import { shim } from "../functions/helpers/install-shim";
import { OPERATIONS } from "../../src/api/catalog";
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import "../../src/functions/generated/functions";
import { RESERVED_OPTIONS } from "../../src/formula/filters";
import { configureRunner } from "../../src/functions/runner";
import { fixtureService } from "../functions/helpers/fixture-service";
import { badCallsFor, formulaArguments, validCall, type BadCall, type FilterForm } from "./bad-inputs";

const NOW = new Date();
const RUNS_PER_CATEGORY = 4;

const service = fixtureService();
const engine = createEngine({
  store: memoryStore({ "mad.secret": service.secret, "mad.baseUrl": service.baseUrl }),
  fetch: service.fetch,
  perMinute: 10_000,
});

beforeAll(() => configureRunner({ engine: () => engine, settleWithinMs: 5_000 }));
afterAll(() => configureRunner());

const filterForm = fc.constantFrom<FilterForm>("range", "text");

async function evaluate(call: BadCall | ReturnType<typeof validCall>, form: FilterForm) {
  const op = OPERATIONS.find((o) => o.fn === call.fn)!;
  return shim.invoke(op.fn, formulaArguments(op, call, form)).outcome;
}

describe.each(OPERATIONS.map((op) => [op.fn, op] as const))("MAD.%s", (_fn, op) => {
  test("a valid formula spills and sends one request (the counter below counts)", async () => {
    const before = service.calls();
    const outcome = await evaluate(validCall(op, NOW), "range");
    expect(outcome.error).toBeUndefined();
    expect(Array.isArray(outcome.value)).toBe(true);
    expect(service.calls() - before).toBe(1);
  });

  const categories = [...badCallsFor(op, NOW, Object.keys(RESERVED_OPTIONS))];

  test.each(categories.map(([category, arb]) => [category, arb] as const))(
    "bad input (%s): #VALUE! naming the argument, no request",
    async (_category, arb) => {
      await fc.assert(
        fc.asyncProperty(arb, filterForm, async (call, form) => {
          const before = service.calls();
          const outcome = await evaluate(call, form);
          expect(outcome.value).toBeUndefined();
          expect(outcome.error?.code).toBe("#VALUE!");
          const message = outcome.error?.message ?? "";
          const named = call.names.some((name) => message.toLowerCase().includes(name.toLowerCase()));
          if (!named) throw new Error(`${call.what}: message "${message}" names none of ${call.names.join(", ")}`);
          expect(service.calls()).toBe(before);
        }),
        { numRuns: RUNS_PER_CATEGORY },
      );
    },
  );
});

test("the generators reach every kind of bad input the issue names, across the catalog", () => {
  const reached = new Set(OPERATIONS.flatMap((op) => [...badCallsFor(op, NOW, []).keys()]));
  expect([...reached].sort()).toEqual(
    [
      "date",
      "enum",
      // A history function's: a bad interval, a start after the end.
      "interval",
      "limit",
      "market",
      "minAboveMax",
      "month",
      "notAFilter",
      "outOfRange",
      "pattern",
      "range",
      "tooManyItems",
      "unknownFilter",
      "wrongType",
    ].sort(),
  );
});
