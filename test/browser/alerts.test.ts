/**
 * The Alerts tab in the BUILT preview, driven as a person would, against a real team relay (state in a real
 * redis-server, the simulator behind it, a real SMTP server for mailto:). The relay serves the preview page itself,
 * as `npm run serve -- --team --static dist` serves the add-in, so the pane reaches it as its own origin. A member
 * connects with their token, types a MAD formula into a cell, selects it and uses it in Alert me…: the query comes
 * with its references read into values, the picker writes the condition, a mistyped condition shows its position
 * inline and an unknown column the relay's refusal on the field, the cost a month shows before saving; saved, the
 * alert is listed, runs (the relay's runner, ticked by the test), shows its last run and last fired, is muted and,
 * after asking, deleted. Without a team relay the tab says why alerts need one and how to set it up. axe-core finds
 * no serious violation on the tab with alerts listed. A DingTalk robot gets a password field for its signing secret,
 * which the relay keeps and never shows back.
 */
import type { FrameLocator, Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { startSimulator, type RunningSimulator } from "../../src/simulator";
import { createHostingServer, listen, type HostingServer } from "../../src/server/hosting";
import { RedisStore } from "../../src/server/team/redis-store";
import { startTeamMode } from "../../src/server/team/setup";
import type { AlertRunner } from "../../src/server/team/alerts/runner";
import { hashToken, newToken } from "../../src/server/team/tokens";
import { startSmtp, type SmtpReceiver } from "../server/support/alert-receivers";
import { startRedis, type RunningRedis } from "../server/support/redis";
import { planKey } from "../server/support/team";
import { seriousViolations } from "./support/axe";
import { BUILD_TIMEOUT_MS, DIST, ensureBuilt } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { enter, goTo, openPreview, settledText, watchProblems } from "./support/preview";
import { openTab, paneOf, pick } from "./support/taskpane";

jest.setTimeout(600_000);
/** How long a step may take on a machine whose cores are busy: a bound on hanging, not a measure of speed. */
const SLOW_MS = 120_000;
const SECRET = "alertpane0secret00000000000wxyz1";

let browser: Browser;
let simulator: RunningSimulator;
let redis: RunningRedis;
let smtp: SmtpReceiver;
let store: RedisStore;
let hosting: HostingServer;
let runner: AlertRunner;
let base: string;

beforeAll(async () => {
  browser = await launchChromium();
  await ensureBuilt();
  [simulator, redis, smtp] = await Promise.all([
    startSimulator({ port: 0, secret: SECRET, staticDir: DIST }),
    startRedis(),
    startSmtp(),
  ]);
  store = new RedisStore({ url: redis.url, prefix: `alerts-pane:${Date.now()}:`, commandTimeoutMs: 2_000 });
  await store.connected(5_000);
  const team = await startTeamMode({
    upstream: simulator.url,
    upstreamTimeoutMs: 60_000,
    maxAnswerBytes: 1_000_000,
    keys: [planKey("main", SECRET)],
    store,
    queueWaitMs: 10_000,
    log: () => undefined,
    schedulerTickMs: 0,
    alerts: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      // DNS as the robot's host would answer it (this machine has no internet): a public address, never contacted.
      resolve: async (host) => (host === "oapi.dingtalk.com" ? [{ address: "93.184.215.14", family: 4 }] : []),
    },
  });
  runner = team.alerts;
  // The preview frames its task pane from a blob: page, which the add-in's own policy (no frames) would block: the
  // policy is reported, not enforced, here; the pane's requests to the relay are its own origin's either way.
  hosting = createHostingServer({ upstream: simulator.url, staticDir: DIST, team, csp: { reportOnly: true } });
  base = (await listen(hosting, 0, "127.0.0.1")).replace(/\/$/, "");
}, BUILD_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  await hosting?.stop(0);
  await store?.close();
  await Promise.all([simulator?.stop(), redis?.stop(), smtp?.stop()]);
});

async function member(name: string): Promise<string> {
  const token = newToken();
  await store.addMember({ name, role: "member", monthlyBudget: null, createdAt: Date.now() }, hashToken(token));
  return token;
}

