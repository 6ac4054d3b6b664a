/**
 * Secret hygiene over a whole session in the preview (the BUILT functions and task pane in headless chromium,
 * against the simulator): formulas before connecting (wrong secret), a wrong secret tried in the task pane, the
 * right one, queries, a bad argument, insert as formula, insert as table, refresh, and service errors injected
 * through the simulator's control endpoint. Afterwards neither secret appears anywhere a workbook, a log or the
 * network would keep it: grid values, cell error messages, formulas, tables and their stored queries, the pages'
 * text, browser storage other than the runtime storage's mad.secret, console output, page errors, every request's
 * URL, headers (but secret-key to the base URL) and body, and the simulator's request log; nor in any disguise
 * (lower/upper case, base64, URL-encoded, any 12-character run); and no request goes to another host. The
 * secrets are random per run, so no bundle can contain them.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSimulator, type RunningSimulator } from "../../src/simulator";
import { BUILD_TIMEOUT_MS, DIST, ensureBuilt } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { fieldLabel } from "./support/labels";
import { describedBy, enter, goTo, settledText, waitForFunctions } from "./support/preview";
import { openTab, paneOf, pick } from "./support/taskpane";

jest.setTimeout(240_000);

const SECRET = `hyg${randomBytes(16).toString("hex").slice(0, 29)}`;
const WRONG_SECRET = `bad${randomBytes(16).toString("hex").slice(0, 29)}`;
/** Where the task pane keeps settings in the preview: OfficeRuntime.storage's stand-in over localStorage. */
const RUNTIME_SECRET_KEY = "mad-preview:mad.secret";

let sim: RunningSimulator;
let browser: Browser;
const serverLog: string[] = [];

beforeAll(async () => {
  // Chromium first: without it the file fails at once with how to install it, before any build.
  browser = await launchChromium();
  await ensureBuilt();
  sim = await startSimulator({ port: 0, secret: SECRET, staticDir: DIST, log: (line) => serverLog.push(line) });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Everything the browser said or sent: console lines, page errors, requests (URL, every header, body). */
  readonly console: string[];
  readonly pageErrors: string[];
  readonly requests: Promise<SentRequest>[];
}

/**
 * The forms a leaked secret could take: as is, lower- and upper-cased, base64 (and base64url), URL-encoded, and
 * every 12-character run of it (a truncated or partly masked copy).
 */
function secretForms(secret: string): string[] {
  const base64 = Buffer.from(secret, "utf8").toString("base64");
  const forms = new Set([
    secret,
    secret.toLowerCase(),
    secret.toUpperCase(),
    base64,
    base64.replace(/=+$/, ""),
    Buffer.from(secret, "utf8").toString("base64url"),
    encodeURIComponent(secret),
  ]);
  for (let i = 0; i + 12 <= secret.length; i++) {
    const run = secret.slice(i, i + 12);
    forms.add(run);
    forms.add(run.toLowerCase());
    forms.add(run.toUpperCase());
  }
  return [...forms];
}

/** Text holding any form of the secret, compared case-insensitively. */
const holdsSecret = (text: string, secret: string): boolean => {
  const lower = text.toLowerCase();
  return secretForms(secret).some((form) => lower.includes(form.toLowerCase()));
};

/** The preview with every console line, page error and request recorded from the first byte on. */
async function openWatchedPreview(): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const watched: Watched = { context, page: await context.newPage(), console: [], pageErrors: [], requests: [] };
  const { page } = watched;
  page.on("console", (message) => watched.console.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => watched.pageErrors.push(`${error.name}: ${error.message}\n${error.stack ?? ""}`));
  page.on("request", (request) =>
    watched.requests.push(
      request.allHeaders().then((headers) => ({
        method: request.method(),
        url: request.url(),
        headers,
        body: request.postData() ?? "",
      })),
    ),
  );
  await page.goto(`${sim.url}/preview.html`);
  await page.waitForSelector("body[data-ready]", { timeout: 60_000 });
  expect(await page.getAttribute("body", "data-ready")).toBe("true");
  await waitForFunctions(page);
  return watched;
}

async function injectFault(operation: string, times: number, fault: unknown): Promise<void> {
  const response = await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-sim-token": sim.controlToken },
    body: JSON.stringify({ match: { operation }, times, fault }),
  });
  expect(response.status).toBe(200);
}

