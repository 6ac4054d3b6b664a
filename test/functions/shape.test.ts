/**
 * The flattening rule, on the real fixtures as the client parses them: every rule a user sees in the spilled
 * table (dotted columns, min/max/value columns, joined lists, compact object lists, maps, blanks, dates, layouts).
 */
import { operation, OPERATIONS, type OperationCode } from "../../src/api/catalog";
import { parseResult } from "../../src/api/parse";
import { parseFormulaArgs } from "../../src/formula/arguments";
import { recordColumns } from "../../src/table/columns";
import { epochMsToSerial } from "../../src/api/dates";
import { COMPACT_TEXT_LIMIT, toCell, type Cell } from "../../src/table/cells";
import { columnsOf, numberFormatOf, readColumn } from "../../src/table/columns";
import { DEFAULT_DISPLAY, shapeResult, type DisplayOptions } from "../../src/table/shape";
import { ABA_RESEARCH_FIELDS } from "../../src/api/records";
import { exampleBody } from "./helpers/fixture-service";
import { setLocale } from "../../src/i18n/locale";

async function parsed(code: OperationCode) {
  return parseResult(code, exampleBody(code), "test");
}

async function spill(code: OperationCode, display: Partial<DisplayOptions> = {}, fields?: string): Promise<Cell[][]> {
  const op = operation(code);
  const result = await parsed(code);
  const columns = fields ? parseFormulaArgs(op, { market: "US", positional: [], fields }).columns : recordColumns(op);
  return shapeResult(op, result, columns, { ...DEFAULT_DISPLAY, ...display });
}