/** The preview from the relay, signed in as a member through the Connection tab. */
async function signedIn(token: string): Promise<{ page: Page; pane: FrameLocator; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/preview.html?lang=en-US`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: SLOW_MS });
  const pane = paneOf(page);
  await openTab(pane, "Connection");
  await pane.getByRole("radio", { name: "Team relay" }).check();
  await pane.getByLabel("Relay address").fill(base);
  await pane.getByLabel("Your token").fill(token);
  await pane.getByRole("button", { name: "Test connection" }).click();
  await pane.getByText("Connected").waitFor({ timeout: SLOW_MS });
  return { page, pane, problems };
}

test("Alert me… from a MAD formula cell: picker, inline errors, cost; listed, run, muted and deleted", async () => {
  const { page, pane, problems } = await signedIn(await member("pat"));
  await enter(page, "A1", "US");
  await enter(page, "B1", "keyword"); // a one-row filter block
  await enter(page, "C1", "yoga mat");
  await enter(page, "A3", "=MAD.PRODUCTRESEARCH(A1,B1:C1,,5)");
  expect(await settledText(page, "A3", SLOW_MS)).not.toMatch(/^#/);

  await openTab(pane, "Alerts");
  await goTo(page, "C5"); // a cell of the result: the formula's cell is found from it
  await pane.getByRole("button", { name: "Use the active cell" }).click();
  const query = pane.getByRole("textbox", { name: "Query" });
  await pane.getByText("From Sheet1!A3, with the values its cells hold now.").waitFor({ timeout: SLOW_MS });
  expect(await query.inputValue()).toBe('=MAD.PRODUCTRESEARCH("US",{"keyword","yoga mat"},,5)');
  expect(await pane.getByRole("textbox", { name: "Name" }).inputValue()).toBe(
    "MAD.PRODUCTRESEARCH US keyword yoga mat",
  );

  // A condition typed wrong: its place, inline, before anything is sent; a column the answer lacks: the relay's word.
  const when = pane.getByRole("textbox", { name: "When" });
  await when.fill("price <");
  await pane.getByText("At character 8: expected a number; the condition ends there.").waitFor();
  await pane.getByRole("textbox", { name: "Send to" }).fill("mailto:buyer@contoso.com");
  await when.fill("pricey < 3");
  await pane.getByText(/pricey.*is not a column of MAD\.PRODUCTRESEARCH/).waitFor({ timeout: SLOW_MS });

  // The picker: the price fell 15% or more since the last run, or it is above 0 (true at once: the first run fires).
  await pick(pane, "Condition 1: when", "A column changes by…");
  await pick(pane, "Condition 1: column", "Price (price)");
  await pick(pane, "Condition 1: comparison", "at most (<=)");
  await pane.getByRole("textbox", { name: "Condition 1: change since the last run" }).fill("-15");
  await pane.getByRole("button", { name: "Add a condition" }).click();
  await pick(pane, "Condition 2: column", "Price (price)");
  await pick(pane, "Condition 2: comparison", "more than (>)");
  await pane.getByRole("textbox", { name: "Condition 2: number" }).fill("0");
  expect(await when.inputValue()).toBe("price change <= -15% or price > 0");
  await pane
    .getByText(
      /^About \d+ calls? a month: 30 runs of \d+ calls?; at most \d+ find new data, the others cost nothing\.$/,
    )
    .waitFor({ timeout: SLOW_MS });
  expect(await store.alerts()).toEqual([]); // the check saved nothing

  await pane.getByRole("button", { name: "Save alert" }).click();
  await pane
    .getByText(/^Saved MAD\.PRODUCTRESEARCH US keyword yoga mat: about \d+ calls? a month\.$/)
    .waitFor({ timeout: SLOW_MS });
  const list = pane.getByRole("list", { name: "My alerts on the team relay" });
  await list.getByText("Not run yet").waitFor();
  await list.getByText("Never fired").waitFor();
  await list.getByText("To mailto:b…@contoso.com").waitFor(); // a destination shown back only in part
  expect(await pane.getByRole("textbox", { name: "Send to" }).inputValue()).toBe("");
  expect((await store.alerts()).map((a) => [a.member, a.when, a.muted])).toEqual([
    ["pat", "price change <= -15% or price > 0", false],
  ]);

  // The relay runs it (its data current in the team's cache: the formula's call already paid for it) and e-mails.
  await runner.tick();
  expect(smtp.mails).toHaveLength(1);
  await pane.getByRole("button", { name: "Reload" }).click();
  await list.getByText(/^Last run .*: 5 rows, 5 fired, \d+ calls?$/).waitFor({ timeout: SLOW_MS });
  await list.getByText(/^Last fired /).waitFor();

  await pane.getByRole("button", { name: "Mute MAD.PRODUCTRESEARCH US keyword yoga mat" }).click();
  await pane
    .getByText("MAD.PRODUCTRESEARCH US keyword yoga mat is muted: it is kept, but does not run or send.")
    .waitFor();
  await list.getByText("Muted", { exact: true }).waitFor();
  expect((await store.alerts())[0].muted).toBe(true);
  await expect(
    seriousViolations(page.frames().find((f) => f.url().startsWith("blob:")) ?? page.frames()[1]),
  ).resolves.toEqual([]);

  await pane.getByRole("button", { name: "Delete MAD.PRODUCTRESEARCH US keyword yoga mat" }).click();
  await pane.getByText("Delete MAD.PRODUCTRESEARCH US keyword yoga mat?").waitFor();
  expect(await store.alerts()).toHaveLength(1); // asked first
  await pane.getByRole("button", { name: "Delete", exact: true }).click();
  await pane.getByText("Deleted MAD.PRODUCTRESEARCH US keyword yoga mat.").waitFor({ timeout: SLOW_MS });
  await pane.getByText("You have no alerts yet.").waitFor();
  expect(await store.alerts()).toEqual([]);
  // Expected here: the report-only policy's word on the blob: frame, the relay's 401 before the member signed in and
  // its 400 refusing the unknown column; nothing else.
  const expected = /Content Security Policy|status of 40[01] \((Unauthorized|Bad Request)\)/;
  expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  await page.context().close();
});

test("a DingTalk robot's signing secret: typed in a password field, kept by the relay, never shown back", async () => {
  const { page, pane, problems } = await signedIn(await member("sam"));
  await openTab(pane, "Alerts");
  const robot = "https://oapi.dingtalk.com/robot/send?access_token=robot0token9f3a";
  const secretField = pane.getByLabel("Signing secret of the DingTalk robot …9f3a (optional)");
  await pane.getByRole("textbox", { name: "Query" }).fill('=MAD.PRODUCTS("US","B07Z82895W")');
  await pane.getByRole("textbox", { name: "Name" }).fill("Yoga mat watch");
  await pane.getByRole("textbox", { name: "Send to" }).fill("mailto:buyer@contoso.com");
  expect(await secretField.count()).toBe(0); // only receivers that sign are offered one
  await pane.getByRole("textbox", { name: "Send to" }).fill(`mailto:buyer@contoso.com\n${robot}`);
  expect(await secretField.getAttribute("type")).toBe("password");
  await secretField.fill("SEC0a1b2c3d4e5f6");
  await pane.getByText(/^About \d+ calls? a month/).waitFor({ timeout: SLOW_MS });
  await pane.getByRole("button", { name: "Save alert" }).click();
  await pane.getByText(/^Saved Yoga mat watch: about \d+ calls? a month\.$/).waitFor({ timeout: SLOW_MS });

  const [saved] = (await store.alerts()).filter((a) => a.member === "sam");
  expect(saved.destinations.map((d) => [d.format, d.secret ?? null])).toEqual([
    ["email", null],
    ["dingtalk", "SEC0a1b2c3d4e5f6"],
  ]);
  // Listed in part and marked signed; the form no longer holds the robot's URL nor its secret.
  const list = pane.getByRole("list", { name: "My alerts on the team relay" });
  await list.getByText("To mailto:b…@contoso.com, https://oapi.dingtalk.com/…9f3a (signed)").waitFor();
  expect(await pane.getByRole("textbox", { name: "Send to" }).inputValue()).toBe("");
  expect(await secretField.count()).toBe(0);
  expect(await pane.locator("body").innerText()).not.toContain("SEC0a1b2c3d4e5f6");

  await pane.getByRole("button", { name: "Delete Yoga mat watch" }).click();
  await pane.getByRole("button", { name: "Delete", exact: true }).click();
  await pane.getByText("You have no alerts yet.").waitFor({ timeout: SLOW_MS });
  const expected = /Content Security Policy|status of 401 \(Unauthorized\)/;
  expect(problems.filter((p) => !expected.test(p))).toEqual([]);
  await page.context().close();
});

test("a workbook without a team relay says why alerts need one and how to set it up", async () => {
  const { context, page, problems } = await openPreview(browser, {
    simulator,
    previewUrl: `${simulator.url}/preview.html`,
    stop: async () => undefined,
  });
  const pane = paneOf(page);
  await openTab(pane, "Alerts");
  await pane.getByRole("heading", { name: "Alerts need a team relay" }).waitFor({ timeout: SLOW_MS });
  await pane.getByText(/^An alert watches a query on a schedule, also while Excel is closed/).waitFor();
  await pane.getByText(/npm run serve -- --team/).waitFor();
  await pane.getByText(/In the Connection tab, choose Team relay/).waitFor();
  expect(await pane.getByRole("button", { name: "Use the active cell" }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
