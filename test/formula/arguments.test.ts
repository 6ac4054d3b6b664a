/**
 * Arguments as Excel passes them (scalars, 2D ranges, null for omitted) to the query: lists, filters as rows or
 * text, typed values, order, dates, reserved display options, fields and limit, and the messages of bad input.
 */
import { operation, OPERATIONS } from "../../src/api/catalog";
import { epochMsToSerial } from "../../src/api/dates";
import { filterNames, RESERVED_OPTIONS } from "../../src/formula/filters";
import { failure, parse } from "../functions/helpers/parse-args";

describe("required arguments", () => {
  test("lists come from a range (blank cells skipped) or from separated text", () => {
    const fromRange = parse("traffic_extend", { positional: [[["B07Z82895W"], [""], [null], ["b0dgvp84b5"]]] });
    expect(fromRange.params.asinList).toEqual(["B07Z82895W", "b0dgvp84b5"]);
    const fromText = parse("traffic_listing", {
      positional: [[["B07Z82895W, B0DGVP84B5;B0C2PQ4DKQ"]], [["vav, bab"]]],
    });
    expect(fromText.params).toMatchObject({
      asinList: ["B07Z82895W", "B0DGVP84B5", "B0C2PQ4DKQ"],
      relations: ["vav", "bab"],
    });
  });

  test("months from 202508, '2025-08' or a real Excel date", () => {
    expect(parse("traffic_source", { positional: ["B07Z82895W", 202508] }).params.month).toBe("202508");
    expect(parse("traffic_source", { positional: ["B07Z82895W", "2025-08"] }).params.month).toBe("202508");
    const serial = epochMsToSerial(Date.UTC(2025, 7, 15));
    expect(parse("traffic_source", { positional: ["B07Z82895W", serial] }).params.month).toBe("202508");
  });

  test("market and text arguments are passed on trimmed; numbers typed as keywords keep their digits", () => {
    expect(parse("keyword_research_trends", { market: " gb ", positional: [2024] }).params).toEqual({
      marketplace: "gb",
      keyword: "2024",
    });
  });

  test("a range where one value is expected is refused, naming the argument", () => {
    expect(failure("keyword_research_trends", { positional: [[["a"], ["b"]]] }).message).toBe(
      "keyword: expects one value, got a range of 2 values",
    );
  });
});

