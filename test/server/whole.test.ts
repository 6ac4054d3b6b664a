/** Whole-number settings of `npm run serve` and `npm run team` (src/server/whole.ts): plain digits only. */
import { fromEnv, whole } from "../../src/server/whole";

test("plain digits are read; absent is undefined", () => {
  expect(whole("--monthly-budget", "0", 0)).toBe(0);
  expect(whole("--monthly-budget", "1500", 0)).toBe(1500);
  expect(whole("--monthly-budget", undefined, 0)).toBeUndefined();
});

test.each(["", " ", "0x10", "1e3", "-1", "1.5", "1.0", " 5", "5 ", "+5", "Infinity", "NaN", "1_000", "９"])(
  "%j is refused naming the setting and the rule",
  (text) => {
    expect(() => whole("--monthly-budget", text, 0)).toThrow(
      `--monthly-budget: expected a whole number >= 0, in digits only (got "${text}")`,
    );
  },
);

test("below the minimum is refused; an empty environment variable is not set", () => {
  expect(() => whole("--port", "0", 1)).toThrow(/--port: expected a whole number >= 1/);
  expect(fromEnv("")).toBeUndefined();
  expect(fromEnv("80")).toBe("80");
});
