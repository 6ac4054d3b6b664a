/**
 * axe-core on the BUILT preview page and task pane: no serious or critical violation on the preview grid, on a report
 * sheet with its chart, or on any tab of the task pane (Connection, Build with More filters open, Templates, Reports).
 */
import type { Browser, Frame, Page } from "playwright-core";
import { launchChromium } from "./support/chromium";
import { openPreview, startPreviewStack, type PreviewPage, type PreviewStack } from "./support/preview";
import { createReportSheet, drawnChart, keywordTrendsReport } from "./support/report";
import { openTab, paneOf } from "./support/taskpane";

jest.setTimeout(240_000);

const AXE = require.resolve("axe-core/axe.min.js");

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

let stack: PreviewStack;
let browser: Browser;
let preview: PreviewPage;

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startPreviewStack();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

beforeEach(async () => {
  preview = await openPreview(browser, stack);
});

afterEach(async () => {
  await preview?.context.close();
});

/** The serious and critical violations axe finds in a page or frame (axe injected once per document). */
async function seriousViolations(target: Page | Frame, exclude: string[] = []): Promise<Violation[]> {
  if (!(await target.evaluate(() => "axe" in window))) await target.addScriptTag({ path: AXE });
  const all = await target.evaluate(async (excluded) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ include: [document], exclude: excluded.map((s) => [s]) }, { elementRef: true });
    const violations = result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; element?: Element }[];
    }[];
    // Fluent UI's focus guards (Tabster's dummy <i aria-hidden tabindex=0> elements) are internals of its
    // focus management that we cannot change without forking it: focusing one moves focus straight on to the
    // next real control, so nobody lands on it. Only that rule, only for those elements, is set aside.
    return violations
      .map((v) => ({
        ...v,
        nodes: v.nodes
          .filter((n) => !(v.id === "aria-hidden-focus" && n.element?.matches("[data-tabster-dummy]")))
          .map((n) => ({ target: n.target })),
      }))
      .filter((v) => v.nodes.length > 0);
  }, exclude);
  return all
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

const paneFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.name() === "task-pane" || f.url().includes("taskpane"));
  if (!frame) throw new Error("the task pane frame is not loaded");
  return frame;
};

describe("accessibility (axe-core)", () => {
  it("finds no serious or critical violation on the preview grid", async () => {
    await expect(seriousViolations(preview.page, ["#task-pane"])).resolves.toEqual([]);
  });

  it("finds no serious or critical violation on a report sheet with its chart and sheet tabs", async () => {
    await createReportSheet(preview.page, keywordTrendsReport());
    await drawnChart(preview.page, "Searches and purchases");
    await expect(seriousViolations(preview.page, ["#task-pane"])).resolves.toEqual([]);
  });

  it.each(["Connection", "Build", "Templates", "Reports"] as const)(
    "finds no serious or critical violation on the task pane's %s tab",
    async (tab) => {
      const pane = paneOf(preview.page);
      await openTab(pane, tab);
      if (tab === "Build") await pane.getByRole("button", { name: /^More filters/ }).click();
      await expect(seriousViolations(paneFrame(preview.page))).resolves.toEqual([]);
    },
  );
});