/** Everything the workbook holds, as the preview's grid and host adapter expose it. */
async function workbookContents(page: Page): Promise<string> {
  const grid = await page.evaluate(() =>
    [...document.querySelectorAll("td")].map(
      (td) => `${td.getAttribute("aria-label") ?? ""}=${td.textContent ?? ""} ${td.getAttribute("title") ?? ""}`,
    ),
  );
  const descriptions = await page.evaluate(() => document.getElementById("cell-descriptions")?.textContent ?? "");
  const paneFrame = await (await page.$("#task-pane"))?.contentFrame();
  if (!paneFrame) throw new Error("the task pane frame is not loaded");
  // The task pane's host adapter is the preview's workbook: its tables (with their stored queries) and formulas.
  const host = await paneFrame.evaluate(async () => {
    const adapter = (
      window as unknown as Record<string, { listTables(): Promise<unknown>; listMadFormulas(): Promise<unknown> }>
    ).__madPreviewHost;
    return JSON.stringify({ tables: await adapter.listTables(), formulas: await adapter.listMadFormulas() });
  });
  return [...grid, descriptions, host].join("\n");
}

async function visibleTexts(page: Page): Promise<string> {
  const texts = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => document.body?.innerText ?? "").catch(() => "")),
  );
  return texts.join("\n");
}

/** Browser storage except the one place the secret belongs (runtime storage's mad.secret). */
async function storageOutsideRuntimeSecret(page: Page): Promise<{ other: string; runtimeSecret: string | null }> {
  return page.evaluate((secretKey) => {
    const entries: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key !== secretKey) entries.push(`${key}=${localStorage.getItem(key)}`);
    }
    for (let i = 0; i < sessionStorage.length; i++)
      entries.push(`session:${sessionStorage.key(i)}=${sessionStorage.getItem(sessionStorage.key(i)!)}`);
    return {
      other: `${entries.join("\n")}\ncookies:${document.cookie}`,
      runtimeSecret: localStorage.getItem(secretKey),
    };
  }, RUNTIME_SECRET_KEY);
}

