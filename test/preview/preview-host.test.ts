import { parseCellAddress } from "../../src/table/a1";
import type { FunctionInvoker } from "../../src/preview/cell-types";
import { PreviewHost } from "../../src/preview/preview-host";
import { Workbook } from "../../src/preview/workbook";

/** Area checks never call functions; a formula typed into these tests would fail the test loudly. */
const noCalls: FunctionInvoker = {
  isRegistered: () => true,
  invoke: () => {
    throw new Error("no function calls expected");
  },
};

function setup(rows?: number, columns?: number) {
  const book = new Workbook(noCalls, rows, columns);
  const host = new PreviewHost(book, () => parseCellAddress("A1")!);
  return { book, host };
}

describe("PreviewHost.checkArea", () => {
  it("holds a 2,000-row result below a header on the default grid, and names the cells in use", async () => {
    const { book, host } = setup();
    expect(book.rowCount).toBeGreaterThanOrEqual(2_100);
    expect(book.columnCount).toBeGreaterThanOrEqual(100);
    expect(await host.checkArea({ sheet: "Sheet1", address: "B5" }, 2_001, 60)).toEqual({
      address: "B5:BI2005",
      occupied: [],
    });
    book.setInput(parseCellAddress("C7")!, "a note");
    book.setInput(parseCellAddress("B2005")!, "12");
    book.setInput(parseCellAddress("B2006")!, "below the area");
    const check = await host.checkArea({ sheet: "Sheet1", address: "B5" }, 2_001, 60);
    expect(check.occupied).toEqual(["C7", "B2005"]);
    expect(check.outside).toBeUndefined();
  });

  it("says when the block runs past the grid's edge, before anything is written", async () => {
    const { host } = setup(30, 10);
    const check = await host.checkArea({ sheet: "Sheet1", address: "A25" }, 11, 3);
    expect(check.address).toBe("A25:C30");
    expect(check.outside).toMatch(/11 rows × 3 columns from A25 run past the preview grid \(A1:J30\)/);
    const wide = await host.checkArea({ sheet: "Sheet1", address: "H1" }, 2, 4);
    expect(wide.outside).toMatch(/run past the preview grid/);
  });
});
