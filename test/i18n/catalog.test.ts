/**
 * The message catalogs (src/i18n/messages/<locale>/<book>.ts): every message is valid ICU MessageFormat, takes
 * exactly the arguments its English entry declares (so `t` is typed right) and every translation has every id of
 * its book, none other, with the same arguments of the same kinds (a key in one language but not the other, or a
 * placeholder that differs, fails here); every id is used; plurals, numbers and dates read as a person expects in
 * each language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { setLocale, t } from "../../src/i18n";
import { t as cellText } from "../../src/i18n/cells";
import type { ArgKind, Messages } from "../../src/i18n/message";
import { alerts as enAlerts } from "../../src/i18n/messages/en/alerts";
import { cells as enCells } from "../../src/i18n/messages/en/cells";
import { lookups as enLookups } from "../../src/i18n/messages/en/lookups";
import { pane as enPane } from "../../src/i18n/messages/en/pane";
import { preview as enPreview } from "../../src/i18n/messages/en/preview";
import { alerts as zhAlerts } from "../../src/i18n/messages/zh-CN/alerts";
import { cells as zhCells } from "../../src/i18n/messages/zh-CN/cells";
import { lookups as zhLookups } from "../../src/i18n/messages/zh-CN/lookups";
import { pane as zhPane } from "../../src/i18n/messages/zh-CN/pane";
import { preview as zhPreview } from "../../src/i18n/messages/zh-CN/preview";
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

const BOOKS: readonly { book: string; english: Messages; translations: Record<string, Record<string, string>> }[] = [
  { book: "pane", english: enPane, translations: { "zh-CN": zhPane } },
  { book: "cells", english: enCells, translations: { "zh-CN": zhCells } },
  { book: "preview", english: enPreview, translations: { "zh-CN": zhPreview } },
  { book: "alerts", english: enAlerts, translations: { "zh-CN": zhAlerts } },
  { book: "lookups", english: enLookups, translations: { "zh-CN": zhLookups } },
];

/** The product's name is the same in every language. */
const PRODUCT_NAME_IDS = new Set(["pane.title", "page.title"]);

const usedArguments = (text: string, locale: string) =>
  argumentsOf(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst());

describe.each(BOOKS.map((b) => [b.book, b] as const))("the %s book", (_, { english, translations }) => {
  const ids = Object.keys(english);

  test.each(ids)("en: %s parses and takes exactly the arguments it declares", (id) => {
    const used = usedArguments(english[id].text, "en");
    const declared = english[id].args;
    expect([...used.keys()].sort()).toEqual(Object.keys(declared).sort());
    for (const [name, kind] of used) if (kind) expect({ name, kind: declared[name] }).toEqual({ name, kind });
  });

  describe.each(Object.entries(translations))("%s", (locale, catalog) => {
    test("has every id of the English catalog, and no other", () => {
      expect({
        missing: ids.filter((id) => !(id in catalog)),
        extra: Object.keys(catalog).filter((id) => !(id in english)),
      }).toEqual({ missing: [], extra: [] });
    });

    test("every message parses and uses exactly the English one's placeholders, of the same kinds", () => {
      const differing = ids.flatMap((id) => {
        const theirs = usedArguments(catalog[id], locale);
        const ours = usedArguments(english[id].text, "en");
        const names = (m: Map<string, ArgKind | undefined>) => [...m.keys()].sort().join(", ");
        const kinds = [...theirs].filter(([name, kind]) => kind && english[id].args[name] !== kind);
        return names(theirs) !== names(ours) || kinds.length ? [`${id}: {${names(theirs)}} vs {${names(ours)}}`] : [];
      });
      expect(differing).toEqual([]);
    });

    test("is a translation: no English sentence copied over untranslated (the product's name aside)", () => {
      const same = ids.filter(
        (id) =>
          !PRODUCT_NAME_IDS.has(id) && catalog[id] === english[id].text && /[a-z]{3,} [a-z]{3,}/i.test(catalog[id]),
      );
      expect(same).toEqual([]);
    });
  });
});

test("every message is used by the code (a catalog keeps no dead text)", () => {
  const read = (dir: string, skip: readonly string[]): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? skip.includes(join(dir, e.name))
          ? []
          : read(join(dir, e.name), skip)
        : /\.(tsx?|html)$/.test(e.name)
          ? [readFileSync(join(dir, e.name), "utf8")]
          : [],
    );
  // The catalogs themselves are not code that reads them; the rest of src/i18n (the ribbon's words, labels) is.
  const catalogs = ["i18n/messages", "i18n/catalog-texts"].map((dir) => join(ROOT, "src", dir));
  const code = read(join(ROOT, "src"), catalogs).join("\n");
  const unused = BOOKS.flatMap(({ book, english }) =>
    Object.keys(english)
      .filter((id) => !code.includes(`"${id}"`))
      .map((id) => `${book}: ${id}`),
  );
  expect(unused).toEqual([]);
});

describe("counts, numbers and dates read by each language's rules", () => {
  afterEach(() => setLocale("en"));

  test("English: plural endings and grouping, never hand-built", () => {
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

  test("Chinese: the same messages, grouped numbers and no plural endings", async () => {
    await setLocale("zh-CN");
    expect(t("build.table.created", { name: "MAD_1", at: "Sheet1!A1", rows: 2000, calls: 20 })).toBe(
      "已在 Sheet1!A1 创建表格 MAD_1，共 2,000 行（20 次调用）。",
    );
    expect(t("spend.refresh.tooMany", { calls: 2, left: 1 })).toBe("这次刷新需要 2 次调用，但本月仅剩 1 次。");
    expect(t("meter.line", { usage: "本月剩余 5 次调用", calls: 3, waiting: 2 })).toBe(
      "本月剩余 5 次调用 · 本次会话调用：3 · 2 个排队中",
    );
    expect(cellText("named", { name: "limit", problem: cellText("v.limit", { max: "2000", got: "0" }) })).toBe(
      "limit：应为 1 到 2000 的整数（实际为 0）",
    );
  });

  test("a refresh plan names what it covers, whatever mix of formulas and tables", async () => {
    const plan = (formulas: number, tables: number) =>
      t("reports.plan", { bound: "exact", calls: 3, queries: 1, formulas, tables });
    const upTo = () => t("reports.plan", { bound: "upTo", calls: 20, queries: 1, formulas: 0, tables: 1 });
    expect(plan(3, 1)).toBe("3 calls for 1 unique query (3 formulas, 1 table)");
    expect(plan(1, 0)).toBe("3 calls for 1 unique query (1 formula)");
    expect(plan(0, 2)).toBe("3 calls for 1 unique query (2 tables)");
    expect(plan(0, 0)).toBe("3 calls for 1 unique query (nothing selected)");
    expect(upTo()).toBe("up to 20 calls for 1 unique query (1 table)");
    await setLocale("zh-CN");
    expect(plan(3, 1)).toBe("3 次调用，1 个不同查询（3 个公式，1 个表格）");
    expect(plan(0, 0)).toBe("3 次调用，1 个不同查询（未选择任何项）");
    expect(upTo()).toBe("最多 20 次调用，1 个不同查询（1 个表格）");
  });

  test("a date argument is formatted as a date of the language, not as its number of milliseconds", async () => {
    const at = new Date(2025, 2, 4, 10, 20).getTime();
    expect(t("reports.refreshed", { at })).toBe("refreshed Mar 4, 10:20");
    await setLocale("zh-CN");
    expect(t("reports.refreshed", { at })).toBe("刷新于 3月4日 10:20");
  });
});