describe("filters", () => {
  test("a 2-column range of name/value rows, names case-insensitive, blank rows and blank values skipped", () => {
    const rows = [
      ["Filter", "Value"],
      ["minprice", 10],
      ["", ""],
      ["maxPrice", "25.5"],
      ["includeBrands", ""],
      ["badgeBS", "Y"],
      ["nodeIdPathEqual", "yes"],
    ];
    expect(parse("product_research", { filters: rows }).params).toEqual({
      marketplace: "US",
      minPrice: 10,
      maxPrice: 25.5,
      badgeBS: "Y",
      nodeIdPathEqual: true,
    });
  });

  test("text name=value; name=value, and one such text per cell of a one-column range", () => {
    expect(parse("product_research", { filters: [["minUnits=100; fulfillment=FBA,FBM"]] }).params).toMatchObject({
      minUnits: 100,
      fulfillment: "FBA,FBM",
    });
    expect(parse("product_research", { filters: "minUnits=100" }).params).toMatchObject({ minUnits: 100 });
    expect(parse("product_research", { filters: [["minUnits=100"], ["maxUnits=500"]] }).params).toMatchObject({
      minUnits: 100,
      maxUnits: 500,
    });
  });

  test("list values: comma-separated in the value cell, or continued in the cells to the right", () => {
    expect(
      parse("keyword_order", { positional: ["B07Z82895W", "W"], filters: [["conversionType", "E, S"]] }).params
        .conversionType,
    ).toEqual(["E", "S"]);
    expect(
      parse("keyword_order", { positional: ["B07Z82895W", "W"], filters: [["conversionType", "E", "S", ""]] }).params
        .conversionType,
    ).toEqual(["E", "S"]);
    expect(parse("product_research", { filters: [["dimensionType", "LS", "SO"]] }).params.dimensionType).toBe("LS,SO");
  });

  test("order as 'field desc', or orderField/orderDesc; the field matched to the sort fields' spelling", () => {
    expect(parse("product_research", { filters: "order=PRICE asc" }).params.order).toEqual({
      field: "price",
      desc: false,
    });
    expect(parse("product_research", { filters: "order=price" }).params.order).toEqual({ field: "price" });
    expect(
      parse("product_research", {
        filters: [
          ["orderField", "bsr_rank"],
          ["orderDesc", false],
        ],
      }).params.order,
    ).toEqual({ field: "bsr_rank", desc: false });
    expect(failure("product_research", { filters: "order=price; orderDesc=TRUE" }).message).toMatch(
      /either order or orderField\/orderDesc/,
    );
    expect(failure("product_research", { filters: "order=price down" }).message).toMatch(
      /^order \(in filters\): expected a sort field and asc or desc/,
    );
  });

  test("booleans only for boolean parameters: Y stays text for Y/N codes, becomes TRUE for booleans", () => {
    expect(parse("product_research", { filters: "badgeAC=y" }).params.badgeAC).toBe("y"); // the validator canonicalizes the option
    expect(parse("keyword_miner", { positional: ["phone"], filters: "platformChoice=Y" }).params.amazonChoice).toBe(
      true,
    );
    expect(failure("keyword_miner", { positional: ["phone"], filters: "amazonChoice=maybe" }).message).toBe(
      'amazonChoice (in filters): expected TRUE or FALSE (got "maybe")',
    );
  });

  test("a Saturday from a date cell for the weekly date; the order-word date follows reverseType", () => {
    const saturday = epochMsToSerial(Date.UTC(2025, 7, 2));
    expect(parse("aba_research_weekly", { filters: [["date", saturday]] }).params.date).toBe("20250802");
    expect(parse("keyword_order", { positional: ["B07Z82895W", "M"], filters: [["date", saturday]] }).params.date).toBe(
      "202508",
    );
    expect(
      parse("keyword_order", { positional: ["B07Z82895W", "w"], filters: [["date", "2025-08-02"]] }).params.date,
    ).toBe("20250802");
  });

  test("unknown names give a did-you-mean; names with an argument of their own are pointed at it", () => {
    expect(failure("product_research", { filters: "minPirce=10" }).message).toBe(
      'filters: "minPirce" is not a filter of MAD.PRODUCTRESEARCH; did you mean minPrice?',
    );
    expect(failure("keyword_research_trends", { positional: ["phone"], filters: "keyword=x" }).message).toBe(
      "keyword (in filters): not a filter: use the keyword argument",
    );
    expect(failure("product_research", { filters: "size=100" }).message).toBe(
      "size (in filters): not a filter: paging follows the limit argument",
    );
    expect(failure("product_research", { filters: "returnFields=asin" }).message).toBe(
      "returnFields (in filters): not a filter: use the fields argument",
    );
    expect(failure("product_research", { filters: "minPrice=10; MINPRICE=12" }).message).toBe(
      "MINPRICE (in filters): is set twice",
    );
    expect(failure("product_research", { filters: "minPrice=cheap" }).message).toBe(
      'minPrice (in filters): expected a number (got "cheap")',
    );
    expect(failure("product_research", { filters: [["", 5]] }).message).toBe(
      "filters: a row has the value 5 but no name",
    );
    expect(failure("product_research", { filters: "minPrice" }).message).toBe(
      'filters: expected name=value, got "minPrice"',
    );
  });

  test("reserved display options, only where they apply", () => {
    expect(parse("product_research", { filters: "headers=FALSE; dates=text" }).display).toMatchObject({
      headers: false,
      dates: "text",
    });
    expect(parse("product_research", { filters: "headers=Labels" }).display).toMatchObject({
      headers: true,
      headerLabels: true,
    });
    // `names`: the API names, as TRUE says (the word a report's `headers | labels` row is switched back with).
    expect(parse("product_research", { filters: [["headers", "Names"]] }).display).toMatchObject({
      headers: true,
      headerLabels: false,
    });
    expect(failure("product_research", { filters: "headers=words" }).message).toBe(
      'headers (in filters): expected TRUE, FALSE, labels or names (got "words")',
    );
    expect(
      parse("market_research_statistics", { positional: ["1:2"], filters: "layout=Horizontal" }).display.layout,
    ).toBe("horizontal");
    expect(parse("traffic_keyword", { positional: ["B07Z82895W"], filters: [["stats", true]] }).display.stats).toBe(
      true,
    );
    expect(failure("product_research", { filters: "stats=TRUE" }).message).toBe(
      "stats (in filters): applies only to MAD.TRAFFICKEYWORDS, not MAD.PRODUCTRESEARCH",
    );
    expect(failure("product_research", { filters: "layout=horizontal" }).message).toMatch(
      /^layout \(in filters\): applies only to single-record results/,
    );
    expect(failure("product_research", { filters: "dates=iso" }).message).toBe(
      'dates (in filters): expected serial or text (got "iso")',
    );
  });

  test("reserved names never collide with a parameter of any operation", () => {
    for (const op of OPERATIONS) {
      const params = op.params.map((p) => p.name.toLowerCase());
      for (const name of Object.keys(RESERVED_OPTIONS)) expect(params).not.toContain(name);
    }
    expect(filterNames(operation("product_research"))).toEqual(
      expect.arrayContaining(["minPrice", "order", "orderField", "headers"]),
    );
  });
});

