/**
 * The Templates tab's ASIN lists without React: how many a pasted list holds and how many repeats it left out, the
 * ASINs of cells taken from the sheet, and Product watch's charted products (the first five watched ones until the
 * person picks; their picks kept while still watched).
 */
import { asinsOfCells, countAsins, withPicked } from "../../src/taskpane/templates/asin-lists";
import { templateById } from "../../src/taskpane/report-model/templates";

const watch = templateById("productWatch");
const ASINS = Array.from({ length: 8 }, (_, i) => `B0${String(i).padStart(8, "0")}`);

test("a pasted list counts each ASIN once, whatever separates them, and says how many repeats it left out", () => {
  expect(countAsins(`${ASINS[0]},${ASINS[1]}\n${ASINS[2]} ; ${ASINS[0].toLowerCase()}\t${ASINS[1]}`)).toEqual({
    count: 3,
    repeats: 2,
  });
  expect(countAsins("  ")).toEqual({ count: 0, repeats: 0 });
});

test("cells taken from the sheet give their ASINs row by row, a cell holding a list read as one, others passed over", () => {
  const cells = [
    ["ASIN", "Price"],
    [ASINS[0], null],
    [`${ASINS[1]}, ${ASINS[2]}`, ""],
    [ASINS[0].toLowerCase(), 12],
  ];
  expect(asinsOfCells(cells)).toEqual({ asins: [ASINS[0], ASINS[1], ASINS[2]], skipped: 3 });
});

test("the charted products are the first five watched until picked; picks no longer watched drop out", () => {
  const values = { market: "US", asins: ASINS.join("\n") };
  expect(withPicked(watch, values).picked).toBe(ASINS.slice(0, 5).join(", "));
  expect(withPicked(watch, { ...values, picked: `${ASINS[6]}, B0ZZZZZZZZ` }).picked).toBe(ASINS[6]);
  expect(withPicked(watch, { ...values, picked: "" }).picked).toBe("");
  // A template without charted products keeps its inputs.
  const competitors = templateById("competitorWatch");
  expect(withPicked(competitors, values)).toBe(values);
});
