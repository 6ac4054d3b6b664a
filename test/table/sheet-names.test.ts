import { sheetReference, uniqueSheetName } from "../../src/table/sheet-names";

describe("uniqueSheetName", () => {
  it("keeps a valid, unused name as proposed", () => {
    expect(uniqueSheetName("Market 172282", ["Sheet1"])).toBe("Market 172282");
  });

  it("numbers a taken name as Excel numbers copies, ignoring case", () => {
    expect(uniqueSheetName("Market 172282", ["Sheet1", "market 172282"])).toBe("Market 172282 (2)");
    expect(uniqueSheetName("Market 172282", ["Market 172282", "Market 172282 (2)"])).toBe("Market 172282 (3)");
  });

  it("turns the characters Excel refuses into spaces and never starts or ends with an apostrophe", () => {
    expect(uniqueSheetName("Market 172282:281407", [])).toBe("Market 172282 281407");
    expect(uniqueSheetName("a/b\\c?d*e[f]", [])).toBe("a b c d e f");
    expect(uniqueSheetName("'quoted'", [])).toBe("quoted");
    expect(uniqueSheetName("tab\there", [])).toBe("tab here");
  });

  it("names a blank or reserved proposal Report", () => {
    expect(uniqueSheetName("  ", [])).toBe("Report");
    expect(uniqueSheetName("History", ["report"])).toBe("Report (2)");
  });

  it("stays within 31 characters, the number included", () => {
    const long = "Keyword opportunity yoga mat for beginners";
    const first = uniqueSheetName(long, []);
    expect(first).toBe("Keyword opportunity yoga mat fo");
    expect(first).toHaveLength(31);
    const second = uniqueSheetName(long, [first]);
    expect(second).toBe("Keyword opportunity yoga ma (2)");
    expect(second).toHaveLength(31);
  });
});

describe("sheetReference", () => {
  it("quotes names a formula could not read bare", () => {
    expect(sheetReference("Sheet1")).toBe("Sheet1");
    expect(sheetReference("Market 172282 (2)")).toBe("'Market 172282 (2)'");
    expect(sheetReference("It's")).toBe("'It''s'");
    expect(sheetReference("AB12")).toBe("'AB12'");
  });
});
