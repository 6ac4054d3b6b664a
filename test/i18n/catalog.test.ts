/**
 * The catalog (src/i18n): every message is valid ICU MessageFormat, takes exactly the arguments its entry declares
 * (so `t` is typed right and a translation cannot drop or invent one), every id is used, and plurals, numbers and
 * dates read as a person expects.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { CATALOGS, MESSAGE_ARGS, t, type MessageId } from "../../src/i18n";
import type { ArgKind } from "../../src/i18n/message";
import { ROOT } from "../architecture/source-scan";

/** Each argument a message uses, with the kind its syntax requires (`{x}` alone fits any kind: undefined). */
function argumentsOf(elements: readonly MessageFormatElement[], found = new Map<string, ArgKind | undefined>()) {
  const use = (name: string, kind: ArgKind | undefined) => found.set(name, found.get(name) ?? kind);
  for (const el of elements) {
    if (el.type === TYPE.argument) use(el.value, undefined);
    else if (el.type === TYPE.number || el.type === TYPE.plural) use(el.value, "number");
    else if (el.type === TYPE.date || el.type === TYPE.time) use(el.value, "date");
    else if (el.type === TYPE.select) use(el.value, "text");
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, found);
    if (el.type === TYPE.tag) argumentsOf(el.children, found);
  }
  return found;
}

const ids = Object.keys(MESSAGE_ARGS) as MessageId[];

describe.each(Object.entries(CATALOGS))("the %s catalog", (locale, catalog) => {
  test("has every message of the English one, and no other", () => {
    expect(Object.keys(catalog).sort()).toEqual([...ids].sort());
  });

  test.each(ids)("%s parses and takes exactly the arguments it declares", (id) => {
    const used = argumentsOf(new IntlMessageFormat(catalog[id], locale).getAst());
    const declared = MESSAGE_ARGS[id];
    expect([...used.keys()].sort()).toEqual(Object.keys(declared).sort());
    for (const [name, kind] of used) if (kind) expect({ name, kind: declared[name] }).toEqual({ name, kind });
  });
});

test("every message is used by the code (the catalog does not keep dead text)", () => {
  const read = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? read(join(dir, e.name))
        : /\.tsx?$/.test(e.name)
          ? [readFileSync(join(dir, e.name), "utf8")]
          : [],
    );
  const code = readdirSync(join(ROOT, "src"))
    .filter((layer) => layer !== "i18n")
    .flatMap((layer) => read(join(ROOT, "src", layer)))
    .join("\n");
  expect(ids.filter((id) => !code.includes(`"${id}"`))).toEqual([]);
});

test("counts read with the locale's plural rules and grouping, not hand-built endings", () => {
  expect(t("build.table.created", { name: "MAD_1", at: "Sheet1!A1", rows: 1, calls: 1 })).toBe(
    "Created table MAD_1 at Sheet1!A1 with 1 row (1 call).",
  );
  expect(t("build.table.created", { name: "MAD_1", at: "Sheet1!A1", rows: 2000, calls: 20 })).toBe(
    "Created table MAD_1 at Sheet1!A1 with 2,000 rows (20 calls).",
  );
  expect(t("meter.line", { usage: "5 calls left this month", calls: 3, waiting: 0 })).toBe(
    "5 calls left this month · Calls this session: 3",
  );
  expect(t("meter.line", { usage: "5 calls left this month", calls: 3, waiting: 2 })).toBe(
    "5 calls left this month · Calls this session: 3 · 2 waiting",
  );
  expect(t("spend.refresh.tooMany", { calls: 2, left: 1 })).toBe(
    "This refresh needs 2 calls but only 1 is left this month.",
  );
});

test("a refresh plan names what it covers, whatever mix of formulas and tables", () => {
  const plan = (formulas: number, tables: number) =>
    t("reports.plan", { bound: "exact", calls: 3, queries: 1, formulas, tables });
  expect(plan(3, 1)).toBe("3 calls for 1 unique query (3 formulas, 1 table)");
  expect(plan(1, 0)).toBe("3 calls for 1 unique query (1 formula)");
  expect(plan(0, 2)).toBe("3 calls for 1 unique query (2 tables)");
  expect(plan(0, 0)).toBe("3 calls for 1 unique query (nothing selected)");
  expect(t("reports.plan", { bound: "upTo", calls: 20, queries: 1, formulas: 0, tables: 1 })).toBe(
    "up to 20 calls for 1 unique query (1 table)",
  );
});

test("a date argument is formatted as a date, not as its number of milliseconds", () => {
  const at = new Date(2025, 2, 4, 10, 20).getTime();
  expect(t("reports.refreshed", { at })).toMatch(/^refreshed Mar 4, 2025,? 10:20\s?AM$/);
});
