/**
 * `npm run serve` as a child process (as the image runs it: support/server-cli.ts) in front of the simulator, over
 * real HTTP: the built add-in with its headers, the relay of catalog operations only, the body cap, no CORS grant,
 * redirects not followed, a clean SIGTERM, and a log that never holds the secret.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { useSimulator } from "../support/simulator";
import { serveProcess, type Served } from "./support/serve-process";
import { runServerCli } from "./support/server-cli";

// `npm run serve` is a process of its own, seconds to start on a busy machine; this bounds a hang only.
jest.setTimeout(60_000);

const SECRET = "serve0secret0000000000000000wxyz";
const EBC = { marketplace: "US", nodeIdPath: "172282" };

const serve = (args: string[]) => serveProcess(args);

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", (code) => resolve(code));
  });

const sim = useSimulator({ secret: SECRET });
let staticDir: string;
let served: Served;
/** An upstream that records what reaches it and answers every call with a redirect to itself. */
let redirector: Server;
const reachedRedirector: { path: string; headers: IncomingHttpHeaders }[] = [];
let redirected: Served;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "mad-serve-"));
  writeFileSync(path.join(staticDir, "taskpane.html"), "<!doctype html><title>MAD</title>");
  writeFileSync(path.join(staticDir, "manifest.xml"), "<OfficeApp/>");
  writeFileSync(path.join(staticDir, "functions.json"), "{}");
  writeFileSync(path.join(staticDir, "vendor.0123456789abcdef.js"), "void 0;");
  redirector = createServer((req, res) => {
    reachedRedirector.push({ path: req.url ?? "", headers: req.headers });
    req.resume();
    const { port } = redirector.address() as AddressInfo;
    res.writeHead(307, { location: `http://127.0.0.1:${port}/stolen` });
    res.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
  const { port } = redirector.address() as AddressInfo;
  [served, redirected] = await Promise.all([
    serve(["--upstream", sim.url, "--static", staticDir]),
    serve(["--upstream", `http://127.0.0.1:${port}`, "--static", staticDir]),
  ]);
}, 60_000);

afterAll(async () => {
  for (const s of [served, redirected]) if (s && s.child.exitCode === null) s.child.kill("SIGKILL");
  await new Promise((resolve) => redirector?.close(resolve));
  rmSync(staticDir, { recursive: true, force: true });
});

const ebc = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/market/ebc`, {
    method: "POST",
    headers: { "secret-key": SECRET, "content-type": "application/json", ...headers },
    body: JSON.stringify(EBC),
  });

test("pages are served with security headers; Office's files are never cached, hashed assets for a year", async () => {
  const page = await fetch(`${served.url}/taskpane.html`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<title>MAD</title>");
  const csp = page.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("https://appsforoffice.microsoft.com");
  expect(csp).toMatch(/script-src 'self'/);
  expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  expect(page.headers.get("cache-control")).toBe("no-cache");
  expect(page.headers.get("strict-transport-security")).toBeNull(); // plain HTTP here
  for (const file of ["manifest.xml", "functions.json"])
    expect((await fetch(`${served.url}/${file}`)).headers.get("cache-control")).toBe("no-cache");
  const hashed = await fetch(`${served.url}/vendor.0123456789abcdef.js`);
  expect(hashed.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
  // Behind a TLS-terminating edge the page also gets HSTS.
  const viaTls = await fetch(`${served.url}/taskpane.html`, { headers: { "x-forwarded-proto": "https" } });
  expect(viaTls.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${served.url}/__sim/stats`)).status).toBe(404);
});

test("a catalog operation is relayed with the caller's secret and the service's answer comes back", async () => {
  const before = sim.stats().byOperation.market_ebc_distribution ?? 0;
  const reply = await ebc(served.url);
  expect(reply.status).toBe(200);
  const body = await reply.json();
  expect(body.code).toBe("OK");
  expect(body.data).not.toBeNull();
  expect(sim.stats().byOperation.market_ebc_distribution).toBe(before + 1);
  const visits = await fetch(`${served.url}/v1/visits`, { headers: { "secret-key": SECRET } });
  expect((await visits.json()).code).toBe("OK");
  // The service, not the relay, judges the secret.
  expect((await (await ebc(served.url, { "secret-key": "wrong0000000000000000000000000000" })).json()).code).toBe(
    "ERROR_SECRET_KEY",
  );
});

