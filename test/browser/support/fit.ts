/**
 * Whether text fits the task pane: what the fit test (test/browser/chinese.test.ts) and `npm run screenshots` check
 * in every tab, in both languages, at the widths Excel gives the pane.
 */
import type { FrameLocator, Page } from "playwright-core";

/** Elements whose text is cut off: wider than their box where it clips, or past the pane's right edge. */
export function clippedTexts(pane: FrameLocator): Promise<string[]> {
  return pane.locator("body").evaluate((body) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of body.querySelectorAll<HTMLElement>("*")) {
      const text = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? "")
        .join("")
        .trim();
      if (!text || element.offsetParent === null) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      if ((clips && element.scrollWidth > element.clientWidth + 1) || rect.right > width + 1)
        found.push(`${text} (${Math.round(rect.width)} px, scrolls ${element.scrollWidth} > ${element.clientWidth})`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.push(`the pane scrolls sideways (${width} px)`);
    return found;
  });
}

/** Narrows the preview's task pane to `width` px (Excel's pane is about 320 to 360 px wide). */
export async function setPaneWidth(page: Page, width: number): Promise<void> {
  await page.addStyleTag({ content: `.pane { width: ${width}px !important; }` });
  await page.waitForFunction((w) => document.getElementById("task-pane")!.getBoundingClientRect().width <= w, width);
}
