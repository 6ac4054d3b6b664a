/**
 * The Build tab's Preview in the BUILT task pane (the preview page, Chromium): with "All columns" (53 for a product
 * research) each column keeps a readable width and the table scrolls sideways, where it once squeezed every column
 * to 6 px inside the 334 px pane and showed an empty box under "Showing 20 of 3,704 rows".
 */
import { previewPerTest } from "./support/preview";
import { openTab, paneOf } from "./support/taskpane";

jest.setTimeout(240_000);

const session = previewPerTest({ monthlyQuota: 1_000 });

test("with All columns, a preview cell's text is shown whole at a readable width, and the rows scroll sideways", async () => {
  const pane = paneOf(session.preview.page);
  await openTab(pane, "Build");
  await pane.getByRole("button", { name: "Preview", exact: true }).click();
  await pane.getByText(/^Showing \d+ of /).waitFor({ timeout: 120_000 });
  const region = pane.getByRole("region", { name: "Preview rows" });
  const columns = await region.getByRole("columnheader").count();
  expect(columns).toBeGreaterThan(40); // every column of the operation
  const first = region.getByRole("row").nth(1).getByRole("cell").first();
  const text = (await first.textContent()) ?? "";
  expect(text).toMatch(/^B0[0-9A-Z]{8}$/); // the ASIN
  const box = await first.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(96);
  // Not clipped: the cell's content fits its box (no ellipsis, nothing cut).
  const fits = await first.evaluate((td) => td.scrollWidth <= td.clientWidth);
  expect(fits).toBe(true);
  const sideways = await region.evaluate((div) => ({ scroll: div.scrollWidth, width: div.clientWidth }));
  expect(sideways.scroll).toBeGreaterThan(sideways.width);
  expect(session.preview.problems).toEqual([]);
});