/** The value under a header name in the first data row. */
function cell(table: Cell[][], name: string, row = 1): Cell {
  const index = table[0].indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${table[0].join(", ")}`);
  return table[row][index];
}

describe("every operation spills a rectangular table of numbers, texts and booleans", () => {
  test.each(OPERATIONS.map((op) => op.code))("%s", async (code) => {
    const table = await spill(code);
    const width = table[0].length;
    expect(table.length).toBeGreaterThan(1);
    for (const row of table) {
      expect(row).toHaveLength(width);
      for (const value of row) expect(["string", "number", "boolean"]).toContain(typeof value);
    }
    const op = operation(code);
    if (op.shape === "object") expect(table[0]).toEqual(["field", "value"]);
    else expect(table[0]).toEqual(recordColumns(op).map((c) => c.name));
  });
});

describe("flattening rules", () => {
  test("objects become dotted columns; the live amazonChoice lands in badge.platformChoice", async () => {
    const table = await spill("competitor_lookup");
    expect(table[0]).toEqual(
      expect.arrayContaining([
        "badge.bestSeller",
        "badge.platformChoice",
        "badge.newRelease",
        "badge.ebc",
        "badge.video",
      ]),
    );
    expect(table[0]).not.toContain("badge");
    expect(cell(table, "badge.bestSeller")).toBe("#1 Best Seller in Smartwatches");
    expect(cell(table, "badge.platformChoice")).toBe("N");
    const traffic = await spill("traffic_keyword");
    expect(cell(traffic, "rankPosition.page")).toBe(3);
    expect(cell(traffic, "adPosition.position")).toBe(73);
  });

  test("the -1 none sentinel and null are blank cells, never 0", async () => {
    const table = await spill("competitor_lookup");
    expect(cell(table, "primePrice")).toBe("");
    expect(cell(table, "deliveryPrice")).toBe("");
    expect(cell(table, "nodeId")).toBe("");
    expect(cell(table, "lqs")).toBe("");
    // A real 0 stays 0.
    expect(cell(table, "ratingDelta")).toBe(0);
    const extend = await spill("traffic_extend");
    expect(cell(extend, "spr")).toBe("");
    expect(cell(extend, "rankPosition.page")).toBe("");
  });

  test("live field names are normalized: amzUnit to platformUnit, amazonChoice to platformChoice (keyword mining)", async () => {
    const listing = await spill("traffic_listing");
    expect(cell(listing, "platformUnit")).toBe(2000);
    expect(cell(listing, "platformUnitDate")).toBeCloseTo(epochMsToSerial(1757838157000), 8);
    const mining = await spill("keyword_miner");
    expect(cell(mining, "platformChoice")).toBe(false);
  });

  test("calendar days sent in epoch milliseconds are that day in the service's calendar, never the day before", async () => {
    const table = await spill("competitor_lookup");
    expect(cell(table, "availableDate")).toBe(45546); // 2024-09-11
    const trend = await spill("aba_research_trend");
    // 1709222400000 = 2024-02-29 16:00 UTC = 2024-03-01 00:00 China time: the March period, not Feb 29.
    expect(cell(trend, "date")).toBe(45352); // 2024-03-01
    expect(cell(trend, "label")).toBe(45352); // "202403": the month's first day
    const text = await spill("competitor_lookup", { dates: "text" });
    expect(cell(text, "availableDate")).toBe("2024-09-11");
    const trendText = await spill("aba_research_trend", { dates: "text" });
    expect(cell(trendText, "date")).toBe("2024-03-01");
    expect(cell(trendText, "label")).toBe("2024-03-01");
  });

  test("moments (update times) stay date-times in UTC", async () => {
    const traffic = await spill("traffic_keyword", { dates: "text" });
    expect(cell(traffic, "rankPosition.updatedTime")).toBe("2025-07-24 09:27");
  });

  test("months sent as text become the month's first day; days become dates; years stay numbers", async () => {
    const trends = await spill("keyword_research_trends");
    expect(cell(trends, "time")).toBe(42736); // "2017年01月" -> 2017-01-01
    expect(cell(await spill("keyword_research_trends", { dates: "text" }), "time")).toBe("2017-01-01");
    const weekly = await spill("aba_research_weekly");
    expect(cell(weekly, "date")).toBe(45871); // "20250802" -> 2025-08-02
    const monthly = await spill("aba_research_monthly", { dates: "text" });
    expect(cell(monthly, "date")).toBe("2025-08-01"); // "202508"
    const trend = await spill("market_listing_trend_distribution");
    expect(typeof cell(trend, "year")).toBe("number");
    expect(cell(trend, "year")).toBeGreaterThan(1990);
    expect(cell(trend, "year")).toBeLessThan(2100);
  });

  test.each([
    ["2026.10", "2026-10-01"],
    ["202508", "2025-08-01"],
    ["2024年11月", "2024-11-01"],
    ["2024年1月", "2024-01-01"],
    ["20261121", "2026-11-21"],
    ["2017-06-22", "2017-06-22"],
    ["2012", 2012],
    ["20261341", "20261341"],
    ["latest", "latest"],
  ] as const)("date text %s spills as %s", (sent, shown) => {
    const column = columnsOf(ABA_RESEARCH_FIELDS).find((c) => c.name === "date")!;
    expect(toCell(sent, column, "text")).toBe(shown);
    const serial = toCell(sent, column, "serial");
    if (typeof shown === "string" && /^\d{4}-/.test(shown)) {
      expect(serial).toBe((Date.parse(`${shown}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
    } else expect(serial).toBe(shown);
  });

  test("min/max/value objects become three columns", async () => {
    const table = await spill("keyword_conversion");
    expect(table[0]).toEqual(expect.arrayContaining(["phrasePpc.min", "phrasePpc.max", "phrasePpc.value"]));
    expect([cell(table, "phrasePpc.min"), cell(table, "phrasePpc.max"), cell(table, "phrasePpc.value")]).toEqual([
      0.9, 1.7, 1.31,
    ]);
    expect(cell(table, "broadPpc.value")).toBe("");
    expect([cell(table, "exactCpa.min"), cell(table, "exactCpa.max"), cell(table, "exactCpa.value")]).toEqual([
      "",
      "",
      "",
    ]);
    expect(cell(table, "exactAcos.min")).toBe(0.35); // min above max is kept as sent
  });

  test("lists of texts are comma-joined", async () => {
    const aba = await spill("aba_research_weekly");
    expect(cell(aba, "top3Brands")).toBe("Ailun, MAGIC JOHN, JETech");
    expect(cell(aba, "departments")).toBe("Cell Phones & Accessories");
    const sellers = await spill("market_seller_concentration");
    expect(cell(sellers, "asins")).toBe("B0B6G28SXP, B0BZH3T9S9, B0CHMLN1FS");
    const traffic = await spill("traffic_keyword");
    expect(cell(traffic, "badges")).toBe("naturalSearching, sponsorVideo");
  });

  test("lists of objects become compact text: identity, label, first two figures (rates as percentages)", async () => {
    const orders = await spill("keyword_order");
    expect(cell(orders, "monopolyAsinDtos")).toBe(
      "B07F8S18D5 (11.65% / 10.38%); B092J6LZPF (6.46% / 4.84%); B07Z82895W (5.68% / 6.23%)",
    );
    const research = await spill("keyword_research");
    expect(String(cell(research, "searchDepartments"))).toMatch(
      /^hpc: Health, Household & Baby Care \(2725 \/ 15\.39%\); grocery: Grocery & Gourmet Food \(1361 \/ 7\.69%\)/,
    );
    const products = await spill("competitor_lookup");
    expect(cell(products, "subcategories")).toBe(
      "14130292011: Smartwatches (1); 7939901011: Smartwatches (1); 172282: Back to results (14)",
    );
    const mining = await spill("keyword_miner");
    expect(cell(mining, "departments")).toBe("hpc: Health, Household & Baby Care; grocery: Grocery & Gourmet Food");
    const aba = await spill("aba_research_weekly");
    expect(cell(aba, "top3AsinDtoList")).toBe(
      "B09CSSP9C1 (6.79% / 3.35%); B0B769X1VJ (4.07% / 2.81%); B09F2JY5FF (4.03% / 2.26%)",
    );
  });

  test("compact text is capped at 255 characters with an ellipsis", () => {
    const op = operation("aba_research_weekly");
    const items = Array.from({ length: 40 }, (_, i) => ({
      asin: `B0000000${String(i).padStart(2, "0")}`,
      clickRate: 0.1,
      conversionRate: 0.05,
    }));
    const table = shapeResult(
      op,
      { rows: [{ top3AsinDtoList: items }] },
      columnsOf(ABA_RESEARCH_FIELDS),
      DEFAULT_DISPLAY,
    );
    const text = String(cell(table, "top3AsinDtoList"));
    expect(text).toHaveLength(COMPACT_TEXT_LIMIT);
    expect(text.endsWith("…")).toBe(true);
  });

  test("label -> list maps become KEY: a, b; KEY2: c", async () => {
    const table = await spill("traffic_source");
    expect(cell(table, "badgeDetails")).toBe("AD: SPONSOR_VIDEO, HIGHLY_RATED, ADS; SEARCH: NATURAL_SEARCHING");
    expect(cell(table, "badgeLabels")).toBe("SEARCH, AD");
    expect(cell(table, "asinInfo.asin")).toBe("B07Z82895W");
    expect(cell(table, "asinInfo.currency")).toBe("");
  });

  test("text from the service stays text, even when it looks like a formula", () => {
    const op = operation("competitor_lookup");
    const table = shapeResult(
      op,
      { rows: [{ asin: "B000000001", title: '=HYPERLINK("http://x")' }] },
      recordColumns(op),
      DEFAULT_DISPLAY,
    );
    expect(cell(table, "title")).toBe('=HYPERLINK("http://x")');
  });
});

