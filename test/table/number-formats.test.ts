/**
 * Every number format the add-in writes is Excel format syntax (issue 45): a card's prices in every market's currency
 * (literal text quoted or bracketed: `"C$"#,##0.00`, `[$AED] #,##0.00`), its dates and counts, every column format of
 * a table, a report or a history sheet. Held to the strict stand-in's format-code rules (Microsoft's "Number format
 * codes", test/support/strict-excel/number-format.ts), and written through the stand-in where Excel takes them: a card
 * of every market as Insert as table writes it and as MAD.PRODUCT returns it.
 */
import { OPERATIONS } from "../../src/api/catalog";
import { MARKETPLACES } from "../../src/api/param-spec";
import {
  DATE_FORMAT,
  DATE_OR_YEAR_FORMAT,
  DATE_TIME_FORMAT,
  numberFormatOf,
  recordColumns,
} from "../../src/table/columns";
import { productCard, productFactsOf } from "../../src/table/product-card";
import { columnFormats, TABLE_DATE_FORMAT, TEXT_FORMAT } from "../../src/taskpane/report-model/table-formats";
import { formatValue } from "../../src/preview/format";
import { fixture } from "../api/support/fixtures";
import { StrictExcel } from "../support/strict-excel";
import { cellValueFormatProblem, numberFormatProblem } from "../support/strict-excel/number-format";

const RESEARCH = fixture("product_research").data as { items: Record<string, unknown>[] };
const cardOf = (marketplace: string, numbers: "double" | "formattedNumber" = "double") =>
  productCard(
    productFactsOf({ ...RESEARCH.items[0], marketplace, availableDate: 1_689_350_400_000 }, marketplace)!,
    numbers,
  );

test("a card's formats are valid in every market, in both number forms", () => {
  const problems = MARKETPLACES.flatMap(({ code }) =>
    (["double", "formattedNumber"] as const).flatMap((numbers) => {
      const problem = cellValueFormatProblem(cardOf(code, numbers));
      return problem ? [`${code} (${numbers}): ${problem}`] : [];
    }),
  );
  expect(problems).toEqual([]);
});

test("every column format of a table, a report and a history sheet is valid", () => {
  const formats = new Set<string>([TABLE_DATE_FORMAT, TEXT_FORMAT, DATE_FORMAT, DATE_TIME_FORMAT, DATE_OR_YEAR_FORMAT]);
  for (const op of OPERATIONS) {
    const columns = recordColumns(op);
    for (const column of columns) {
      formats.add(numberFormatOf(column));
      formats.add(numberFormatOf(column, "text"));
    }
    for (const format of columnFormats(columns)) formats.add(format);
  }
  const problems = [...formats].flatMap((format) => {
    const problem = numberFormatProblem(format);
    return problem ? [`${format}: ${problem}`] : [];
  });
  expect(problems).toEqual([]);
});

describe.each(["desktop", "web"] as const)("in the strict stand-in (%s)", (platform) => {
  test.each(MARKETPLACES.map((m) => m.code))(
    "a %s card is written by valuesAsJson and returned by MAD.PRODUCT",
    async (code) => {
      const excel = new StrictExcel({ platform });
      await excel.run(async (context: Excel.RequestContext) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").valuesAsJson = [[cardOf(code) as never]];
        await context.sync();
      });
      expect(excel.cell("Sheet1", "A1")?.entity?.properties.Price).toMatchObject({ type: "Double" });
      excel.type("Sheet1", "C1", `=MAD.PRODUCT("${code}","B0TESTASIN")`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      excel.manual.at("C1").answer([[cardOf(code)]]);
      await excel.idle();
      expect(excel.cell("Sheet1", "C1")).toMatchObject({ entity: expect.anything() });
    },
  );
});

test("the preview shows each market's price as Excel would", () => {
  const shown = Object.fromEntries(
    MARKETPLACES.map(({ code }) => {
      const price = cardOf(code).properties.Price as { numberFormat: string };
      return [code, formatValue(1234.5, price.numberFormat)];
    }),
  );
  expect(shown).toMatchObject({
    US: "$1,234.50",
    CA: "C$1,234.50",
    AU: "A$1,234.50",
    BR: "R$1,234.50",
    IN: "₹1,234.50",
  });
  expect(shown).toMatchObject({ AE: "AED 1,234.50", DE: "1,234.50 €", UK: "£1,234.50", JP: "¥1,235" });
});
