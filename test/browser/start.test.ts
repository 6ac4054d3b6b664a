/**
 * `npm start` serves the preview next to the built add-in and the simulator, and Ctrl-C stops everything:
 * the process exits and the port is free again. (--no-build: the build itself is what `npm run build` checks.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { DEMO_SECRET } from "../../src/api/demo-secret";
import { freePort } from "../support/ports";
import { BUILD_TIMEOUT_MS, ROOT, ensureBuilt } from "./support/built-addin";

jest.setTimeout(240_000);

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function startScript(args: string[]): {
  child: ChildProcess;
  output: () => string;
  line: (pattern: RegExp) => Promise<RegExpMatchArray>;
} {
  // The script in one process, its TypeScript loaded by tsx's hooks, as the other process tests start CLIs. Not through
  // tsx's CLI (`npm start`'s wrapper): it relays a signal to its child with 30 ms waits and, when the child has not
  // acknowledged it in time, SIGKILLs it and exits 130. On a loaded CI machine that failed this test; the signal
  // handling under test is start.ts's own.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    waiters.forEach((wake) => wake());
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) resolve(match);
      };
      waiters.push(check);
      child.once("exit", (code) => reject(new Error(`start exited (${code}) before printing ${pattern}:\n${output}`)));
      check();
    });
  return { child, output: () => output, line };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

describe("npm start", () => {
  beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);

  it.each(["SIGINT", "SIGTERM"] as const)(
    "serves the preview and the API on one origin, and %s stops it cleanly",
    async (signal) => {
      const port = await freePort();
      const started = startScript(["--no-build", "--port", String(port)]);
      try {
        const [, url] = await started.line(/Preview:\s+(\S+)/);
        expect(url).toBe(`http://127.0.0.1:${port}/preview.html`);
        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("not a spreadsheet");
        for (const file of ["taskpane.html", "functions.js", "functions.json", "manifest.xml"]) {
          expect((await fetch(`http://127.0.0.1:${port}/${file}`)).status).toBe(200);
        }
        // The demo behaves like the smallest plan, so the task pane has calls left to show.
        const visits = await fetch(`http://127.0.0.1:${port}/v1/visits`, { headers: { "secret-key": DEMO_SECRET } });
        expect((await visits.json()).data).toMatchObject({ quota: 1000, remaining: 1000, rateLimitPerMinute: 40 });
        expect(started.output()).not.toMatch(/error/i);
        expect(started.output()).not.toContain(DEMO_SECRET);

        started.child.kill(signal);
        expect(await exited(started.child)).toEqual({ code: 0, signal: null });
        expect(started.output()).toContain("Stopped.");
        expect(await canListen(port)).toBe(true);
      } finally {
        if (started.child.exitCode === null) started.child.kill("SIGKILL");
      }
    },
  );

  it("moves to the next port when the default one is taken", async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    const started = startScript(["--no-build", "--port", String(port)]);
    try {
      const [, url] = await started.line(/Preview:\s+(\S+)/);
      expect(new URL(url).port).not.toBe(String(port));
      expect(started.output()).toContain(
        `Port ${port} is in use (another program has it): serving on port ${new URL(url).port} instead.`,
      );
      started.child.kill("SIGINT");
      expect((await exited(started.child)).code).toBe(0);
    } finally {
      if (started.child.exitCode === null) started.child.kill("SIGKILL");
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
