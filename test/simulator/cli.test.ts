/** The CLI: prints the URL it listens on, never a non-demo secret, and exits 0 on SIGTERM/SIGINT. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";

// The CLI starts through tsx: about a CPU-second, several on a busy machine; this bounds a hang only.
jest.setTimeout(60_000);

const CLI = path.resolve(__dirname, "../../src/simulator/cli.ts");
const SECRET = "cli0secret000000000000000000abcd";

function launch(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; url: Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: path.resolve(__dirname, "../..") });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Simulator listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  url.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, output: () => output, url };
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

/** Starts the CLI, calls it once, sends the signal; returns the exit code and everything it printed. */
async function runUntil(signal: NodeJS.Signals): Promise<{ code: number | null; output: string }> {
  const { child, output, url } = launch(["--port", "0", "--secret", SECRET, "--no-static", "--log"]);
  const base = await url;
  const res = await fetch(`${base}/v1/market/ebc`, {
    method: "POST",
    headers: { "secret-key": SECRET },
    body: JSON.stringify({ marketplace: "US", nodeIdPath: "172282" }),
  });
  expect((await res.json()).code).toBe("OK");
  const done = exited(child);
  child.kill(signal);
  return { code: await done, output: output() };
}

test("starts on a free port, answers, and stops cleanly on SIGTERM and on SIGINT", async () => {
  // Both at once: each start costs a TypeScript-loading Node process.
  for (const { code, output } of await Promise.all([runUntil("SIGTERM"), runUntil("SIGINT")])) {
    expect(code).toBe(0);
    expect(output).toMatch(/^Simulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(output).toContain("POST /v1/market/ebc -> OK");
    expect(output).not.toContain(SECRET);
  }
}, 20_000);

test("rejects a bad option with a message naming it", async () => {
  const { child, output } = launch(["--port", "0", "--rate-limit", "many"]);
  expect(await exited(child)).toBe(1);
  expect(output()).toContain("--rate-limit: expected a whole number");
}, 20_000);

test("--secret-env reads the secret from the environment; the token for /__sim is printed", async () => {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CLI, "--port", "0", "--secret-env", "MAD_TEST_SECRET", "--no-static"],
    { cwd: path.resolve(__dirname, "../.."), env: { ...process.env, MAD_TEST_SECRET: SECRET } },
  );
  let output = "";
  const ready = new Promise<string>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)[\s\S]*token \(header x-sim-token\): (\w+)/.exec(output);
      if (match) resolve(match[1]);
    }),
  );
  const base = await ready;
  const reply = await fetch(`${base}/v1/market/ebc`, {
    method: "POST",
    headers: { "secret-key": SECRET },
    body: JSON.stringify({ marketplace: "US", nodeIdPath: "172282" }),
  });
  expect((await reply.json()).code).toBe("OK");
  const token = /x-sim-token\): (\w+)/.exec(output)?.[1] ?? "";
  expect((await fetch(`${base}/__sim/stats`, { headers: { "x-sim-token": token } })).status).toBe(200);
  const done = exited(child);
  child.kill("SIGTERM");
  expect(await done).toBe(0);
  expect(output).not.toContain(SECRET);
}, 20_000);
