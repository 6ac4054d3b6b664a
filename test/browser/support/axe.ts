/** axe-core in the browser tests: the serious and critical violations of a page or a frame. */
import type { Frame, Page } from "playwright-core";

const AXE = require.resolve("axe-core/axe.min.js");

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** The serious and critical violations axe finds in a page or frame (axe injected once per document). */
export async function seriousViolations(target: Page | Frame, exclude: string[] = []): Promise<Violation[]> {
  if (!(await target.evaluate(() => "axe" in window))) await target.addScriptTag({ path: AXE });
  const all = await target.evaluate(async (excluded) => {
    // axe measures colours as drawn: text still fading in (Fluent's motion) reads as low contrast, which CI once
    // reported on the Reports tab. Finite animations and transitions end first; endless ones (spinners) are measured.
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ include: [document], exclude: excluded.map((s) => [s]) }, {});
    const violations = result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }[];
    return violations.map((v) => ({ ...v, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, exclude);
  return all
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