describe("fields and limit", () => {
  test("fields pick columns locally (whole objects by their name) and send nothing to the service", () => {
    const parsed = parse("competitor_lookup", {
      fields: [
        ["asin", "BADGE.bestSeller"],
        ["price", ""],
      ],
    });
    expect(parsed.columns.map((c) => c.name)).toEqual(["asin", "badge.bestSeller", "price"]);
    expect(parsed.params).not.toHaveProperty("returnFields");
  });

  test("blank fields spill every column", () => {
    const parsed = parse("competitor_lookup", { fields: null });
    expect(parsed.params.returnFields).toBeUndefined();
    expect(parsed.columns.length).toBeGreaterThan(40);
  });

  test("an unknown field is refused with a did-you-mean", () => {
    expect(failure("competitor_lookup", { fields: "asin, pirce" }).message).toBe(
      'fields: "pirce" is not a column of MAD.COMPETITORS; did you mean price?',
    );
  });

  test("limit is a whole number from 1 to 2000; blank (or 0, a blank cell on Excel desktop) means one page", () => {
    expect(parse("product_research", { limit: 200 }).limit).toBe(200);
    expect(parse("product_research", { limit: null }).limit).toBeUndefined();
    expect(parse("product_research", { limit: 0 }).limit).toBeUndefined();
    for (const bad of [-5, 2001, 1.5, "many"]) {
      expect(failure("product_research", { limit: bad }).message).toBe(
        `limit: expected a whole number from 1 to 2000 (got ${typeof bad === "string" ? `"${bad}"` : bad})`,
      );
    }
  });
});

test('"minPrice=10, maxPrice=50" says to separate filters with ";"', () => {
  expect(failure("product_research", { filters: "minPrice=10, maxPrice=50" }).message).toBe(
    'filters: separate filters with ";", not ",": write "minPrice=10; maxPrice=..."',
  );
  // A comma inside one value is still a list.
  expect(parse("product_research", { filters: "fulfillment=FBA, FBM" }).params.fulfillment).toBe("FBA,FBM");
});
