/**
 * Blank cells as Excel desktop passes them: on some builds a blank cell, alone or inside a range, and an omitted
 * optional argument arrive as the number 0 (office-js #4702, #5262). Wherever a blank is allowed, such a 0 reads as
 * a blank; where 0 is a value a person means (a price of 0), it stays 0. The rule is in src/api/kinds/read.ts.
 */
import { shim } from "./helpers/install-shim";
import "../../src/functions/generated/functions";
import { operation, OPERATIONS, type OperationCode } from "../../src/api/catalog";
import { ValidationError } from "../../src/api/errors";
import { parseFormulaArgs, type FormulaArgs } from "../../src/functions/arguments";
import { configureRunner } from "../../src/functions/runner";
import { DEFAULT_DISPLAY } from "../../src/table/shape";
import { recordColumns } from "../../src/table/columns";
import { fixtureService } from "./helpers/fixture-service";
import { harness } from "./helpers/harness";

afterAll(() => {
  configureRunner();
  shim.uninstall();
});

const parse = (code: OperationCode, args: Partial<FormulaArgs>) =>
  parseFormulaArgs(operation(code), { market: "US", positional: [], ...args });

function message(code: OperationCode, args: Partial<FormulaArgs>): string {
  try {
    parse(code, args);
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

/** Every way a blank argument or a blank range reaches a function, on the web and on desktop. */
const BLANKS: readonly [string, unknown][] = [
  ["omitted (undefined)", undefined],
  ["null", null],
  ['""', ""],
  ["0", 0],
  ["[[null]]", [[null]]],
  ['[[""]]', [[""]]],
  ["[[0]]", [[0]]],
  [
    "[[0, 0], [0, 0]]",
    [
      [0, 0],
      [0, 0],
    ],
  ],
];

describe("every function, its optional arguments blank as desktop Excel passes them", () => {
  test.each(OPERATIONS.map((op) => [op.fn, op.code] as const))(
    "MAD.%s: filters, fields and limit as 0 spill what they spill when omitted, from the same request",
    async (_fn, code) => {
      const omitted = fixtureService();
      const asOmitted = await harness(shim, omitted).run(code, {});
      const zeros = fixtureService();
      const asZeros = await harness(shim, zeros).run(code, { filters: 0, fields: [[0, 0]], limit: 0 });
      expect(asZeros.error).toBeUndefined();
      expect(asZeros.value).toEqual(asOmitted.value);
      expect(zeros.bodies).toEqual(omitted.bodies);
    },
  );

  test("MAD.CATEGORIES with its optional keyword blank as 0 lists the top-level categories", async () => {
    const service = fixtureService();
    const outcome = await harness(shim, service).run("product_node", { positional: [0] });
    expect(outcome.error).toBeUndefined();
    expect(service.bodies[0].body).toEqual({ marketplace: "US" });
  });
});

describe("limit, fields and filters: every blank shape reads as blank", () => {
  test.each(BLANKS)("limit %s: one page", (_name, blank) => {
    expect(parse("product_research", { limit: blank }).limit).toBeUndefined();
  });

  test.each(BLANKS)("fields %s: every column", (_name, blank) => {
    expect(parse("competitor_lookup", { fields: blank }).columns).toEqual(
      recordColumns(operation("competitor_lookup")),
    );
  });

  test.each(BLANKS)("filters %s: no filter, default display", (_name, blank) => {
    const parsed = parse("product_research", { filters: blank });
    expect(parsed.params).toEqual({ marketplace: "US" });
    expect(parsed.display).toEqual(DEFAULT_DISPLAY);
  });

  test("blank cells of a range of names or of a limit range are left out", () => {
    expect(parse("competitor_lookup", { fields: [["asin", 0, "price", 0]] }).columns.map((c) => c.name)).toEqual([
      "asin",
      "price",
    ]);
    expect(parse("product_research", { limit: [[0], [150]] }).limit).toBe(150);
  });

  test("what is typed stays what it says: the text 0 is not a column, a real limit of 0 rows does not exist", () => {
    expect(message("competitor_lookup", { fields: "0" })).toMatch(/^fields: "0" is not a column/);
    expect(message("product_research", { limit: -1 })).toBe("limit: expected a whole number from 1 to 2000 (got -1)");
  });
});

describe("a filter row, per kind: a 0 is a blank unless the parameter means 0", () => {
  const filtered = (code: OperationCode, rows: unknown[][], positional: unknown[] = []) =>
    parse(code, { filters: rows, positional }).params;

  test("a whole blank row, and rows under a block's last filter, are skipped", () => {
    expect(
      filtered("product_research", [
        ["minPrice", 10],
        [0, 0],
        [0, 0],
      ]),
    ).toEqual({ marketplace: "US", minPrice: 10 });
  });

  test("a number that can be 0 keeps a typed 0 (minPrice 0, queryType 0 = all variants)", () => {
    expect(filtered("product_research", [["minPrice", 0]]).minPrice).toBe(0);
    expect(filtered("product_research", [["maxBsrCr", 0]]).maxBsrCr).toBe(0);
    expect(filtered("traffic_extend", [["queryType", 0]], [[["B07Z82895W"]]]).queryType).toBe(0);
  });

  test("a number whose rules refuse 0 reads a 0 as blank (topN from 1, matchType 1 to 3)", () => {
    expect(filtered("market_brand_concentration", [["topN", 0]], ["172282:281407"])).not.toHaveProperty("topN");
    expect(filtered("product_research", [["matchType", 0]])).not.toHaveProperty("matchType");
  });

  test("text, dates, booleans, choices and orders read a 0 as blank", () => {
    const params = filtered("product_research", [
      ["keyword", 0],
      ["month", 0],
      ["nodeIdPathEqual", 0],
      ["badgeBS", 0],
      ["order", 0],
      ["orderDesc", 0],
    ]);
    expect(params).toEqual({ marketplace: "US" });
  });

  test("list items: the blank cells of a template's ASIN row (asins | B0… | 0 | 0) are left out", () => {
    expect(filtered("competitor_lookup", [["asins", "B07Z82895W", "B0DGVP84B5", 0, 0, 0]]).asins).toEqual([
      "B07Z82895W",
      "B0DGVP84B5",
    ]);
    expect(filtered("product_research", [["dimensionType", "LS", 0]]).dimensionType).toBe("LS");
  });

  test("typed text stays typed: minPrice=0 is 0, keyword=0 is the word 0, a text 0 in a cell too", () => {
    expect(parse("product_research", { filters: "minPrice=0; keyword=0" }).params).toMatchObject({
      minPrice: 0,
      keyword: "0",
    });
    expect(filtered("product_research", [["keyword", "0"]]).keyword).toBe("0");
    expect(filtered("product_research", [["nodeIdPathEqual", "0"]]).nodeIdPathEqual).toBe(false);
  });

  test("a value with no name is still refused, a blank name beside a blank value is not", () => {
    expect(message("product_research", { filters: [[0, 5]] })).toBe("filters: a row has the value 5 but no name");
    expect(filtered("product_research", [[null, 0]])).toEqual({ marketplace: "US" });
  });
});

describe("display options blank as 0 keep their defaults", () => {
  test("headers, dates, stats and layout", () => {
    expect(
      parse("product_research", {
        filters: [
          ["headers", 0],
          ["dates", 0],
        ],
      }).display,
    ).toEqual(DEFAULT_DISPLAY);
    expect(parse("traffic_keyword", { positional: ["B07Z82895W"], filters: [["stats", 0]] }).display).toEqual(
      DEFAULT_DISPLAY,
    );
    expect(
      parse("market_research_statistics", { positional: ["172282:281407"], filters: [["layout", 0]] }).display,
    ).toEqual(DEFAULT_DISPLAY);
  });
});

describe("required and positional arguments blank as 0", () => {
  test("a blank market or required argument is missing (the validator says required), not the text 0", () => {
    expect(parse("keyword_research_trends", { market: 0, positional: [0] }).params).toEqual({});
    expect(parse("market_brand_concentration", { market: [[0]], positional: [[[0]]] }).params).toEqual({});
  });

  test("a list argument's blank cells are left out (the ASIN row of a template)", () => {
    expect(parse("keyword_order", { positional: [[["B07Z82895W", 0, 0]], "W"] }).params.asins).toEqual(["B07Z82895W"]);
  });
});
