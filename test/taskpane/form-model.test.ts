/**
 * The query builder's forms come from the catalog: every operation's form offers every parameter exactly once,
 * with the catalog's required flags, options and help, min/max pairs side by side, and date pickers that offer
 * only dates the client's validation accepts.
 */
import { OPERATIONS, type OperationCode } from "../../src/api/catalog";
import { GROUP_LABELS, type ParamSpec } from "../../src/api/catalog-types";
import { HISTORY_ARGS } from "../../src/api/history-form";
import { checkParams } from "../../src/api/validate";

const validateParamsAll = (...args: Parameters<typeof checkParams>) => checkParams(...args).errors;
import {
  searchOperations,
  allFields,
  formModel,
  monthChoices,
  operationGroups,
  saturdayChoices,
} from "../../src/taskpane/builder/form-model";

const NOW = new Date(Date.UTC(2025, 7, 14, 12)); // Thursday 2025-08-14

describe.each(OPERATIONS.map((op) => [op.code, op] as const))("form of %s", (code, op) => {
  const model = formModel(code as OperationCode);
  const specs = op.params as readonly ParamSpec[];
  const fields = allFields(model);

  // A history function sends the required parameters only (the whole history), and takes start, end and interval.
  const sent = op.history ? specs.filter((p) => p.required) : specs;
  const own = op.history ? Object.values(HISTORY_ARGS) : [];

  it("offers every parameter exactly once: as a field, a range side, the order, or through limit/fields", () => {
    const offered = [...fields.map((f) => f.name), ...model.paging.map((p) => p.name)].sort();
    expect(offered).toEqual([...sent, ...own].map((p) => p.name).sort());
  });

  it("labels each field with its parameter's name and marks required ones as the catalog does", () => {
    for (const field of fields) {
      const spec = [...specs, ...own].find((p) => p.name === field.name)!;
      expect(field.spec).toBe(spec);
      expect(field.required).toBe(Boolean(spec.required));
      expect(field.help.startsWith(spec.doc)).toBe(true);
    }
    expect(model.main.map((f) => f.name)).toEqual(specs.filter((p) => p.required).map((p) => p.name));
    // The marketplace first, where the operation takes one (the trademark group takes offices instead).
    if (op.group !== "trademark") expect(model.main[0].name).toBe("marketplace");
    else expect(model.main.some((f) => f.name === "marketplace")).toBe(false);
  });

  it("turns options into dropdowns (multi-selects for lists) and plain lists into one-per-line text", () => {
    for (const field of fields) {
      const { spec, control } = field;
      if (spec.kind === "order") expect(control.type).toBe("order");
      else if (spec.kind === "marketplace") expect(control).toMatchObject({ type: "enum", open: false });
      else if (spec.options && (spec.kind === "csv" || spec.kind === "stringList" || spec.kind === "integerList")) {
        expect(control).toMatchObject({ type: "multiEnum", options: spec.options, open: Boolean(spec.openOptions) });
      } else if (spec.options) expect(control).toMatchObject({ type: "enum", options: spec.options });
      else if (spec.kind === "csv" || spec.kind === "stringList" || spec.kind === "integerList")
        expect(control.type).toBe("lines");
      else if (spec.kind === "integer" || spec.kind === "number")
        expect(control).toMatchObject({ type: "number", integer: spec.kind === "integer" });
      else if (spec.kind === "boolean") expect(control.type).toBe("boolean");
      else if (spec.kind === "string") expect(control.type).toBe("text");
      else if (spec.kind === "timestamp") expect(control.type).toBe("date");
      else expect(control.type).toBe(spec.kind); // month, saturday, weekOrMonth
    }
  });

  it("pairs every minimum with its maximum", () => {
    const minimums = specs.filter((p) => p.role === "rangeMin");
    expect(model.ranges).toHaveLength(minimums.length);
    for (const pair of model.ranges) {
      expect(pair.min.name).toBe(`min${pair.base}`);
      expect(pair.max.name).toBe(`max${pair.base}`);
      expect(pair.max.spec.role).toBe("rangeMax");
    }
  });

  it("offers the record's fields in the field picker and the sort fields in the order", () => {
    expect(model.recordFields.length).toBeGreaterThan(0);
    const order = specs.find((p) => p.kind === "order");
    if (order) expect(model.order?.control).toMatchObject({ type: "order", sortFields: order.sortFields ?? [] });
    else expect(model.order).toBeUndefined();
  });
});

