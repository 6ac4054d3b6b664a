/**
 * What both hosts do alike, checked once per host (Excel desktop and Excel on the web through the strict stand-in,
 * and the preview's grid): a person's cells are never written over without being asked, a refreshed table that
 * grows over them refuses and names them, and, when the person says so, inserts sheet rows or writes over them.
 */
import type { StoredQuery, TableSpec } from "../../src/taskpane/host/host-adapter";
import { everySyncUnder5MB, HOSTS, hostUnderTest } from "./support/hosts";

const QUERY: StoredQuery = { operation: "product_research", params: { marketplace: "US" }, limit: 60 };
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`B0${String(i).padStart(8, "0")}`, 10 + i]);
const table = (n: number): TableSpec => ({
  name: "MAD_ProductResearch",
  header: ["asin", "price"],
  rows: rowsOf(n),
  columnFormats: ["@", "#,##0.00"],
  query: QUERY,
});

everySyncUnder5MB();

describe.each(HOSTS)("%s", (name) => {
  it("refuses to create a table over a person's cells, naming them; writes over them when told to", async () => {
    const { host, sheet, type, shows, silentOverwrites } = hostUnderTest(name);
    type("B4", "keep me");
    await expect(host.createTable({ sheet, address: "A1" }, table(5))).rejects.toMatchObject({
      name: "CellsInUseError",
      occupied: ["B4"],
      message: expect.stringMatching(/B4 there holds something\. Nothing was written\./),
    });
    expect(shows("B4")).toBe("keep me");
    expect(shows("A1")).toBe("");
    await host.createTable({ sheet, address: "A1" }, table(5), undefined, "overwrite");
    expect(shows("B4")).toBe(12);
    expect(silentOverwrites()).toHaveLength(name === "preview" ? 0 : 1); // the person said "Overwrite"
  });

  it("a refresh that grows a table over a person's note writes nothing and names the note", async () => {
    const { host, sheet, type, shows, silentOverwrites } = hostUnderTest(name);
    await host.createTable({ sheet, address: "A1" }, table(40));
    type("B50", "a note under the table");
    await expect(host.replaceTableRows("MAD_ProductResearch", rowsOf(60), QUERY)).rejects.toMatchObject({
      name: "CellsInUseError",
      occupied: ["B50"],
      message: expect.stringMatching(/Refreshing MAD_ProductResearch needs 20 more rows .*B50 there holds something/),
    });
    expect(shows("B50")).toBe("a note under the table");
    expect(shows("A42")).toBe("");
    expect(silentOverwrites()).toEqual([]);
    expect((await host.listTables())[0]).toMatchObject({ address: "A1:B41", rowCount: 40 });
  });

  it("inserts sheet rows for a growing table when asked: the note moves down, untouched", async () => {
    const { host, sheet, type, shows, silentOverwrites } = hostUnderTest(name);
    await host.createTable({ sheet, address: "A1" }, table(40));
    type("B50", "a note under the table");
    const info = await host.replaceTableRows("MAD_ProductResearch", rowsOf(60), QUERY, undefined, "insertRows");
    expect(info).toMatchObject({ address: "A1:B61", rowCount: 60 });
    expect([shows("A61"), shows("B70"), shows("B50")]).toEqual(["B000000059", "a note under the table", 58]);
    expect(silentOverwrites()).toEqual([]);
  });

  it("writes over the note when the person says so; a shrinking or same-size refresh never asks", async () => {
    const { host, sheet, type, shows } = hostUnderTest(name);
    await host.createTable({ sheet, address: "A1" }, table(40));
    type("B50", "a note under the table");
    await host.replaceTableRows("MAD_ProductResearch", rowsOf(30), QUERY);
    expect(shows("B50")).toBe("a note under the table");
    await host.replaceTableRows("MAD_ProductResearch", rowsOf(60), QUERY, undefined, "overwrite");
    expect(shows("B50")).toBe(58);
  });

  it("names the cells in use in an area, and none in an empty one", async () => {
    const { host, sheet, type } = hostUnderTest(name);
    expect((await host.checkArea({ sheet, address: "B3" }, 200, 4)).occupied).toEqual([]);
    type("C5", "a note");
    type("E5", "12");
    expect((await host.checkArea({ sheet, address: "B3" }, 200, 4)).occupied).toEqual(["C5", "E5"]);
  });
});

/**
 * Excel never lets a table grow over another ("A table can't overlap another table", office-js #1199; the strict
 * stand-in refuses Table.resize and tables.add so): a refresh asks first and may only insert sheet rows, which
 * moves the other table down; overwriting is refused however the person answered.
 */
describe.each(HOSTS.filter((name) => name !== "preview"))("%s: a table growing into another table", (name) => {
  const other: TableSpec = { ...table(3), name: "Notes", header: ["note", "by"], rows: [["call", "Ann"]] };

  it("asks, naming the other table, and writes nothing; 'overwrite' is refused too", async () => {
    const { host, sheet, shows } = hostUnderTest(name);
    await host.createTable({ sheet, address: "A1" }, table(40));
    await host.createTable({ sheet, address: "A45" }, other);
    for (const growth of [undefined, "overwrite"] as const)
      await expect(
        host.replaceTableRows("MAD_ProductResearch", rowsOf(60), QUERY, undefined, growth),
      ).rejects.toMatchObject({
        name: "CellsInUseError",
        tables: ["Notes"],
        message: expect.stringMatching(/belong to the table Notes, and a table can't overlap another table/),
      });
    expect([shows("A41"), shows("A42"), shows("A46")]).toEqual(["B000000039", "", "call"]);
  });

  it("inserts sheet rows when asked: the other table moves down whole", async () => {
    const { host, sheet, shows } = hostUnderTest(name);
    await host.createTable({ sheet, address: "A1" }, table(40));
    await host.createTable({ sheet, address: "A45" }, other);
    await host.replaceTableRows("MAD_ProductResearch", rowsOf(60), QUERY, undefined, "insertRows");
    const tables = await host.listTables();
    expect(tables.map((t) => [t.name, t.address])).toEqual([
      ["MAD_ProductResearch", "A1:B61"],
      ["Notes", "A65:B66"],
    ]);
    expect([shows("A61"), shows("A66")]).toEqual(["B000000059", "call"]);
  });
});
