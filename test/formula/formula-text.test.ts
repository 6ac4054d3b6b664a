/** A formula's text read into its function and arguments as Excel would pass them, and what it cannot read, where. */
import { readFormula, readFormulaText, readReference } from "../../src/formula/formula-text";
import { parseRangeAddress } from "../../src/table/a1";

const call = (text: string) => {
  const read = readFormulaText(text);
  if ("problem" in read) throw new Error(JSON.stringify(read.problem));
  return read.call;
};
const problem = (text: string) => {
  const read = readFormulaText(text);
  if (!("problem" in read)) throw new Error(`read: ${text}`);
  return read.problem;
};

test("values as Excel passes them: text, numbers, booleans, array constants as rows, omitted arguments as null", () => {
  expect(call('=MAD.PRODUCTDETAILS("US","B07Z82895W")')).toEqual({
    name: "MAD.PRODUCTDETAILS",
    args: ["US", "B07Z82895W"],
  });
  expect(call('mad.listingtraffic( "US" , {"B0A","B0B";"B0C","B0D"}, {"similar"})')).toEqual({
    name: "MAD.LISTINGTRAFFIC",
    args: [
      "US",
      [
        ["B0A", "B0B"],
        ["B0C", "B0D"],
      ],
      [["similar"]],
    ],
  });
  expect(call('=MAD.PRODUCTRESEARCH("US",,"asin",-2.5e1, TRUE, false)').args).toEqual([
    "US",
    null,
    "asin",
    -25,
    true,
    false,
  ]);
  expect(call('=MAD.X("say ""hi""")').args).toEqual(['say "hi"']);
  expect(call("=MAD.X()").args).toEqual([]);
  expect(call("=MAD.X(1,)").args).toEqual([1, null]);
});

test("what has no value outside the workbook, or is not one call, is named with its position", () => {
  expect(problem('=MAD.PRODUCTDETAILS("US", A2)')).toEqual({ kind: "reference", position: 27, found: "A2" });
  expect(problem("=MAD.X(Sheet1!$B$2:C3)")).toMatchObject({ kind: "reference", found: "Sheet1!$B$2:C3" });
  expect(problem('=MAD.X(UPPER("us"))')).toEqual({ kind: "nested", position: 8, found: "UPPER" });
  expect(problem('=MAD.X("us"')).toEqual({ kind: "unclosedCall", position: 7, found: "" });
  expect(problem('=MAD.X("us)')).toEqual({ kind: "unclosedText", position: 8, found: '"us)' });
  expect(problem("=MAD.X({1,2)")).toMatchObject({ kind: "unexpected", found: ")" });
  expect(problem("=MAD.X(1)+2")).toEqual({ kind: "trailing", position: 10, found: "+2" });
  expect(problem("=1+2")).toMatchObject({ kind: "notACall" });
  expect(problem("=")).toEqual({ kind: "empty", position: 2, found: "" });
  expect(problem("=MAD.X(1 2)")).toMatchObject({ kind: "unexpected", found: "2" });
});

describe("with references (the preview's cells)", () => {
  const written = (text: string) => {
    const read = readFormula(text, { references: true });
    if ("problem" in read) throw new Error(JSON.stringify(read.problem));
    return read.call.args;
  };
  const refused = (text: string) => {
    const read = readFormula(text, { references: true });
    if (!("problem" in read)) throw new Error(`read: ${text}`);
    return read.problem;
  };

  test("a reference is an argument: its cells, its sheet (quoted or not), its text as Excel shows it", () => {
    expect(written("=MAD.X(b2, 'My sheet'!$B$3:c6, Other!A1, 'It''s'!C1)")).toEqual([
      { kind: "reference", text: "B2", range: parseRangeAddress("B2") },
      { kind: "reference", text: "'MY SHEET'!$B$3:C6", range: parseRangeAddress("B3:C6"), sheet: "My sheet" },
      { kind: "reference", text: "OTHER!A1", range: parseRangeAddress("A1"), sheet: "Other" },
      { kind: "reference", text: "'IT''S'!C1", range: parseRangeAddress("C1"), sheet: "It's" },
    ]);
    expect(written('=MAD.X("US", {"a","b";"c","d"}, , TRUE)')).toEqual([
      { kind: "literal", value: "US" },
      {
        kind: "array",
        rows: [
          ["a", "b"],
          ["c", "d"],
        ],
      },
      { kind: "omitted" },
      { kind: "literal", value: true },
    ]);
  });

  test("a name, an address that does not parse and a reference inside an array constant are problems, where they are", () => {
    expect(refused("=MAD.X(1, myName)")).toEqual({ kind: "reference", position: 11, found: "myName" });
    expect(refused("=MAD.X(A1:B2:C3)")).toEqual({ kind: "reference", position: 8, found: "A1:B2:C3" });
    expect(refused("=MAD.X(!A1)")).toEqual({ kind: "reference", position: 8, found: "!A1" });
    // Array constants take values only, as in Excel.
    expect(refused('=MAD.X({"a",B2})')).toEqual({ kind: "reference", position: 13, found: "B2" });
    expect(refused("=MAD.X(A1, UPPER(B2))")).toEqual({ kind: "nested", position: 12, found: "UPPER" });
    expect(refused("=MAD.X(A1+1)")).toEqual({ kind: "unexpected", position: 10, found: "+1" });
    expect(refused('  =MAD.X({"a","b")')).toEqual({ kind: "unexpected", position: 18, found: ")" });
    expect(refused('=MAD.X({"a"')).toEqual({ kind: "unclosedArray", position: 8, found: "" });
    expect(refused("=A1:B2(1)")).toEqual({ kind: "notACall", position: 2, found: "A1:B2" });
  });

  test("without references, each is still a problem at its place (the relay's alerts, the pane's alert source)", () => {
    expect(problem("=MAD.X('My sheet'!B3)")).toEqual({ kind: "reference", position: 8, found: "'My sheet'!B3" });
    expect(readReference("'My sheet'!$B$3:C6")).toEqual({ range: parseRangeAddress("B3:C6"), sheet: "My sheet" });
    expect(readReference("myName")).toBeUndefined();
  });
});