test("a path that is not a catalog operation is refused without being relayed", async () => {
  const before = sim.stats().total;
  for (const [method, route] of [
    ["POST", "/v1/not/an/operation"],
    ["GET", "/v1/market/ebc"],
    ["POST", "/v1/visits/../market/ebc/x"],
  ]) {
    const reply = await fetch(`${served.url}${route}`, {
      method,
      headers: { "secret-key": SECRET },
      body: method === "POST" ? "{}" : undefined,
    });
    expect(reply.status).toBe(404);
  }
  expect(sim.stats().total).toBe(before);
});

test("a 3 MB body is refused with 413 and not relayed", async () => {
  const before = sim.stats().total;
  const reply = await fetch(`${served.url}/v1/market/ebc`, {
    method: "POST",
    headers: { "secret-key": SECRET, "content-type": "application/json" },
    body: JSON.stringify({ marketplace: "US", keyword: "x".repeat(3_000_000) }),
  });
  expect(reply.status).toBe(413);
  expect(sim.stats().total).toBe(before);
});

test("a foreign origin's preflight and calls get no CORS grant", async () => {
  const preflight = await fetch(`${served.url}/v1/market/ebc`, {
    method: "OPTIONS",
    headers: {
      origin: "https://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "secret-key, content-type",
    },
  });
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
  const call = await ebc(served.url, { origin: "https://evil.example" });
  expect(call.headers.get("access-control-allow-origin")).toBeNull();
});

test("a redirecting upstream is not followed: 502 naming nothing secret, only the secret and JSON went upstream", async () => {
  const reply = await ebc(redirected.url, { cookie: "session=abc", "x-custom": "mine", "x-forwarded-for": "10.0.0.9" });
  expect(reply.status).toBe(502);
  const text = await reply.text();
  expect(text).toMatch(/redirect/);
  expect(text).not.toContain(SECRET);
  expect(reachedRedirector.map((r) => r.path)).toEqual(["/v1/market/ebc"]);
  const headers = reachedRedirector[0].headers;
  expect(headers["secret-key"]).toBe(SECRET);
  expect(headers["content-type"]).toBe("application/json");
  for (const name of ["cookie", "x-custom", "x-forwarded-for", "origin"]) expect(headers[name]).toBeUndefined();
});

test("SIGTERM stops it with exit code 0; its log is one JSON line per request and never holds the secret", async () => {
  await ebc(served.url);
  const done = exited(served.child);
  served.child.kill("SIGTERM");
  expect(await done).toBe(0);
  redirected.child.kill("SIGTERM");
  expect(await exited(redirected.child)).toBe(0);
  for (const output of [served.output(), redirected.output()]) {
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain("session=abc");
  }
  const requests = served
    .output()
    .split("\n")
    .filter((line) => line.includes('"requestId"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const relayed = requests.find((r) => r.path === "/v1/market/ebc" && r.status === 200);
  expect(relayed).toMatchObject({ method: "POST", upstreamStatus: 200 });
  expect(typeof relayed?.durationMs).toBe("number");
  expect(requests.some((r) => r.status === 413)).toBe(true);
}, 20_000);

test("--help prints the options and the environment they read, and starts nothing", async () => {
  const help = await runServerCli("serve", ["--help"]);
  expect(help.status).toBe(0);
  expect(help.out).toMatch(/^usage: npm run serve -- \[--port 8080\]/);
  expect(help.out).toMatch(/--team\]/);
  expect(help.out).toMatch(/MAD_UPSTREAM/);
  expect(help.out).not.toMatch(/"event":"listening"/);
  expect(help.err).toBe("");
});
