/**
 * What the form sends and what it shows when something is wrong: values are reshaped into parameters (never
 * judged), and the client's validation messages land under the fields they are about.
 */
import { listItems } from "../../src/api/kinds/list-items";
import { formModel } from "../../src/taskpane/builder/form-model";
import {
  draftParams,
  initialValues,
  parseLimit,
  toParams,
  type FormValues,
  carryOver,
} from "../../src/taskpane/builder/form-values";
import { FIELD_PICKER, validateDraft } from "../../src/taskpane/builder/inline-errors";

const NOW = new Date(Date.UTC(2025, 7, 14, 12));
const research = formModel("product_research");
const values = (patch: FormValues): FormValues => ({ ...initialValues(research), ...patch });

describe("form values to parameters", () => {
  it("starts with marketplace US and nothing else set (the service's default order)", () => {
    expect(toParams(research, initialValues(research))).toEqual({ marketplace: "US" });
    expect(initialValues(research).order).toEqual({ field: "", desc: true });
  });

  it("reshapes numbers, enums, multi-selects, booleans and lists", () => {
    const params = toParams(
      research,
      values({
        minPrice: "10",
        maxPrice: " 49.99 ",
        matchType: "3",
        badgeBS: "Y",
        fulfillment: { selected: ["FBA", "FBM"], other: "" },
        sellerNation: { selected: ["CN"], other: "KR, TW" },
        nodeIdPathEqual: false,
        nodeIdPaths: "172282:281407\n\n172282:1234\n",
        keyword: "  yoga mat ",
        order: { field: "price", desc: false },
      }),
    );
    expect(params).toEqual({
      marketplace: "US",
      keyword: "yoga mat",
      matchType: 3,
      badgeBS: "Y",
      fulfillment: "FBA,FBM",
      sellerNation: "CN,KR,TW",
      nodeIdPathEqual: false,
      nodeIdPaths: ["172282:281407", "172282:1234"],
      minPrice: 10,
      maxPrice: 49.99,
      order: { field: "price", desc: false },
    });
  });

  it("leaves unset booleans, empty selections and a blank order field out", () => {
    const params = toParams(
      research,
      values({ nodeIdPathEqual: null, fulfillment: { selected: [], other: " " }, order: { field: "", desc: true } }),
    );
    expect(params).toEqual({ marketplace: "US" });
  });

  it("passes text that is not a number through, for the validator to name", () => {
    expect(toParams(research, values({ minPrice: "ten" })).minPrice).toBe("ten");
  });

  it("splits pasted ASINs on lines, commas and spaces; other lists on lines, commas and semicolons (as a cell)", () => {
    expect(listItems("B0DGVP84B5, B0DGVP84B6\nB0DGVP84B7 B0DGVP84B8", "separate")).toEqual([
      "B0DGVP84B5",
      "B0DGVP84B6",
      "B0DGVP84B7",
      "B0DGVP84B8",
    ]);
    // A comma separates keywords here as it does in a formula's cell (the form once kept "yoga mat, thick" whole).
    expect(listItems("yoga mat, thick\nfoam roller")).toEqual(["yoga mat", "thick", "foam roller"]);
  });

  it("never sends the picked columns: they are chosen locally, so one call serves every choice of columns", () => {
    const all = draftParams(research, { values: initialValues(research), fields: [], limit: "" });
    const picked = draftParams(research, { values: initialValues(research), fields: ["asin", "price"], limit: "" });
    expect(picked).toEqual(all);
    expect(picked).not.toHaveProperty("returnFields");
  });

  it("reads the limit as a whole number from 1 to 2,000", () => {
    expect(parseLimit("")).toEqual({});
    expect(parseLimit("120")).toEqual({ limit: 120 });
    expect(parseLimit("0").error).toBe("limit: expected a whole number from 1 to 2000 (got 0)");
    expect(parseLimit("5000").error).toBe("limit: expected a whole number from 1 to 2000 (got 5000)");
    expect(parseLimit("lots").error).toBe('limit: expected a whole number from 1 to 2000 (got "lots")');
    expect(parseLimit("2.5").error).toMatch(/whole number/);
  });
});

