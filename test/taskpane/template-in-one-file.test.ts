/**
 * A report template is one module (its id, inputs, sheet name, sections, with its words in its two language
 * files) and one line of the registry: a throwaway template, written here and nowhere else, is laid out, checked,
 * costed and planned by the same code as the shipped ones, with no other file knowing it.
 */
import { createEngine } from "../../src/engine/engine";
import { memoryStore } from "../../src/engine/key-value-store";
import { CONFIRM_ABOVE_CALLS } from "../../src/taskpane/report-model/spend";
import { readInputs } from "../../src/taskpane/report-model/report-inputs";
import { reportQueries } from "../../src/taskpane/report-model/report-queries";
import { layoutReport } from "../../src/taskpane/report-model/report-layout";
import type { ReportTemplate } from "../../src/taskpane/report-model/template-types";
import { MARKET } from "../../src/taskpane/report-model/templates/market";
import { planReport } from "../../src/taskpane/templates/actions";
import { validateTemplateInputs } from "./support/report-plan";

const NOW = new Date("2026-11-24T12:00:00Z");
const ENGINE = createEngine({ store: memoryStore({}) });

/** Two sections over one keyword and the ASINs typed, one repeated per ASIN; its words are its own. */
const throwaway: ReportTemplate<"throwaway"> = {
  id: "throwaway",
  title: () => "Throwaway",
  description: () => "A template only this test knows.",
  sheetName: (inputs) => `Throwaway ${inputs.values.keyword ?? ""}`,
  inputs: [
    MARKET,
    { name: "keyword", kind: "keyword", label: () => "Keyword", hint: () => "A search word." },
    { name: "asins", kind: "asins", label: () => "ASINs", hint: () => "Up to three." },
  ],
  maxAsins: 3,
  sections: [
    {
      title: () => "Mined keywords",
      operation: "keyword_miner",
      fn: "KEYWORDMINER",
      positional: [{ kind: "input", input: "keyword" }],
      fields: ["keyword", "searches"],
      limit: 10,
    },
  ],
  eachAsin: [
    {
      title: (n) => `Reviews ${n}`,
      operation: "review",
      fn: "REVIEWS",
      positional: [{ kind: "eachAsin" }],
      fields: ["date", "star"],
      limit: 5,
    },
  ],
};

test("a template written in one place is planned: its sheet, formulas, checks and cost", () => {
  const { plan, errors } = planReport(
    throwaway,
    { market: "US", keyword: " yoga mat ", asins: "b07z82895w, B0DGVP84B5" },
    ENGINE,
    NOW,
    null,
  );
  expect(errors.count).toBe(0);
  expect(plan!.spec.name).toBe("Throwaway yoga mat");
  expect(plan!.spec.formulas.map((f) => f.formula)).toEqual([
    '=MAD.KEYWORDMINER($B$3,$B$4,"headers=labels","keyword, searches",10)',
    '=MAD.REVIEWS($B$3,$B$5,"headers=labels","date, star",5)',
    '=MAD.REVIEWS($B$3,$C$5,"headers=labels","date, star",5)',
  ]);
  expect(plan!.queries.map((q) => q.params)).toEqual([
    { marketplace: "US", keyword: "yoga mat" },
    { marketplace: "US", asin: "B07Z82895W" },
    { marketplace: "US", asin: "B0DGVP84B5" },
  ]);
  expect(plan!.cost.calls).toBe(3);
  expect(plan!.cost.calls).toBeLessThanOrEqual(CONFIRM_ABOVE_CALLS);
  expect(plan!.question).toBeNull();
});

test("its inputs are checked by the catalog's rules, each message naming the input", () => {
  const errors = validateTemplateInputs(throwaway, readInputs({ market: "US", keyword: "", asins: "" }), NOW);
  expect(Object.keys(errors.byInput).sort()).toEqual(["asins", "keyword"]);
  expect(errors.byInput.keyword).toEqual([expect.stringMatching(/^Keyword: required/)]);
});

test("its layout makes room for its most ASINs and its sections' queries follow the inputs read once", () => {
  expect(layoutReport(throwaway).sections).toHaveLength(1 + 3);
  const inputs = readInputs({ market: "US", keyword: "mat", asins: "a1 a2 a3 a4" });
  expect(reportQueries(throwaway, inputs).map((q) => q.params.asin ?? q.params.keyword)).toEqual([
    "mat",
    "A1",
    "A2",
    "A3",
  ]);
});
