/**
 * `npm start` as a newcomer runs it: it serves the preview and the add-in from one origin, and Ctrl-C stops
 * everything it started and frees the port. (`--no-build` here: the build itself is what `npm run build` tests.)
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { DEMO_SECRET } from "../../src/api/demo-secret";
import { ensureBuilt, ROOT } from "./support/built-addin";

jest.setTimeout(180_000);

/** Collects all output, and resolves with the first capture of `pattern` once it appears. */
function waitForLine(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  output: { text: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.text += chunk.toString();
      const match = output.text.match(pattern);
      if (match) resolve(match[1]);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output.text}`)));
  });
}

test("npm start serves the preview and the built add-in, and Ctrl-C stops it cleanly", async () => {
  await ensureBuilt();
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["scripts/start.ts", "--no-build", "--port", "0"], { cwd: ROOT });
  const output = { text: "" };
  const previewUrl = await waitForLine(child, /Preview:\s+(\S+)/, output);

  const page = await fetch(previewUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("not a spreadsheet");
  const origin = new URL(previewUrl).origin;
  for (const file of ["taskpane.html", "functions.js", "functions.json", "manifest.xml"]) {
    expect((await fetch(`${origin}/${file}`)).status).toBe(200);
  }
  expect(output.text).not.toMatch(/error/i);
  // The demo behaves like the smallest plan, so the task pane has calls left to show.
  const visits = await fetch(`${origin}/v1/visits`, { headers: { "secret-key": DEMO_SECRET } });
  expect((await visits.json()).data).toMatchObject({ quota: 1000, remaining: 1000, rateLimitPerMinute: 40 });

  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.kill("SIGINT");
  expect(await exited).toBe(0);
  expect(output.text).toContain("Stopped.");
  await expect(fetch(previewUrl)).rejects.toThrow();
});
