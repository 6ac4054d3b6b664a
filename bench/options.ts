/**
 * `npm run bench -- [--latency MS] [--write] [--out FILE]`: the bench prints its figures; it writes them only when
 * asked, so a measurement leaves the tracked BENCHMARKS.md (and the working tree) as it was. `--write` writes
 * BENCHMARKS.md, `--out FILE` another file.
 */
import { parseArgs } from "node:util";

interface BenchOptions {
  readonly latencyMs: number;
  /** Where the figures are written; null: printed only. */
  readonly out: string | null;
}

const BENCHMARKS_FILE = "BENCHMARKS.md";

export function benchOptions(args: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      latency: { type: "string", default: "100" },
      write: { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const latencyMs = Number(values.latency);
  if (!/^\d+$/.test(values.latency) || !Number.isSafeInteger(latencyMs))
    throw new Error(`--latency: expected a whole number of milliseconds, got "${values.latency}"`);
  const out = values.out ?? (values.write ? BENCHMARKS_FILE : null);
  return { latencyMs, out };
}
