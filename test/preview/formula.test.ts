import { parseRangeAddress } from "../../src/table/a1";
import { formatValue } from "../../src/preview/format";
import { inputTextOf, parseInput } from "../../src/preview/formula";

const parse = (text: string) => parseInput(text);

describe("parseInput", () => {
  it("reads numbers, booleans, text and apostrophe text", () => {
    expect(parse("")).toEqual({ kind: "empty" });
    expect(parse("12.5")).toEqual({ kind: "value", value: 12.5 });
    expect(parse("-3")).toEqual({ kind: "value", value: -3 });
    expect(parse("true")).toEqual({ kind: "value", value: true });
    expect(parse("yoga mat")).toEqual({ kind: "value", value: "yoga mat" });
    expect(parse("'=SUM(A1)")).toEqual({ kind: "value", value: "=SUM(A1)" });
    expect(parse("'42")).toEqual({ kind: "value", value: "42" });
  });

  it("parses a call with literals, omitted arguments, cells and ranges", () => {
    const parsed = parse('=mad.keywordtrends("US", "say ""hi""", , -1.5e2, TRUE, $b$2, Sheet1!A1:c5)');
    expect(parsed).toEqual({
      kind: "formula",
      call: {
        name: "MAD.KEYWORDTRENDS",
        args: [
          { kind: "literal", value: "US" },
          { kind: "literal", value: 'say "hi"' },
          { kind: "omitted" },
          { kind: "literal", value: -150 },
          { kind: "literal", value: true },
          { kind: "reference", range: parseRangeAddress("B2"), text: "$B$2" },
          { kind: "reference", range: parseRangeAddress("A1:C5"), text: "SHEET1!A1:C5", sheet: "Sheet1" },
        ],
      },
    });
    expect(parse("=MAD.VERSION()")).toEqual({ kind: "formula", call: { name: "MAD.VERSION", args: [] } });
  });

  it("reads references to other sheets, quoted when the name has spaces", () => {
    const parsed = parse("=MAD.A('Market 172282 (2)'!$B$3, Other!A1:B2, 'It''s'!C1)");
    expect(parsed.kind === "formula" && parsed.call.args).toEqual([
      {
        kind: "reference",
        range: parseRangeAddress("B3"),
        text: "'MARKET 172282 (2)'!$B$3",
        sheet: "Market 172282 (2)",
      },
      { kind: "reference", range: parseRangeAddress("A1:B2"), text: "OTHER!A1:B2", sheet: "Other" },
      { kind: "reference", range: parseRangeAddress("C1"), text: "'IT''S'!C1", sheet: "It's" },
    ]);
  });

  it.each([
    ['=MAD.A(MAD.B("x"))', /Nested function calls/],
    ["=A1", /Only function calls/],
    ['=MAD.A("x"', /closing parenthesis/],
    ['=MAD.A("x)', /closing quote/],
    ["=MAD.A(A1+1)", /"\+" is not supported/],
    ["=MAD.A(!A1)", /names no sheet/],
    ["=MAD.A(A1:B2:C3)", /not a cell or range/],
    ['=MAD.A({"a",B2})', /^An array constant such as \{"a","b"\} holds values only, not the reference "B2"\.$/],
    ['=MAD.A({"a","b"', /^An array constant is missing its closing brace \}\.$/],
    ["=MAD.A(1 2)", /Arguments are separated by commas/],
    ["=MAD.A(1)+2", /Unexpected text after the closing parenthesis/],
    ["=A1:B2(1)", /"A1:B2" is not a function name/],
  ])("explains why %s cannot be evaluated", (text, message) => {
    const parsed = parse(text);
    expect(parsed.kind).toBe("invalidFormula");
    expect(parsed.kind === "invalidFormula" && parsed.message).toMatch(message);
  });

  it('reads an array constant as Excel does: rows of values (`{"headers","labels"}` in filters, a list of ASINs)', () => {
    expect(parse('=MAD.PRODUCTS("US",{"B0A","B0B"})')).toEqual({
      kind: "formula",
      call: {
        name: "MAD.PRODUCTS",
        args: [
          { kind: "literal", value: "US" },
          { kind: "array", rows: [["B0A", "B0B"]] },
        ],
      },
    });
    expect(parse('=MAD.X(A1,{"headers","labels";"dates","text"})')).toMatchObject({
      call: {
        args: [
          { kind: "reference" },
          {
            kind: "array",
            rows: [
              ["headers", "labels"],
              ["dates", "text"],
            ],
          },
        ],
      },
    });
  });
});

describe("inputTextOf", () => {
  it("gives text that parses back to the same value", () => {
    for (const value of ["=1+1", "'quoted", "42", "TRUE", "plain", 7, false]) {
      const reparsed = parse(inputTextOf(value));
      expect(reparsed).toEqual({ kind: "value", value });
    }
  });
});

describe("formatValue", () => {
  it("shows dates, thousands, decimals, percent and currency", () => {
    expect(formatValue(45292, "yyyy-mm-dd")).toBe("2024-01-01");
    expect(formatValue(45292.5, "yyyy-mm-dd hh:mm")).toBe("2024-01-01 12:00");
    expect(formatValue(1234567.891, "#,##0")).toBe("1,234,568");
    expect(formatValue(0.1234, "0.0%")).toBe("12.3%");
    expect(formatValue(-1234.5, "$#,##0.00")).toBe("-$1,234.50");
    expect(formatValue(1 / 3)).toBe("0.3333333333");
    expect(formatValue("=text", "@")).toBe("=text");
    expect(formatValue(true)).toBe("TRUE");
  });

  it("picks a code's section as Excel does: a year or a date in one column, negatives, zero and colours", () => {
    // The add-in's format for a column of years or dates (DATE_OR_YEAR_FORMAT).
    expect(formatValue(2024, "[<10000]0;yyyy-mm-dd")).toBe("2024");
    expect(formatValue(45292, "[<10000]0;yyyy-mm-dd")).toBe("2024-01-01");
    expect(formatValue(-5, "#,##0;(#,##0)")).toBe("(5)");
    expect(formatValue(0, '0.0;-0.0;"none"')).toBe("none");
    expect(formatValue(-1234, "#,##0;[Red]-#,##0")).toBe("-1,234");
    expect(formatValue(150, '[>=100]"many";[<10]"few";0')).toBe("many");
    expect(formatValue(50, '[>=100]"many";[<10]"few";0')).toBe("50");
  });
});

describe("field references (=A2.Price)", () => {
  it("parse into the internal field call with the reference and the field's name", () => {
    expect(parse("=A2.Price")).toEqual({
      kind: "formula",
      call: {
        name: "=FIELD",
        args: [
          { kind: "reference", range: parseRangeAddress("A2"), text: "A2" },
          { kind: "literal", value: "Price" },
        ],
      },
    });
    expect(parse("='Product watch'!$B$7.[Monthly units]")).toMatchObject({
      call: {
        args: [
          { kind: "reference", range: parseRangeAddress("B7"), sheet: "Product watch" },
          { kind: "literal", value: "Monthly units" },
        ],
      },
    });
  });

  it("leave calls and numbers alone", () => {
    expect(parse("=MAD.PRODUCT(A2,B2)")).toMatchObject({ call: { name: "MAD.PRODUCT" } });
    expect(parse("=A2.")).toMatchObject({ kind: "invalidFormula" });
  });
});
