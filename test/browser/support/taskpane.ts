/** Helpers that drive the task pane inside the preview page by accessible names, as a person would. */
import type { FrameLocator, Page } from "playwright-core";

export const paneOf = (page: Page): FrameLocator => page.frameLocator("#task-pane");

export async function openTab(
  pane: FrameLocator,
  name: "Connection" | "Build" | "Templates" | "Reports" | "Alerts",
): Promise<void> {
  await pane.getByRole("tab", { name }).click();
}

/** Picks options of a dropdown by their visible texts (a multi-select lists them as menu item checkboxes), then closes it. */
export async function pick(pane: FrameLocator, field: string, ...options: string[]): Promise<void> {
  const box = pane.getByRole("combobox", { name: field, exact: true });
  await box.click();
  for (const option of options) {
    await pane
      .getByRole("option", { name: option, exact: true })
      .or(pane.getByRole("menuitemcheckbox", { name: option, exact: true }))
      .click();
  }
  if ((await box.getAttribute("aria-expanded")) === "true") await box.press("Escape");
}

/** Opens "More filters" (when closed) and searches it for a field by its label or API name. */
export async function searchMoreFilters(pane: FrameLocator, words: string): Promise<void> {
  const more = pane.getByRole("button", { name: /^More filters/ });
  if ((await more.getAttribute("aria-expanded")) !== "true") await more.click();
  await pane.getByRole("searchbox", { name: "Search filters" }).fill(words);
}
