/** A formula's text read into its function and arguments as Excel would pass them, and what it cannot read, where. */
import { readFormulaText } from "../../src/table/formula-text";

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