test("number formats per column for hosts that can format (dates, currency, rates as sent)", () => {
  const byName = new Map(recordColumns(operation("competitor_lookup")).map((c) => [c.name, c]));
  expect(numberFormatOf(byName.get("availableDate")!)).toBe("yyyy-mm-dd");
  expect(numberFormatOf(byName.get("availableDate")!, "text")).toBe("@");
  expect(numberFormatOf(byName.get("price")!)).toBe("#,##0.00");
  expect(numberFormatOf(byName.get("profit")!)).toBe("0.00%"); // sent as 98.52, spilled as 0.9852
  expect(numberFormatOf(byName.get("units")!)).toBe("#,##0");
  expect(numberFormatOf(byName.get("badge.bestSeller")!)).toBe("@");
  const aba = new Map(recordColumns(operation("aba_research_weekly")).map((c) => [c.name, c]));
  expect(numberFormatOf(aba.get("purchaseRate")!)).toBe("0.00%"); // 0.047 means 4.7 %
});

describe("rates are fractions in every function, so one 0.00% format fits every rate column", () => {
  test("rates the service sends as percentages are divided by 100; rates sent as fractions stay", async () => {
    const competitors = await spill("competitor_lookup");
    const sent = exampleBody("competitor_lookup") as { data: { items: Record<string, number>[] } };
    expect(cell(competitors, "profit")).toBeCloseTo(sent.data.items[0].profit / 100, 12);
    const aba = await spill("aba_research_weekly");
    const abaSent = exampleBody("aba_research_weekly") as { data: { items: Record<string, number>[] } };
    expect(cell(aba, "purchaseRate")).toBe(abaSent.data.items[0].purchaseRate);
  });

  test("every rate column of every function has the 0.00% format and holds fractions", () => {
    for (const op of OPERATIONS) {
      for (const column of recordColumns(op)) {
        if (column.spec.format !== "percent" && column.spec.format !== "fraction") continue;
        expect(numberFormatOf(column)).toBe("0.00%");
        const cellOf = toCell(12.5, column, "serial");
        expect(cellOf).toBe(column.spec.format === "percent" ? 0.125 : 12.5);
      }
    }
  });
});

