/**
 * The hosted add-in as a user installs it: a hosting build (ADDIN_BASE_URL) served by `npm run serve` in front of
 * the simulator, opened in Chromium. office.js, which Office itself would provide, is answered by the strict Excel
 * stand-in (Excel on the web), so the page runs under the server's own Content-Security-Policy unchanged. The base URL is left at its default (the add-in's own server): the user only
 * pastes the secret, Test connection passes, and =MAD.KEYWORDTRENDS("US","yoga mat") evaluates through the relay.
 * The same build served by `npm run serve -- --team` (state in memory, a member added by `npm run team`): a member
 * chooses Team relay, enters the relay's address and their token, and calls go out with the token, never a secret.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { execFile } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { freePort } from "./support/ports";
import { ROOT } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { useSimulator } from "../support/simulator";
import { standInScript, workbook } from "./support/excel-pane";

jest.setTimeout(300_000);

const SECRET = "hosted0secret000000000000000abcd";
const run = promisify(execFile);

const sim = useSimulator({ secret: SECRET });
let out: string;
let served: ChildProcessWithoutNullStreams;
let base: string;
let browser: Browser;
let log = "";
let teamServed: ChildProcessWithoutNullStreams;
let teamBase: string;
let teamLog = "";
let token: string;

/** `npm run serve -- --team` on the same build, its members in a file (no Redis), the plan's key in a keys file. */
async function startTeamRelay(dist: string): Promise<void> {
  const teamPort = await freePort();
  teamBase = `http://127.0.0.1:${teamPort}/`;
  const keysFile = path.join(out, "keys.json");
  writeFileSync(keysFile, JSON.stringify([{ name: "main", secret: SECRET, perMinute: 40, monthlyBudget: 1000 }]), {
    mode: 0o600,
  });
  const env = {
    ...process.env,
    HOST: "127.0.0.1",
    REDIS_URL: "",
    MAD_KEYS_FILE: keysFile,
    MAD_MEMBERS_FILE: path.join(out, "members.json"),
  };
  const added = await run(process.execPath, ["--import", "tsx", "src/server/team/cli.ts", "add", "pat"], {
    cwd: ROOT,
    env,
  });
  token = added.stdout.trimEnd().split("\n").at(-1)!;
  teamServed = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/server/cli.ts",
      "--team",
      "--port",
      String(teamPort),
      "--upstream",
      sim.url,
      "--static",
      dist,
    ],
    { cwd: ROOT, env },
  );
  await new Promise<void>((resolve, reject) => {
    teamServed.stdout.on("data", (chunk: Buffer) => {
      teamLog += chunk.toString();
      if (teamLog.includes('"event":"listening"')) resolve();
    });
    teamServed.stderr.on("data", (chunk: Buffer) => (teamLog += chunk.toString()));
    teamServed.on("exit", (code) => reject(new Error(`serve --team exited ${code}: ${teamLog}`)));
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  out = mkdtempSync(path.join(tmpdir(), "mad-hosted-"));
  const dist = path.join(out, "dist");
  await run("npm", ["run", "build", "--", "--output-path", dist], {
    cwd: ROOT,
    env: { ...process.env, ADDIN_BASE_URL: base },
    maxBuffer: 1 << 26,
  });
  served = spawn(
    process.execPath,
    ["--import", "tsx", "src/server/cli.ts", "--port", String(port), "--upstream", sim.url, "--static", dist],
    { cwd: ROOT, env: { ...process.env, HOST: "127.0.0.1" } },
  );
  await new Promise<void>((resolve, reject) => {
    served.stdout.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"event":"listening"')) resolve();
    });
    served.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    served.on("exit", (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
  await startTeamRelay(dist);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  served?.kill("SIGTERM");
  teamServed?.kill("SIGTERM");
  if (out) rmSync(out, { recursive: true, force: true });
});

async function openHostedPane(origin = base): Promise<{ page: Page; problems: string[]; hosts: Set<string> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  const hosts = new Set<string>();
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  const script = await standInScript();
  await page.route("https://appsforoffice.microsoft.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: script }),
  );
  await page.addInitScript(
    () => void ((window as unknown as Record<string, unknown>).__strictExcelOptions = { platform: "web" }),
  );
  await page.goto(`${origin}taskpane.html`);
  return { page, problems, hosts };
}

/** A person types =MAD.KEYWORDTRENDS("US","yoga mat") into Sheet1!A1; it answers with its header first. */
async function typeTrendsFormula(page: Page): Promise<void> {
  const book = workbook(page);
  await book.type("Sheet1", "A1", '=MAD.KEYWORDTRENDS("US","yoga mat")');
  await book.settled();
  expect(await book.cell("Sheet1", "A1")).toMatchObject({ value: "time" });
}

test("a user of the hosted add-in only pastes the secret: Test connection passes and a formula evaluates", async () => {
  const { page, problems, hosts } = await openHostedPane();
  await page.getByRole("tab", { name: "Connection" }).click();
  // The default is the add-in's own server, and it is chosen.
  await expect(
    page.getByRole("radio", { name: `This add-in's server (${base.replace(/\/$/, "")})` }).isChecked(),
  ).resolves.toBe(true);
  await page.getByLabel("API secret").fill(SECRET);
  sim.resetStats();
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText("Connected").waitFor();
  expect(sim.stats().total).toBeGreaterThan(0); // the test went through the relay to the service

  await typeTrendsFormula(page);
  expect(await workbook(page).spillRows("Sheet1", "A1")).toBeGreaterThan(2);
  expect(sim.stats().byOperation.keyword_research_trends).toBe(1);
  // Every request went to the add-in's own origin (office.js is Office's own, answered here by the stand-in).
  expect([...hosts].filter((host) => host !== new URL(base).host && host !== "appsforoffice.microsoft.com")).toEqual(
    [],
  );
  expect(problems).toEqual([]);
  expect(log).not.toContain(SECRET);
  await page.context().close();
});

test("a member signs in to a team relay from the pane: relay address and token, calls with the token, both calls left shown", async () => {
  const { page, problems } = await openHostedPane(teamBase);
  const credentials: { secretKey?: string; authorization?: string }[] = [];
  page.on("request", (request) => {
    if (!request.url().includes("/v1/")) return;
    const headers = request.headers();
    credentials.push({ secretKey: headers["secret-key"], authorization: headers.authorization });
  });
  await page.getByRole("tab", { name: "Connection" }).click();
  await page.getByRole("radio", { name: "Team relay" }).check();
  await page.getByLabel("Relay address").fill(teamBase);
  await page.getByLabel("Your token").fill(token.slice(0, -1));
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText(/A team token starts with madt_/).waitFor();
  expect(credentials).toEqual([]); // a mistyped token is not sent
  await page.getByLabel("Your token").fill(token);
  sim.resetStats();
  await page.getByRole("button", { name: "Test connection" }).click();
  await page.getByText("Connected").waitFor();
  await page.getByText("You: no budget of your own · Team plan: 1,000 of 1,000 calls left").waitFor();
  await page.getByText(`Token set: ••••${token.slice(-4)}`).waitFor();
  await typeTrendsFormula(page);
  expect(sim.stats().byOperation.keyword_research_trends).toBe(1);
  expect(credentials.length).toBeGreaterThan(1);
  for (const sent of credentials) expect(sent).toEqual({ secretKey: undefined, authorization: `Bearer ${token}` });
  // The token is kept where the secret would be (runtime storage), and the plan's secret never reaches the pane.
  const stored = await page.evaluate(() =>
    JSON.stringify([
      ...(window as unknown as { __strictExcel: { storage: Map<string, string> } }).__strictExcel.storage,
    ]),
  );
  expect(stored).toContain(token);
  expect(stored).not.toContain(SECRET);
  expect(problems).toEqual([]);
  expect(teamLog).not.toContain(token);
  expect(teamLog).not.toContain(SECRET);
  await page.context().close();
});