test("a full preview session leaves the secret nowhere but runtime storage", async () => {
  const watched = await openWatchedPreview();
  const { page } = watched;
  const pane = paneOf(page);

  // 1. Before connecting (the preview's demo secret is not this simulator's): an error in a cell.
  await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
  expect(await settledText(page, "A1")).toBe("#N/A");
  expect(await describedBy(page, "A1")).toMatch(/secret/i);

  // 2. A wrong secret, then the right one, in the task pane.
  await openTab(pane, "Connection");
  const secretField = pane.getByLabel("API secret");
  await pane.getByRole("radio", { name: /Local simulator/ }).check();
  await secretField.fill(WRONG_SECRET);
  await pane.getByRole("button", { name: "Test connection" }).click();
  await pane.getByText("The secret is wrong").waitFor();
  await secretField.fill(SECRET);
  await pane.getByRole("button", { name: "Show" }).click();
  await pane.getByRole("button", { name: "Test connection" }).click();
  await pane.getByText("Connected").waitFor();

  // 3. Queries: the failed cell with another keyword (the preview recomputes changed formulas only), a
  // single-record result, a bad argument. Laid out so that no spill is blocked.
  await enter(page, "A1", '=MAD.KEYWORDTRENDS("US","yoga mats")');
  expect(await settledText(page, "A1")).not.toMatch(/^#/);
  await enter(page, "A30", '=MAD.CATEGORYSTATS("US","172282:281407")');
  expect(await settledText(page, "A30")).not.toMatch(/^#/);
  await enter(page, "D30", '=MAD.KEYWORDTRENDS("XX","yoga mat")');
  expect(await settledText(page, "D30")).toBe("#VALUE!");

  // 4. Insert as formula and as table from the query builder (two columns, five rows).
  await goTo(page, "F30");
  await openTab(pane, "Build");
  await pane.getByRole("textbox", { name: fieldLabel("product_research", "minPrice"), exact: true }).fill("20");
  await pane.getByRole("textbox", { name: fieldLabel("product_research", "maxPrice"), exact: true }).fill("60");
  await pick(pane, "fields", "asin", "price");
  await pane.getByRole("textbox", { name: "limit", exact: true }).fill("5");
  await pane.getByRole("button", { name: "Insert as formula" }).click();
  await pane.getByText(/Wrote the filter block/).waitFor({ timeout: 60_000 });
  await goTo(page, "A80");
  await pane.getByRole("button", { name: "Insert as table" }).click();
  await pane.getByText(/Created table/).waitFor({ timeout: 60_000 });

  // 5. Refresh, once cleanly and once into service errors.
  await openTab(pane, "Reports");
  await pane.getByRole("button", { name: "Refresh all" }).click();
  // Everything refreshes but D30, whose bad argument a refresh cannot fix: it is reported failed, not refreshed.
  await pane.getByText(/1 of \d+ failed \(\d+ calls? spent\)/).waitFor({ timeout: 60_000 });
  await injectFault("product_research", 10, { type: "envelope", code: "ERROR_SECRET_KEY_INVALID" });
  // Current data answers from the cache: only a refresh from the service reaches the failing service.
  await pane.getByRole("button", { name: /^Refresh from the service: fetch every item afresh/ }).click();
  await pane.getByRole("button", { name: /^Refresh from the service \(\d+ calls?\)$/ }).click();
  await pane
    .getByText(/invalid or disabled/i)
    .first()
    .waitFor({ timeout: 60_000 });

  // 6. Service errors in new cells.
  await injectFault("keyword_research_trends", 10, { type: "envelope", code: "ERROR_SECRET_KEY" });
  await enter(page, "A100", '=MAD.KEYWORDTRENDS("US","dog bed")');
  expect(await settledText(page, "A100")).toBe("#N/A");
  await injectFault("market_research_statistics", 10, { type: "http", status: 500 });
  await enter(page, "D100", '=MAD.CATEGORYSTATS("US","172282:999")');
  expect(await settledText(page, "D100")).toBe("#N/A");
  sim.clearFaults();

  // The session used the secret: runtime storage holds it and the service accepted it.
  const storage = await storageOutsideRuntimeSecret(page);
  expect(storage.runtimeSecret).toBe(SECRET);
  expect(sim.stats().byResult.OK).toBeGreaterThan(3);

  const requests = await Promise.all(watched.requests);
  const baseHost = new URL(sim.url).host;
  // Only the base URL's host is ever contacted (the preview page, its bundles and the simulator share it).
  // (data: and blob: URLs are the page's own memory, not the network.)
  const network = requests.filter((r) => !/^(data|blob):/i.test(r.url));
  expect(network.filter((r) => new URL(r.url).host !== baseHost).map((r) => r.url)).toEqual([]);
  // Every header but secret-key to the base URL itself, where the secret belongs.
  const requestText = requests
    .map((r) => {
      const toBase = new URL(r.url).host === baseHost;
      const headers = Object.entries(r.headers)
        .filter(([name]) => !(toBase && name.toLowerCase() === "secret-key"))
        .map(([name, value]) => `${name}: ${value}`);
      return `${r.method} ${r.url}\n${headers.join("\n")}\n${r.body}`;
    })
    .join("\n");
  // The secret did go to the simulator in its header (the scan would otherwise prove nothing).
  expect(requests.some((r) => r.headers["secret-key"] === SECRET)).toBe(true);

  const places: Record<string, string> = {
    "workbook (grid, cell messages, formulas, tables and stored queries)": await workbookContents(page),
    "page text": await visibleTexts(page),
    "browser storage outside mad.secret": storage.other,
    "console output": watched.console.join("\n"),
    "page errors": watched.pageErrors.join("\n"),
    "requests (URLs, headers other than secret-key to the base URL, bodies)": requestText,
    "simulator request log": serverLog.join("\n"),
  };
  // The scan sees what it should: the inserted formula and the table's stored query.
  const workbook = places["workbook (grid, cell messages, formulas, tables and stored queries)"];
  expect(workbook).toContain("MAD.PRODUCTRESEARCH");
  expect(workbook).toMatch(/"query":\{"operation":"product_research"/);
  expect(requests.some((r) => r.url.includes("/v1/"))).toBe(true);
  // The detector sees the disguises it claims to.
  expect(holdsSecret(`x ${Buffer.from(SECRET).toString("base64")} y`, SECRET)).toBe(true);
  expect(holdsSecret(`x=${SECRET.slice(7, 19).toUpperCase()}&`, SECRET)).toBe(true);
  expect(holdsSecret(SECRET.slice(7, 18), SECRET)).toBe(false);
  const leaks = Object.entries(places).flatMap(([place, text]) =>
    [SECRET, WRONG_SECRET]
      .filter((secret) => holdsSecret(text, secret))
      .map((secret) => `${place} holds the ${secret === SECRET ? "secret" : "wrong secret"}`),
  );
  expect(leaks).toEqual([]);
  await watched.context.close();
});