describe("layouts", () => {
  test("a single record spills field/value rows by default", async () => {
    const table = await spill("market_research_statistics");
    expect(table[0]).toEqual(["field", "value"]);
    expect(table[1]).toEqual(["nodeLabelPath", "Electronics:Accessories & Supplies"]);
    expect(table.find((row) => row[0] === "totalProducts")).toEqual(["totalProducts", ""]);
    expect(table.find((row) => row[0] === "newProductProportion")).toEqual(["newProductProportion", 0.0263]); // sent as 2.63 (%)
    expect(table).toHaveLength(recordColumns(operation("market_research_statistics")).length + 1);
  });

  test("layout=horizontal spills one header row and one wide row", async () => {
    const table = await spill("market_research_statistics", { layout: "horizontal" });
    expect(table).toHaveLength(2);
    expect(cell(table, "avgPrice")).toBe(42.5);
    expect(cell(table, "firstShelfDate")).toBe(41084); // 2012-06-24
  });

  test("traffic keywords spill items; stats=TRUE spills the word-part table", async () => {
    const items = await spill("traffic_keyword");
    expect(cell(items, "keyword")).toBe("phone accessory");
    const stats = await spill("traffic_keyword", { stats: true });
    expect(stats).toEqual([
      ["keywords", "total"],
      ["phone", 1],
      ["accessory", 1],
    ]);
  });

  test("headers=labels spills plain English headers, nested and min/max/value columns included, all distinct", async () => {
    const products = await spill("competitor_lookup", { headerLabels: true });
    const names = (await spill("competitor_lookup"))[0];
    expect(cell(products, "Profit rate")).toBe(cell(await spill("competitor_lookup"), "profit"));
    expect(products[0]).toContain("Badges: Best-seller badge");
    expect(products[0]).toContain("Listing date, a date");
    expect(products[0]).not.toContain("badge.bestSeller");
    expect(products[0]).toHaveLength(names.length);
    const keywords = await spill("keyword_miner", { headerLabels: true });
    expect(new Set(keywords[0]).size).toBe(keywords[0].length);
    for (const label of keywords[0]) expect(String(label).length).toBeLessThanOrEqual(80);
    const conversion = await spill("keyword_research", { headerLabels: true });
    expect(new Set(conversion[0]).size).toBe(conversion[0].length);
    const vertical = await spill("market_research_statistics", { headerLabels: true });
    expect(vertical[0]).toEqual(["Field", "Value"]);
    expect(vertical.some((row) => row[0] === "New products' share")).toBe(true);
  });

  test("headers=labels heads a single record's field/value rows in the reader's language (issue 46)", async () => {
    await setLocale("zh-CN");
    try {
      const vertical = await spill("market_research_statistics", { headerLabels: true });
      expect(vertical[0]).toEqual(["字段", "值"]);
      // Without labels the header stays the API's words, in any language (formulas may look them up).
      expect((await spill("market_research_statistics"))[0]).toEqual(["field", "value"]);
    } finally {
      await setLocale("en");
    }
  });

  test("headers=FALSE drops the header row", async () => {
    const table = await spill("aba_research_weekly", { headers: false });
    expect(table).toHaveLength(1);
    expect(table[0][0]).toBe("screen protector");
    const vertical = await spill("market_research_statistics", { headers: false });
    expect(vertical[0][0]).toBe("nodeLabelPath");
  });

  test("fields pick and order columns; an object's name takes all its columns", async () => {
    const table = await spill("competitor_lookup", {}, "price, asin, badge");
    expect(table[0]).toEqual([
      "price",
      "asin",
      "badge.bestSeller",
      "badge.platformChoice",
      "badge.newRelease",
      "badge.ebc",
      "badge.video",
    ]);
    expect(table[1].slice(0, 2)).toEqual([728.99, "B0DGVP84B5"]);
  });

  test("an empty result is the single cell 'No rows'", () => {
    const op = operation("product_research");
    expect(shapeResult(op, { rows: [] }, recordColumns(op), DEFAULT_DISPLAY)).toEqual([["No rows"]]);
    expect(
      shapeResult(operation("traffic_keyword"), { rows: [], stats: [] }, recordColumns(op), {
        ...DEFAULT_DISPLAY,
        stats: true,
      }),
    ).toEqual([["No rows"]]);
  });

  test("limit keeps the first rows of plain arrays", async () => {
    const op = operation("keyword_research_trends");
    const result = await parsed("keyword_research_trends");
    const table = shapeResult(op, result, recordColumns(op), DEFAULT_DISPLAY, 3);
    expect(table).toHaveLength(4);
    expect(table[1][0]).toBe(42736); // result.rows[0].time, "2017年01月"
  });
});

