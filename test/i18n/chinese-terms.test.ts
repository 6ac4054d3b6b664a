/**
 * One Chinese term for one thing (issue 46): the team relay is 团队中继 everywhere a Chinese reader meets it (the
 * pane, the cells, the relay's answers and messages, the docs and the README), never 团队中转 or 中转服务器; 中转
 * is not used for it at all.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Everything a Chinese reader of the add-in and its docs reads. */
const CHINESE_SOURCES = [
  ...filesUnder(path.join(ROOT, "src/i18n/messages/zh-CN")),
  ...filesUnder(path.join(ROOT, "src/i18n/catalog-texts/zh-CN")),
  ...filesUnder(path.join(ROOT, "src/i18n/docs")).filter((file) => file.includes("zh-CN")),
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".zh-CN.md"))
    .map((name) => path.join(ROOT, "docs", name)),
  path.join(ROOT, "README.zh-CN.md"),
];

test("the team relay has one Chinese name, 团队中继: 中转 appears nowhere", () => {
  const found = CHINESE_SOURCES.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
      .filter(({ line }) => line.includes("中转"))
      .map(({ line, at }) => `${at}: ${line.trim()}`),
  );
  expect(found).toEqual([]);
});
