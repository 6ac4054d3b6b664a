/**
 * A team relay can be tried from the preview (issue 46), by the local recipe of docs/deploy.md ("Trying a team relay
 * from the preview"), run here as written: the plan's key file, `npm run team -- add me`, `npm run serve -- --team
 * --host 127.0.0.1 …` in front of the preview's simulator (the same build `npm start` serves). Then in Chromium: the
 * preview, on another origin, signs in to the relay (its CORS grant for a loopback origin), and the relay's own
 * preview page is not blank (its policy lets the page frame its pane): both connected, with no problem in the page.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, FrameLocator } from "playwright-core";
import { ROOT } from "./support/built-addin";
import { launchChromium } from "./support/chromium";
import { freePort } from "../support/ports";
import { openPreview, startPreviewStack, type PreviewStack } from "./support/preview";
import { openTab, paneOf } from "./support/taskpane";
import { newDataDir } from "../server/support/databases";

jest.setTimeout(300_000);

const run = promisify(execFile);

/** The recipe's shell block in docs/deploy.md, its commands one a line (comments off). */
function recipe(): string[] {
  const doc = readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8");
  const section = doc.slice(doc.indexOf("### Trying a team relay from the preview"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line && !line.startsWith("#"));
}

/** A command of the recipe as words, its fixed ports replaced by the test's. */
function words(line: string, ports: { relay: number; preview: string }): string[] {
  return line
    .replace("--port 8080", `--port ${ports.relay}`)
    .replace("http://127.0.0.1:8787", ports.preview)
    .split(/\s+/);
}

let stack: PreviewStack;
let browser: Browser;
let dir: string;
let relay: ChildProcessWithoutNullStreams;
let relayBase: string;
let relayLog = "";
let token: string;
let data: Awaited<ReturnType<typeof newDataDir>> | undefined;

beforeAll(async () => {
  stack = await startPreviewStack();
  browser = await launchChromium();
  dir = mkdtempSync(path.join(tmpdir(), "relay-preview-"));
  const steps = recipe();
  expect(steps[0]).toBe("npm start");
  // echo '[…]' > mad-keys.json: the plan's key, the simulator's demo secret.
  const keys = /^echo '(.*)' > mad-keys\.json$/.exec(steps[1])![1];
  const keysFile = path.join(dir, "mad-keys.json");
  writeFileSync(keysFile, keys, { mode: 0o600 });
  expect(steps[2]).toBe("export MAD_KEYS_FILE=mad-keys.json MAD_ALERTS_ALLOW_PRIVATE=1");
  const env = {
    ...process.env,
    REDIS_URL: "",
    MAD_KEYS_FILE: keysFile,
    MAD_ALERTS_ALLOW_PRIVATE: "1",
    // The recipe's default members file and database folder, kept out of the repository here; the database a copy
    // of one made before (see databases.ts): a first start in an empty folder runs initdb in WebAssembly, seconds of
    // CPU that no test here is about.
    MAD_MEMBERS_FILE: path.join(dir, ".mad-team-members.json"),
    MAD_DATA_DIR: (data = await newDataDir()).dir,
  };
  const port = await freePort();
  relayBase = `http://127.0.0.1:${port}`;
  const ports = { relay: port, preview: stack.simulator.url };
  const [npm, ...add] = words(steps[3], ports);
  expect([npm, ...add]).toEqual(["npm", "run", "team", "--", "add", "me"]);
  token = (await run("npm", add, { cwd: ROOT, env })).stdout.trimEnd().split("\n").at(-1)!;
  const [, ...serve] = words(steps[4], ports);
  relay = spawn("npm", serve, { cwd: ROOT, env, detached: true });
  await new Promise<void>((resolve, reject) => {
    relay.stdout.on("data", (chunk: Buffer) => {
      relayLog += chunk.toString();
      if (relayLog.includes('"event":"listening"')) resolve();
    });
    relay.stderr.on("data", (chunk: Buffer) => (relayLog += chunk.toString()));
    relay.on("exit", (code) => reject(new Error(`npm run serve exited ${code}: ${relayLog}`)));
  });
}, 600_000);

afterAll(async () => {
  // npm runs the server in a process group of its own: stopped together.
  if (relay?.pid) process.kill(-relay.pid, "SIGTERM");
  await browser?.close();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  data?.remove();
});

/** The Connection tab's Team relay: the relay's address and the token, then Test connection. */
async function signIn(pane: FrameLocator): Promise<void> {
  await openTab(pane, "Connection");
  await pane.getByRole("radio", { name: "Team relay" }).check();
  await pane.getByLabel("Relay address").fill(relayBase);
  await pane.getByLabel("Your token").fill(token);
  await pane.getByRole("button", { name: "Test connection" }).click();
  await pane.getByText("Connected", { exact: true }).waitFor({ timeout: 60_000 });
  await pane.getByText(/^You: no budget of your own · Team plan: [\d,]+ of 1,000 calls left$/).waitFor();
}

test("the preview, on another origin, signs in to the relay on this machine", async () => {
  const preview = await openPreview(browser, stack);
  await signIn(paneOf(preview.page));
  expect(preview.problems).toEqual([]);
  await preview.context.close();
});

test("the relay's own preview page is not blank: its pane loads, and signs in", async () => {
  const preview = await openPreview(browser, { ...stack, previewUrl: `${relayBase}/preview.html` });
  const pane = paneOf(preview.page);
  await pane.getByRole("tab", { name: "Build" }).waitFor();
  await signIn(pane);
  // Before signing in, the preview page's own seed (the simulator's demo secret at the page's origin, here the
  // relay) is refused by the relay, as a team relay refuses any plan secret: the browser logs that 401, nothing else.
  const refusedSeed = /^console error: Failed to load resource: .* 401 \(Unauthorized\)$/;
  expect(preview.problems.filter((problem) => !refusedSeed.test(problem))).toEqual([]);
  expect(relayLog).not.toContain(token);
  await preview.context.close();
});