describe("compiled column readers", () => {
  // The readers are compiled once per column list; they must give exactly the cell of the general conversion,
  // for every operation, both date displays, and values of unexpected shape (strings for numbers, nulls, -1).
  const odd = (record: unknown): unknown => {
    if (typeof record !== "object" || record === null || Array.isArray(record)) return record;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      out[key] = typeof value === "number" ? String(value) : typeof value === "string" ? null : value;
    }
    return out;
  };
  it.each(OPERATIONS.map((op) => op.code))("%s: every cell equals the general conversion", async (code) => {
    const op = operation(code);
    if (op.shape === "object") return;
    const result = await parsed(code);
    const columns = recordColumns(op);
    const records = [...result.rows, ...result.rows.map(odd), { primePrice: -1 }, null];
    for (const dates of ["serial", "text"] as const) {
      const table = shapeResult(op, { rows: records }, columns, { ...DEFAULT_DISPLAY, dates, headers: false });
      const expected = records.map((record) => columns.map((c) => toCell(readColumn(record, c), c, dates)));
      expect(table).toEqual(expected);
    }
  });
});

describe("keyword-conversion rates are fractions, like the service's other rates", () => {
  // A hand-made row (no official response carries these fields): the simulator and the docs' other rates say 0-1.
  const body = {
    code: "OK",
    message: "成功",
    data: {
      page: 1,
      size: 1,
      total: 1,
      items: [
        { keyword: "lunch box", searches: 52000, searchConvRate: 0.0412, clickConvRate: 0.1234, clickingRate: 0.38 },
      ],
    },
  };

  test("they spill as the fractions sent, formatted 0.00%", () => {
    const op = operation("keyword_conversion");
    const result = parseResult("keyword_conversion", body, "test");
    const { columns } = parseFormulaArgs(op, {
      market: "US",
      positional: [],
      fields: "keyword, searchConvRate, clickConvRate, clickingRate",
    });
    const table = shapeResult(op, result, columns, DEFAULT_DISPLAY);
    expect(table[1]).toEqual(["lunch box", 0.0412, 0.1234, 0.38]);
    expect(columns.slice(1).map((c) => numberFormatOf(c))).toEqual(["0.00%", "0.00%", "0.00%"]);
  });
});
