/**
 * The hosted add-in as a user installs it: a hosting build (ADDIN_BASE_URL) served as the Dockerfile's image serves
 * it (the server bundled by `npm run build:server`, the image's environment) in front of the simulator, opened in
 * Chromium. The suite's one hosting build: the image's checks (no source maps, the provider, the health check, a
 * clean SIGTERM) run on it here rather than on a build of their own. office.js, which Office itself would provide, is
 * answered by the strict Excel stand-in (Excel on the web), so the page runs under the server's own
 * Content-Security-Policy unchanged. The base URL is left at its default (the add-in's own server): the user only
 * pastes the secret, Test connection passes, and =MAD.KEYWORDTRENDS("US","yoga mat") evaluates through the relay.
 * The same build served by the image's `node serve.js --team` (state in memory, a member added by its `node team.js
 * add`, as docs/deploy.md has an admin do): a member chooses Team relay, enters the relay's address and their token,
 * and calls go out with the token, never a secret.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { execFile } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { freePort } from "../support/ports";
import { ROOT } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { useSimulator } from "../support/simulator";
import { standInScript, workbook } from "./support/excel-pane";
import { DOCKERFILE_STAGES, envOf, one } from "../support/dockerfile";
import { newDataDir } from "../server/support/databases";

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
let teamData: Awaited<ReturnType<typeof newDataDir>> | undefined;
let dist: string;
let runtimeEnv: NodeJS.ProcessEnv;
let exited: Promise<number | null>;
const [, runtimeStage] = DOCKERFILE_STAGES;

/** The image's `node serve.js --team` on this build, members in a file (no Redis), the plan's key in a keys file. */
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
    // Its embedded database, copied from one made before (see databases.ts): a first start in an empty folder runs
    // initdb in WebAssembly, seconds of CPU that no test here is about.
    MAD_DATA_DIR: (teamData = await newDataDir()).dir,
  };
  const added = await run(process.execPath, [path.join(out, "team.js"), "add", "pat"], { cwd: out, env });
  token = added.stdout.trimEnd().split("\n").at(-1)!;
  teamServed = spawn(
    process.execPath,
    [path.join(out, "serve.js"), "--team", "--port", String(teamPort), "--upstream", sim.url, "--static", dist],
    { cwd: out, env },
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
  dist = path.join(out, "dist");
  const serveJs = path.join(out, "serve.js");
  // The Dockerfile's build stage: the hosting build (its address and provider) and the bundled server.
  const env = { ...process.env, ADDIN_BASE_URL: base, ADDIN_PROVIDER: "Contoso" };
  await Promise.all([
    run("npm", ["run", "build", "--", "--output-path", dist], { cwd: ROOT, env, maxBuffer: 1 << 26 }),
    run("npm", ["run", "build:server", "--", `--outdir=${out}`], { cwd: ROOT, maxBuffer: 1 << 24 }),
  ]);
  // The image's runtime: `node serve.js` with its environment, pointed at this build and the simulator.
  runtimeEnv = {
    ...process.env,
    ...envOf(runtimeStage),
    PORT: String(port),
    HOST: "127.0.0.1",
    MAD_STATIC_DIR: dist,
    MAD_UPSTREAM: sim.url,
  };
  served = spawn(process.execPath, [serveJs], { cwd: out, env: runtimeEnv });
  exited = new Promise((resolve) => served.on("exit", resolve));
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
  teamData?.remove();
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

test("the image's build: no source maps, the provider named, the add-in's service its own server, the health check passes", async () => {
  const files = readdirSync(dist, { recursive: true }).map(String);
  expect(files).toEqual(expect.arrayContaining(["taskpane.html", "functions.js", "functions.json", "manifest.xml"]));
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
  for (const file of files.filter((f) => /\.(js|html)$/.test(f)))
    expect(readFileSync(path.join(dist, file), "utf8")).not.toContain("sourceMappingURL");
  expect(readFileSync(path.join(dist, "manifest.xml"), "utf8")).toContain("<ProviderName>Contoso</ProviderName>");
  expect(readFileSync(path.join(dist, "functions.js"), "utf8")).toContain(base.replace(/\/$/, ""));
  // The image's own HEALTHCHECK command.
  const check = JSON.parse(one(runtimeStage, "HEALTHCHECK").replace(/^.*?CMD\s+/, "")) as string[];
  expect(check[0]).toBe("node");
  await expect(run(process.execPath, check.slice(1), { env: runtimeEnv })).resolves.toBeDefined();
  const page = await fetch(`${base}taskpane.html`);
  expect(page.headers.get("content-security-policy")).toContain("https://appsforoffice.microsoft.com");
});

// Last: it stops the server the tests above use.
test("the image's server stops cleanly on SIGTERM, the secret never in its output", async () => {
  served.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(log).not.toContain(SECRET);
});
