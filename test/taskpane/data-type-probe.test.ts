/**
 * The pane's start learns whether this Excel takes data types (issue 45), in the strict stand-in: its read waits for
 * a person editing a cell (`delayForCellEdit`) instead of failing, counts only the documented refusals (GeneralException
 * on retail perpetual Office, office-js #4750, #3504; the API missing) as "no cards", asks again after any other
 * failure, and after a refusal recalculates the MAD.PRODUCT cells shown so far, so they turn into labelled rows.
 */
import { lookupFunction } from "../../src/api/catalog";
import { FormulaRegistry, type FormulaEntry } from "../../src/engine/formula-registry";
import { entitiesSupported } from "../../src/functions/entity-support";
import { cardPlan } from "../../src/formula/product-plans";
import { dataTypesRefused, forgetDataTypeVerdict } from "../../src/table/data-type-support";
import { createOfficeHost } from "../../src/taskpane/host/office-host";
import { learnDataTypes } from "../../src/taskpane/shared/data-type-start";
import { fixture } from "../api/support/fixtures";
import { StrictExcel, type StrictExcelOptions } from "../support/strict-excel";
import { RichApiError } from "../support/strict-excel/errors";
import { VirtualClock } from "../support/virtual-clock";

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));
const RESEARCH = fixture("product_research").data as { items: Record<string, unknown>[] };
const RECORD = { asin: { ...RESEARCH.items[0], availableDate: 1_689_350_400_000 }, salesTrendPoints: [] };

afterEach(() => {
  forgetDataTypeVerdict();
  delete (globalThis as { Office?: unknown }).Office;
});

function excelWithHost(options: StrictExcelOptions = {}) {
  const excel = new StrictExcel(options);
  const g = excel.globals();
  (globalThis as { Office?: unknown }).Office = g.Office;
  const host = createOfficeHost({
    run: excel.run as never,
    settings: () => g.Office.context.document.settings as never,
    requirements: () => g.Office.context.requirements as never,
    loadWithDocument: async () => undefined,
    clock: new VirtualClock(),
  });
  return { excel, host };
}

test("a person typing in a cell at the start: the read waits for them, and cards stay on", async () => {
  const { excel, host } = excelWithHost();
  excel.editCell();
  let answer: boolean | undefined;
  const asked = host.dataTypeSupport().then((supported) => (answer = supported));
  await flush();
  expect(answer).toBeUndefined(); // waiting, not failed
  excel.leaveCellEdit();
  await asked;
  expect(answer).toBe(true);
  expect(dataTypesRefused()).toBe(false);
});

test("a failure other than a documented refusal is asked again, never taken for cards off", async () => {
  const { excel, host } = excelWithHost();
  let failures = 0;
  excel.failWhen = (wire) => {
    if (!JSON.stringify(wire).includes("valuesAsJson") || failures >= 2) return false;
    failures++;
    return new RichApiError("ServiceNotAvailable", "The service is unavailable.");
  };
  await expect(host.dataTypeSupport()).resolves.toBe(true);
  expect(failures).toBe(2);
  expect(dataTypesRefused()).toBe(false);
});

test("retail perpetual Office refuses: cards off, and the MAD.PRODUCT cells shown so far become labelled rows", async () => {
  const { excel, host } = excelWithHost({ license: "retailPerpetual" });
  const plan = cardPlan(lookupFunction("PRODUCT")!, { market: "US", positional: ["B0TESTASIN"] }, entitiesSupported);
  const answer = () => plan.shape({ rows: [], byKey: new Map([["B0TESTASIN", RECORD]]) } as never);
  excel.type("Sheet1", "A1", '=MAD.PRODUCT("US","B0TESTASIN")');
  await flush();
  excel.manual.at("A1").answer(answer()); // calculated before the start's read: a card, which this Excel refuses
  await excel.idle();
  expect(excel.cell("Sheet1", "A1")?.error).toBe("#VALUE!");

  const registry = new FormulaRegistry();
  registry.record({ id: "Sheet1!A1", address: "Sheet1!A1", functionName: "MAD.PRODUCT" } as FormulaEntry);
  await learnDataTypes(host, registry);
  expect(dataTypesRefused()).toBe(true);
  await flush();
  excel.manual.at("A1").answer(answer()); // calculated again: the labelled row, from the cache (no call)
  await excel.idle();
  expect(excel.shows("Sheet1", "A1")).toBe("Title");
  expect(excel.cell("Sheet1", "A1")?.error).toBeUndefined();
});
