/**
 * A team relay can be tried from the preview (issue 46): a relay reached on this machine's loopback answers the
 * preview's origin (another loopback port) on its member routes, preflight included, so the pane at
 * http://127.0.0.1:8787/preview.html can connect to a relay at http://127.0.0.1:8080. Any other origin, or a relay
 * reached over the network, still gets no grant; admin routes never do. And the relay's own preview page is not
 * blank: its policy lets the page frame its pane from a blob: page and run the one line that installs the stand-ins.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { PREVIEW_PANE_BOOTSTRAP } from "../../src/lib/preview-pane";
import { createHostingServer, listen, type HostingServer } from "../../src/server/hosting";
import { useSimulator } from "../support/simulator";

const SECRET = "local0secret0000000000000000wxyz";
const sim = useSimulator({ secret: SECRET });
const servers: HostingServer[] = [];
const staticDirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop(0)));
  for (const dir of staticDirs) rmSync(dir, { recursive: true, force: true });
});

async function relayOn(host: string): Promise<number> {
  const staticDir = mkdtempSync(path.join(tmpdir(), "local-relay-"));
  staticDirs.push(staticDir);
  for (const page of ["preview.html", "taskpane.html"]) writeFileSync(path.join(staticDir, page), "<!doctype html>");
  const hosting = createHostingServer({ upstream: sim.url, staticDir });
  servers.push(hosting);
  const url = await listen(hosting, 0, host);
  return Number(new URL(url).port);
}

const PREVIEW = "http://127.0.0.1:8787";

const preflight = (base: string, origin: string, route = "/v1/market/ebc") =>
  fetch(`${base}${route}`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "PUT",
      "access-control-request-headers": "authorization, content-type, secret-key, x-request-id",
    },
  });

const ebc = (base: string, origin: string) =>
  fetch(`${base}/v1/market/ebc`, {
    method: "POST",
    headers: { origin, "secret-key": SECRET, "content-type": "application/json" },
    body: JSON.stringify({ marketplace: "US", nodeIdPath: "172282" }),
  });

test("reached on loopback, the relay answers a loopback origin's preflight and calls", async () => {
  const base = `http://127.0.0.1:${await relayOn("127.0.0.1")}`;
  for (const origin of [PREVIEW, "http://localhost:3000", "http://[::1]:8787"]) {
    const asked = await preflight(base, origin);
    expect(asked.status).toBe(204);
    expect(asked.headers.get("access-control-allow-origin")).toBe(origin);
    expect(asked.headers.get("access-control-allow-methods")).toMatch(/PUT/);
    expect(asked.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
    expect(asked.headers.get("vary")).toMatch(/origin/i);
  }
  const called = await ebc(base, PREVIEW);
  expect(called.status).toBe(200);
  expect(called.headers.get("access-control-allow-origin")).toBe(PREVIEW);
  expect(called.headers.get("access-control-expose-headers")).toMatch(/retry-after/i);
  // Never kept by a cache, whoever asks: the grant varies by origin, the answer on its credentials.
  expect(called.headers.get("cache-control")).toBe("no-store");
});

test("any other origin, a page of the relay's own files and an admin route get no grant", async () => {
  const base = `http://127.0.0.1:${await relayOn("127.0.0.1")}`;
  for (const origin of ["https://evil.example", "http://127.0.0.1.evil.example:8787", "null"]) {
    expect((await preflight(base, origin)).headers.get("access-control-allow-origin")).toBeNull();
    expect((await ebc(base, origin)).headers.get("access-control-allow-origin")).toBeNull();
  }
  expect((await preflight(base, PREVIEW, "/admin/usage")).headers.get("access-control-allow-origin")).toBeNull();
  const page = await fetch(`${base}/taskpane.html`, { headers: { origin: PREVIEW } });
  expect(page.headers.get("access-control-allow-origin")).toBeNull();
});

const outside = Object.values(networkInterfaces())
  .flat()
  .find((net) => net && net.family === "IPv4" && !net.internal)?.address;

(outside ? test : test.skip)("reached over the network, a relay grants no loopback origin", async () => {
  const port = await relayOn("0.0.0.0");
  const base = `http://${outside}:${port}`;
  expect((await preflight(base, PREVIEW)).headers.get("access-control-allow-origin")).toBeNull();
  expect((await ebc(base, PREVIEW)).headers.get("access-control-allow-origin")).toBeNull();
});

test("the relay's preview page may frame its pane from a blob: page and run its one bootstrap line", async () => {
  const base = `http://127.0.0.1:${await relayOn("127.0.0.1")}`;
  const preview = (await fetch(`${base}/preview.html`)).headers.get("content-security-policy")!;
  const hash = createHash("sha256").update(PREVIEW_PANE_BOOTSTRAP).digest("base64");
  expect(preview).toMatch(/(^|; )frame-src 'self' blob:(;|$)/);
  expect(preview).toContain(`'sha256-${hash}'`);
  // The add-in's own pages keep the strict policy: no blob: frames, no inline script.
  const pane = (await fetch(`${base}/taskpane.html`)).headers.get("content-security-policy")!;
  expect(pane).not.toMatch(/blob:|sha256-/);
});
