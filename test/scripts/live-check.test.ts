/**
 * `npm run live-check` against the simulator over real HTTP: a faithful service gives a table per operation and
 * exit 0 with one call per operation; a drifting one (a renamed field, a new field, a changed type, behind a small
 * rewriting proxy) gives exit 1 naming the drift; the budget bounds the calls; the secret is never printed and is
 * refused on the command line.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { methodOf, OPERATIONS } from "../../src/api/catalog";
import { liveCheck } from "../../scripts/live-check";
import { useSimulator } from "../support/simulator";

const SECRET = "live-check-5e6f7a8b9c0d1e2f3a4b5c6d";
const ENV = { MAD_TEST_SECRET: SECRET };

let drifting: Server;
let driftingUrl: string;

/** Forwards to the simulator; product research records come back with title renamed, a new field, price as text. */
function startDriftingProxy(target: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === "string" && key !== "host" && key !== "content-length") headers[key] = value;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = (await answer.json()) as { data?: { items?: Record<string, unknown>[] } };
    if (req.url === "/v1/product/research")
      for (const item of body.data?.items ?? []) {
        item.productTitle = item.title;
        delete item.title;
        item.sponsoredRank = 3;
        item.price = String(item.price);
      }
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const sim = useSimulator({ secret: SECRET });
beforeAll(async () => {
  drifting = await startDriftingProxy(sim.url);
  driftingUrl = `http://127.0.0.1:${(drifting.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => drifting.close(resolve));
});

async function run(argv: string[], env: Record<string, string> = ENV): Promise<{ status: number; output: string }> {
  const lines: string[] = [];
  const status = await liveCheck({ argv, env, print: (line) => lines.push(line) });
  return { status, output: lines.join("\n") };
}

test("a faithful service: a table per operation, one call each, exit 0", async () => {
  const { status, output } = await run(["--secret-env", "MAD_TEST_SECRET", "--base-url", sim.url]);
  expect(status).toBe(0);
  for (const op of OPERATIONS) expect(output).toContain(`${op.code}  (${methodOf(op)} ${op.path})`);
  // Each line names the method the client sends: the category lookup is a GET, the others POST.
  expect(output).toContain("product_node  (GET /v1/product/node)");
  expect(output).not.toContain("product_node  (POST");
  expect(output.match(/^ {2}call {12}ok$/gm)).toHaveLength(OPERATIONS.length);
  expect(output).toContain(`${OPERATIONS.length} operation(s) checked with ${OPERATIONS.length} call(s); drift in 0.`);
  expect(sim.stats().total).toBe(OPERATIONS.length);
  expect(output).not.toContain(SECRET);
});

test("a drifting service: exit 1, naming the renamed, new and retyped fields", async () => {
  const { status, output } = await run(["--secret-env", "MAD_TEST_SECRET", "--base-url", driftingUrl]);
  expect(status).toBe(1);
  const block = output.split("\n\n").find((b) => b.startsWith("product_research "))!;
  expect(block).toMatch(/unknown fields +.*productTitle/);
  expect(block).toMatch(/unknown fields +.*sponsoredRank/);
  expect(block).toMatch(/missing fields +.*\btitle\b.*\(warning\)/);
  expect(block).toMatch(/type changes +price: catalog number, sent string/);
  expect(output).toMatch(/drift in 1: product_research\.$/);
  expect(output).not.toContain(SECRET);
});

test("a failed call is drift: the error code is shown, the secret is not", async () => {
  sim.injectFault({
    match: { operation: "keyword_miner" },
    fault: { type: "envelope", code: "ERROR_PARAM", message: "参数错误", data: "keyword" },
  });
  const { status, output } = await run(["--secret-env", "MAD_TEST_SECRET", "--base-url", sim.url]);
  expect(status).toBe(1);
  expect(output).toMatch(/keyword_miner .*\n {2}call {12}ERROR_PARAM: The service refused the parameter keyword/);
  expect(output).not.toContain(SECRET);
});

test("the budget bounds the calls; operations past it are skipped", async () => {
  const { status, output } = await run(["--secret-env", "MAD_TEST_SECRET", "--base-url", sim.url, "--budget", "3"]);
  expect(status).toBe(0);
  expect(sim.stats().total).toBe(3);
  expect(output.match(/skipped: the budget of 3 call\(s\) is spent/g)).toHaveLength(OPERATIONS.length - 3);
});

test("values found on the way: later requests use the first product record's ASIN and category", async () => {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  const recording: typeof fetch = async (input, init) => {
    bodies.push({ path: new URL(String(input)).pathname, body: JSON.parse(String(init?.body ?? "{}")) });
    return fetch(input, init);
  };
  await liveCheck({
    argv: ["--secret-env", "MAD_TEST_SECRET", "--base-url", sim.url],
    env: ENV,
    print: () => undefined,
    fetch: recording,
  });
  const first = bodies[0];
  expect(first.path).toBe("/v1/product/research");
  expect(first.body).toMatchObject({ marketplace: "US", page: 1, size: 1 });
  const statistics = bodies.find((b) => b.path === "/v1/market/statistics")!.body;
  const traffic = bodies.find((b) => b.path === "/v1/traffic/keyword")!.body;
  expect(String(statistics.nodeIdPath)).toMatch(/^\d+(:\d+)*$/);
  expect(String(traffic.asin)).toMatch(/^B0/);
  expect(bodies.find((b) => b.path === "/v1/keyword/miner")!.body.keyword).toBe("yoga mat");
});

test.each([
  [["--secret", SECRET, "--base-url", "http://127.0.0.1:9"], /--secret is refused/],
  [[`--secret=${SECRET}`], /--secret is refused/],
  [["--base-url", "http://127.0.0.1:9"], /--secret-env NAME is required/],
  [["--secret-env", "NOT_SET_ANYWHERE"], /NOT_SET_ANYWHERE is not set/],
  [["--secret-env", "MAD_TEST_SECRET", SECRET], /unknown option, positional argument/],
  [["--secret-env", "MAD_TEST_SECRET", "--budget", "0"], /--budget: expected a whole number/],
])("usage problems exit 2, send nothing and never echo the secret (case %#)", async (argv, message) => {
  const { status, output } = await run(argv);
  expect(status).toBe(2);
  expect(output).toMatch(message);
  expect(output).not.toContain(SECRET);
  expect(sim.stats().total).toBe(0);
});

test("npm run live-check's command (tsx scripts/live-check.ts) exits 0 against the simulator", async () => {
  const tsx = path.resolve(__dirname, "../../node_modules/.bin/tsx");
  const script = path.resolve(__dirname, "../../scripts/live-check.ts");
  const child = spawn(tsx, [script, "--secret-env", "MAD_TEST_SECRET", "--base-url", sim.url, "--budget", "2"], {
    env: { ...process.env, ...ENV },
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(status).toBe(0);
  expect(output).toContain("2 operation(s) checked with 2 call(s); drift in 0.");
  expect(output).not.toContain(SECRET);
});
