/**
 * `npm run bench` measures and prints; it writes the tracked BENCHMARKS.md only when asked (`-- --write`, or `--out
 * FILE` for another file), so a measurement never leaves the working tree dirty (issue 46).
 */
import { benchOptions } from "../../bench/options";

test("without --write nothing is written: the figures are printed only", () => {
  expect(benchOptions([])).toEqual({ latencyMs: 100, out: null });
  expect(benchOptions(["--latency", "20"])).toEqual({ latencyMs: 20, out: null });
});

test("--write writes BENCHMARKS.md; --out FILE writes that file instead", () => {
  expect(benchOptions(["--write"])).toEqual({ latencyMs: 100, out: "BENCHMARKS.md" });
  expect(benchOptions(["--out", "/tmp/bench.md"])).toEqual({ latencyMs: 100, out: "/tmp/bench.md" });
  expect(benchOptions(["--write", "--out", "other.md"])).toEqual({ latencyMs: 100, out: "other.md" });
});

test("a latency that is not a whole number of milliseconds is refused, naming the option", () => {
  expect(() => benchOptions(["--latency", "fast"])).toThrow(/--latency: .*whole number of milliseconds/);
  expect(() => benchOptions(["--latency", "-5"])).toThrow(/--latency/);
});

test("the README says the bench writes BENCHMARKS.md only with --write", () => {
  const { readFileSync } = jest.requireActual<typeof import("node:fs")>("node:fs");
  const readme = readFileSync(`${__dirname}/../../README.md`, "utf8");
  const row = readme.split("\n").find((line) => line.startsWith("| `npm run bench`"));
  expect(row).toMatch(/npm run bench -- --write/);
});
