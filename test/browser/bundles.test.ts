/**
 * The BUILT bundles carry every message already parsed and no ICU parser (webpack/icu-catalog-loader.js and the
 * no-parser alias of webpack.config.js), and the Chinese catalogs only in chunks of their own, loaded when Chinese is
 * spoken: an English workbook's functions and task pane never download them. Sizes are the bench's business.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BUILD_TIMEOUT_MS, DIST, ensureBuilt } from "./support/built-addin";

jest.setTimeout(600_000);

/** A string only the full parser has (an error kind it reports while parsing). */
const PARSER_MARK = "EXPECT_ARGUMENT_CLOSING_BRACE";

beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);

const scripts = () => readdirSync(DIST).filter((f) => f.endsWith(".js"));
const text = (file: string) => readFileSync(path.join(DIST, file), "utf8");

test("no bundle or chunk carries the ICU parser", () => {
  expect(scripts().length).toBeGreaterThan(5);
  expect(scripts().filter((file) => text(file).includes(PARSER_MARK))).toEqual([]);
});

test("the Chinese catalogs are chunks of their own, not in functions.js or the task pane's first script", () => {
  const chunks = scripts().filter((file) => file.startsWith("i18n-zh-CN-"));
  expect(chunks.map((file) => file.replace(/\.[0-9a-f]+\.js$/, "")).sort()).toEqual([
    "i18n-zh-CN-catalog",
    "i18n-zh-CN-cells",
    "i18n-zh-CN-lookups",
    "i18n-zh-CN-pane",
    "i18n-zh-CN-preview",
  ]);
  // Words of the Chinese catalogs (cells, pane, operation catalog); the service's own Chinese (labels it sends,
  // which functions.js reads in English for an English reader) is not the catalogs'.
  const chinese = ["不是站点", "插入公式", "选产品", "月销售额"];
  for (const file of ["functions.js", "taskpane.js"])
    expect({ file, found: chinese.filter((words) => text(file).includes(words)) }).toEqual({ file, found: [] });
  // Each is in some Chinese chunk (a word may serve more than one of them: cells and templates both say 月销售额).
  const inChunks = new Set(chunks.flatMap((file) => chinese.filter((words) => text(file).includes(words))));
  expect([...inChunks].sort()).toEqual([...chinese].sort());
});
