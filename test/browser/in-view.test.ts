/**
 * Results and questions appear where the person is (issue 46): in the BUILT task pane (the preview page, Chromium),
 * after scrolling the Build tab down to its buttons, Preview's rows, the outcome of an insert and the Overwrite/Cancel
 * question come into view (they render above the form, which had left them 1,100 px above the view) and are
 * announced: the summary and outcomes in a live region that was already there, a question as an alert. The Reports
 * tab's question to refresh from the service does the same (the shared AskBeforeSpending).
 */
import type { FrameLocator, Locator } from "playwright-core";
import { enter, goTo, previewPerTest } from "./support/preview";
import { openTab, paneOf } from "./support/taskpane";

jest.setTimeout(240_000);

const session = previewPerTest({ monthlyQuota: 1_000 });

/** Whether the element is wholly inside the pane's view (its frame's window). */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

/** Scrolls the pane to the end of its form, where the Build tab's buttons are, as a person filling it in does. */
async function scrollToTheButtons(pane: FrameLocator): Promise<number> {
  await pane.getByRole("button", { name: /^More filters/ }).click();
  return pane.locator("body").evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
}

/** Whether an element sits inside a live region (or is one), so what it says is announced. */
const announced = (locator: Locator) =>
  locator.evaluate((element) => element.closest('[aria-live], [role="alert"], [role="status"]') !== null);

test("after scrolling the Build tab, Preview's rows and the insert's question and outcome show where the person is", async () => {
  const { page } = session.preview;
  const pane = paneOf(page);
  await openTab(pane, "Build");
  expect(await scrollToTheButtons(pane)).toBeGreaterThan(400);

  await pane.getByRole("button", { name: "Preview", exact: true }).click();
  const summary = pane.getByText(/^Showing \d+ of /);
  await summary.waitFor({ timeout: 120_000 });
  expect(await inView(summary)).toBe(true);
  expect(await announced(summary)).toBe(true);

  // A person's note where the formula would go: the insert asks, and the question is in view and an alert.
  await enter(page, "A1", "my note");
  await goTo(page, "A1");
  await scrollToTheButtons(pane);
  await pane.getByRole("button", { name: "Insert as formula" }).click();
  const question = pane.getByRole("alert").filter({ hasText: /not empty/i });
  await question.waitFor({ timeout: 60_000 });
  expect(await inView(question)).toBe(true);
  await pane.getByRole("button", { name: "Cancel", exact: true }).click();

  // Elsewhere, no question: the insert's outcome is in view and announced.
  await goTo(page, "H1");
  await scrollToTheButtons(pane);
  await pane.getByRole("button", { name: "Insert as formula" }).click();
  const outcome = pane.getByText(/^Wrote the filter block/);
  await outcome.waitFor({ timeout: 60_000 });
  expect(await inView(outcome)).toBe(true);
  expect(await announced(outcome)).toBe(true);
  expect(session.preview.problems).toEqual([]);
});

test("the Reports tab's question to refresh from the service is an alert, in view", async () => {
  const { page } = session.preview;
  const pane = paneOf(page);
  await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
  await openTab(pane, "Reports");
  await pane.getByRole("checkbox", { name: /Sheet1!A1 · / }).waitFor({ timeout: 60_000 });
  await pane.getByRole("button", { name: /^Refresh from the service: fetch every item afresh/ }).click();
  const question = pane.getByRole("alert").filter({ hasText: /^Refresh from the service\?/ });
  await question.waitFor({ timeout: 60_000 });
  expect(await inView(question)).toBe(true);
  await pane.getByRole("button", { name: "Cancel", exact: true }).click();
  expect(session.preview.problems).toEqual([]);
});