describe("operation picker", () => {
  it("groups every operation of the catalog under the spec's group labels", () => {
    const groups = operationGroups();
    expect(groups.map((g) => g.label)).toEqual(Object.values(GROUP_LABELS));
    expect(groups.flatMap((g) => g.operations.map((o) => o.code)).sort()).toEqual(OPERATIONS.map((o) => o.code).sort());
  });
});

describe("date pickers", () => {
  it("offers 25 months, newest first, each accepted by the validator", () => {
    const months = monthChoices(NOW, 24);
    expect(months[0]).toBe("202508");
    expect(months).toHaveLength(25);
    expect(months[24]).toBe("202308");
    for (const month of months)
      expect(validateParamsAll("keyword_research", { marketplace: "US", month }, { now: NOW })).toEqual([]);
    expect(validateParamsAll("keyword_research", { marketplace: "US", month: "202307" }, { now: NOW })).not.toEqual([]);
  });

  it("offers only Saturdays, none in the future, each accepted by ABA weekly", () => {
    const saturdays = saturdayChoices(NOW);
    expect(saturdays[0]).toBe("20250809");
    expect(saturdays[1]).toBe("20250802");
    expect(saturdays.length).toBeGreaterThan(100);
    for (const date of saturdays) {
      expect(new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T00:00:00Z`).getUTCDay()).toBe(6);
      expect(validateParamsAll("aba_research_weekly", { marketplace: "US", date }, { now: NOW })).toEqual([]);
    }
  });

  it("makes the order-word date follow reverseType", () => {
    const date = formModel("keyword_order").filters.find((f) => f.name === "date")!;
    expect(date.control).toEqual({
      type: "weekOrMonth",
      switchParam: "reverseType",
      formats: { W: "saturday", M: "month" },
      maxMonthsBack: 24,
    });
  });
});

describe("the operation picker's groups and search", () => {
  const groups = operationGroups();
  const codes = (words: string) => searchOperations(groups, words).flatMap((g) => g.operations.map((o) => o.code));

  it("lists every operation once, under its group's label, groups in the catalog's order", () => {
    expect(groups.map((g) => g.label)).toEqual(Object.values(GROUP_LABELS));
    expect(groups.flatMap((g) => g.operations.map((o) => o.code)).sort()).toEqual(
      OPERATIONS.map((op) => op.code).sort(),
    );
    expect(groups.every((g) => g.operations.length > 0)).toBe(true);
  });

  it("finds an operation by words of its title, its MAD name, its API code or its group, in any case", () => {
    expect(codes("price band")).toEqual(["market_price_distribution"]);
    expect(codes("MAD.NICHES")).toEqual(["market_research"]);
    expect(codes("google_trend")).toEqual(["google_trend"]);
    expect(codes("trademark")).toEqual([
      "trademark_list",
      "trademark_stats",
      "trademark_detail",
      "trademark_country_list",
    ]);
    expect(codes("Trademark counts")).toEqual(["trademark_stats"]);
    // Every typed word must match: a second word narrows.
    expect(codes("category rating").length).toBeLessThan(codes("category").length);
    expect(codes("no such thing")).toEqual([]);
  });

  it("drops groups left empty and shows everything for blank words", () => {
    expect(searchOperations(groups, "aba").map((g) => g.label)).toEqual([GROUP_LABELS.aba]);
    expect(searchOperations(groups, "   ")).toEqual(groups);
  });
});
