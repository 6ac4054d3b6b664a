/**
 * History on the team relay in the BUILT preview, driven as a person would from the Reports tab, against a real team
 * relay that keeps history (its embedded database; the simulator behind it) and serves the preview: a table kept with
 * history and scheduled with Keep history on the relay; the relay runs it on the next two days while the workbook is
 * closed; Share as a feed… makes a feed whose URL (shown once, focused, copyable) reads the history without a token,
 * with its Power Query and Google Sheets snippets; the feed is listed with when it was read and revoked after asking;
 * reopened, the workbook's history sheet gets the relay's two days with no call, their Source saying `relay`; and
 * stopping the schedule asks first, saying how many days the relay deletes. axe-core finds nothing serious in the
 * dialog.
 */
import type { Browser } from "playwright-core";
import { seriousViolations } from "./support/axe";
import { BUILD_TIMEOUT_MS } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { readRange } from "./support/preview";
import {
  openSignedIn,
  relayRuns,
  reopen,
  scheduledWithHistory,
  SLOW_MS,
  startRelayHistoryStack,
  type RelayHistoryStack,
} from "./support/relay-history";

jest.setTimeout(600_000);
const SECRET = "relayhist0secret000000000000wxyz";

let browser: Browser;
let stack: RelayHistoryStack;

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startRelayHistoryStack(SECRET);
}, BUILD_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test("keep history on the relay, share it as a feed, and get the relay's days when the workbook opens", async () => {
  const signed = await openSignedIn(browser, stack, await stack.relay.member("pat"));
  const { page, pane, problems } = signed;
  await scheduledWithHistory(signed);
  await pane.getByText("On the relay: nothing stored yet; the schedule's next run stores its first day.").waitFor();

  // Tomorrow and the day after, Excel closed: the relay runs the schedule and keeps what it fetched.
  await relayRuns(stack, [1, 2]);
  await pane.getByRole("button", { name: "Rescan" }).click();
  await pane.getByText(/^On the relay: 2 days, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(16 rows\)\.$/).waitFor({
    timeout: SLOW_MS,
  });

  // Share as a feed…: the URL once, focused; what to paste where; copied.
  const share = pane.getByRole("button", { name: "Share Table MAD_Research as a feed" });
  await share.click();
  const dialog = pane.getByRole("dialog", { name: "Share as a feed" });
  await dialog.getByText("No feeds yet.").waitFor({ timeout: SLOW_MS });
  await dialog.getByRole("button", { name: "Create a feed address" }).click();
  await dialog.getByText("Feed created. Copy its address now: the relay shows it only this once.").waitFor({
    timeout: SLOW_MS,
  });
  const address = dialog.getByRole("textbox", { name: "Feed address (CSV)" });
  const url = await address.inputValue();
  expect(url).toMatch(new RegExp(`^${stack.base}/v1/feeds/[\\w-]+/history\\.csv\\?key=[\\w-]{43}$`));
  expect(await address.evaluate((box) => box === document.activeElement)).toBe(true);
  expect(await dialog.getByRole("textbox", { name: "Power Query (Excel, Power BI)" }).inputValue()).toContain(
    `Source = Csv.Document(Web.Contents("${url}"), [Delimiter = ",", Encoding = 65001, QuoteStyle = QuoteStyle.Csv]),`,
  );
  expect(await dialog.getByRole("textbox", { name: "Google Sheets formula" }).inputValue()).toBe(
    `=IMPORTDATA("${url}")`,
  );
  await dialog.getByRole("button", { name: "Copy: Feed address (CSV)" }).click();
  await dialog.getByText("Copied: Feed address (CSV).").waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM: Excel reads the UTF-8 as such
  const csv = bytes.subarray(3).toString("utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^taken_on,taken_at,query,/);
  expect(csv.split("\r\n").filter((line) => /^\d{4}-/.test(line))).toHaveLength(16);
  const frame = page.frame({ url: /^blob:/ })!;
  expect(await seriousViolations(frame)).toEqual([]);

  // Closed, its address is gone: opened again, the feed is listed with when it was read, never its address.
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  await share.click();
  await dialog.getByText(/; last read /).waitFor({ timeout: SLOW_MS });
  expect(await dialog.getByRole("textbox", { name: "Feed address (CSV)" }).count()).toBe(0);

  // Revoked after asking, at once.
  await dialog.getByRole("button", { name: /^Revoke the feed created / }).click();
  await dialog
    .getByText("Whatever reads it (a Power Query, a Google sheet) gets no more data, at once.", { exact: false })
    .waitFor();
  await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
  await dialog.getByText("Feed revoked: its address reads nothing now.").waitFor({ timeout: SLOW_MS });
  await dialog.getByText("No feeds yet.").waitFor();
  expect((await fetch(url)).status).toBe(401);
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(await share.evaluate((b) => b === document.activeElement)).toBe(true);
  expect(await page.content()).not.toContain(url.split("key=")[1]);

  // Reopened: the relay's two days follow today's snapshot on the history sheet, with no call.
  stack.simulator.resetStats();
  const reopened = await reopen(page);
  await reopened
    .getByText("2 days the relay took while the workbook was closed added to History MAD_Research, with no call.")
    .waitFor({ timeout: SLOW_MS });
  expect(stack.simulator.stats().total).toBe(0);
  await page.getByRole("tab", { name: "History MAD_Research" }).click();
  const summary = await readRange(page, "A21", 3, 2);
  expect(summary.map((row) => row[1])).toEqual(["8", "8", "8"]);
  // The summary in A:D (Taken, Rows, two averages), the rows table from F: Taken, Data as of, Source (H), …
  const sources = (await readRange(page, "H21", 24, 1)).map((row) => row[0]);
  expect(sources.slice(0, 8).every((s) => !s.endsWith("· relay"))).toBe(true);
  expect(sources.slice(8).every((s) => s === "table MAD_Research · MAD_Research · relay")).toBe(true);

  // Stopping the schedule says first how many days the relay deletes with it.
  await reopened.getByRole("tab", { name: "Reports" }).click();
  await reopened.getByRole("button", { name: "Rescan" }).click();
  await reopened.getByRole("button", { name: "Stop" }).click();
  const question = reopened.getByText(
    /Stopping the schedule deletes the 2 days of history the relay kept for Table MAD_Research \(/,
  );
  await question.waitFor({ timeout: SLOW_MS });
  await reopened.getByRole("button", { name: "Stop and delete its history" }).click();
  await reopened.getByText("The team relay no longer refreshes Table MAD_Research.").waitFor({ timeout: SLOW_MS });
  expect(await stack.relay.scheduleIds()).toEqual([]);

  // Expected: the report-only policy's word on the blob: frame; nothing else.
  expect(problems.filter((p) => !/Content Security Policy/.test(p))).toEqual([]);
  await signed.context.close();
});