describe("validation shown inline", () => {
  const draft = (patch: FormValues, extra: { fields?: string[]; limit?: string } = {}) => ({
    values: values(patch),
    fields: extra.fields ?? [],
    limit: extra.limit ?? "",
  });

  it("accepts a valid draft and hands back the normalized parameters", () => {
    const result = validateDraft(
      research,
      draft({ minPrice: "10", maxPrice: "50", badgeBS: "y" }, { limit: "100" }),
      NOW,
    );
    expect(result.errors.count).toBe(0);
    expect(result.params).toMatchObject({ marketplace: "US", minPrice: 10, maxPrice: 50, badgeBS: "Y" });
    expect(result.limit).toBe(100);
  });

  it("shows a range error under both sides", () => {
    const { errors, params } = validateDraft(research, draft({ minPrice: "50", maxPrice: "10" }), NOW);
    expect(params).toBeUndefined();
    expect(errors.byField.minPrice).toEqual([expect.stringMatching(/minPrice 50 is greater than maxPrice 10/)]);
    expect(errors.byField.maxPrice).toEqual(errors.byField.minPrice);
  });

  it("names the field and the rule for a bad number, a missing required value and a bad ASIN", () => {
    expect(validateDraft(research, draft({ minRating: "high" }), NOW).errors.byField.minRating).toEqual([
      expect.stringMatching(/^minRating: expected a number/),
    ]);
    const extend = formModel("traffic_extend");
    const missing = validateDraft(extend, { values: initialValues(extend), fields: [], limit: "" }, NOW);
    expect(missing.errors.byField.asinList).toEqual([expect.stringMatching(/^asinList: required/)]);
    const bad = validateDraft(
      extend,
      { values: { ...initialValues(extend), asinList: "B0DGVP84B5\nnot-an-asin" }, fields: [], limit: "" },
      NOW,
    );
    expect(bad.errors.byField.asinList?.[0]).toMatch(/NOT-AN-ASIN" is not an ASIN/);
  });

  it("puts the order-with-filters rule under the order and every filter involved", () => {
    const miner = formModel("keyword_miner");
    const { errors } = validateDraft(
      miner,
      {
        values: {
          ...initialValues(miner),
          keyword: "yoga",
          amazonChoice: true,
          order: { field: "relevancy", desc: true },
        },
        fields: [],
        limit: "",
      },
      NOW,
    );
    expect(errors.byField.order?.[0]).toMatch(/cannot sort by relevancy while filtering by amazonChoice/);
    expect(errors.byField.amazonChoice).toEqual(errors.byField.order);
  });

  it("shows a limit problem under limit", () => {
    expect(validateDraft(research, draft({}, { limit: "5000" }), NOW).errors.byField.limit).toEqual([
      expect.stringMatching(/^limit:/),
    ]);
    expect(FIELD_PICKER).toBe("fields");
  });
});

describe("switching operation", () => {
  it("keeps the typed keyword and market, and starts the rest fresh", () => {
    const research = formModel("product_research");
    const miner = formModel("keyword_miner");
    const draft = {
      values: { ...initialValues(research), marketplace: "UK", keyword: "yoga mat", minPrice: "20" },
      fields: ["asin", "price"],
      limit: "100",
    };
    const next = carryOver(research, draft, miner);
    expect(next.values.keyword).toBe("yoga mat");
    expect(next.values.marketplace).toBe("UK");
    expect(next.values.minPrice).toBe("20"); // the same name and kind in both forms: kept
    expect(next.values).not.toHaveProperty("badgeBS"); // not a field of the miner
    expect(next.fields).toEqual([]); // other records, other columns
    expect(next.limit).toBe("100");
  });
});
