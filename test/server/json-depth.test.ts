/** The relay's nesting scan (src/server/json-depth.ts): what counts as a level, what does not. */
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../src/server/json-depth";

const bytes = (text: string) => Buffer.from(text, "utf8");
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

test("counts arrays and objects alike, up to the limit and not past it", () => {
  expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
  expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
  expect(nestsDeeperThan(bytes('{"a":{"b":[{"c":1}]}}'), 3)).toBe(true);
  expect(nestsDeeperThan(bytes('{"a":{"b":[{"c":1}]}}'), 4)).toBe(false);
});

test("siblings do not add up: depth is how deep, not how many", () => {
  const wide = bytes(JSON.stringify({ items: Array.from({ length: 10_000 }, () => [[1], { a: [2] }]) }));
  expect(nestsDeeperThan(wide, 5)).toBe(false); // {items: [ [ {a: [2]} ] ]}: five levels
  expect(nestsDeeperThan(wide, 4)).toBe(true);
});

test("brackets inside strings, escaped quotes and multi-byte characters do not count", () => {
  const text = JSON.stringify({ message: `[[[[{{{{ "quoted \\" [[[[ 成功 ]]]] ${"[".repeat(100)}`, data: [1] });
  expect(nestsDeeperThan(bytes(text), 2)).toBe(false);
  expect(nestsDeeperThan(bytes(`["\\\\", [[1]]]`), 2)).toBe(true); // an escaped backslash ends before the quote
});

test("a text of millions of levels is refused at once, from its bytes", () => {
  expect(nestsDeeperThan(bytes(nested(2_000_000)))).toBe(true);
});
