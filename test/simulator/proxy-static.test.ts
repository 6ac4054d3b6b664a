/** Proxy mode (forwarding /v1/* with the caller's secret, logging nothing secret) and static files without traversal. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunningSimulator } from "../../src/simulator";
import { post, start } from "./helpers";

const UPSTREAM_SECRET = "live5ecret0000000000000000000042";

describe("proxy mode", () => {
  let upstream: RunningSimulator;
  let proxy: RunningSimulator;
  const lines: string[] = [];
  const consoleOutput: string[] = [];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    upstream = await start({ secret: UPSTREAM_SECRET });
    proxy = await start({ upstream: upstream.url, log: (line) => lines.push(line) });
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      spies.push(
        jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleOutput.push(args.join(" "))),
      );
    }
  });
  afterAll(async () => {
    spies.forEach((s) => s.mockRestore());
    await proxy.stop();
    await upstream.stop();
  });

  test("forwards /v1/* with the caller's secret-key and returns the upstream's answer", async () => {
    const body = { marketplace: "US", keyword: "phone stand", size: 5 };
    const direct = await post(upstream.url, "/v1/product/competitor-lookup", body, { "secret-key": UPSTREAM_SECRET });
    const viaProxy = await post(proxy.url, "/v1/product/competitor-lookup", body, {
      "secret-key": UPSTREAM_SECRET,
      "x-request-id": "abc-1",
    });
    expect(viaProxy.body.code).toBe("OK");
    expect(viaProxy.text).toBe(direct.text);
    expect(viaProxy.headers.get("x-request-id")).toBe("abc-1");
    expect(upstream.stats().byOperation.competitor_lookup).toBe(2);
  });

  test("the upstream decides on the secret: a wrong one is refused there", async () => {
    const reply = await post(
      proxy.url,
      "/v1/product/research",
      { marketplace: "US" },
      { "secret-key": "not-the-right-one-000000000000000" },
    );
    expect(reply.body.code).toBe("ERROR_SECRET_KEY");
    const visits = await fetch(`${proxy.url}/v1/visits`, { headers: { "secret-key": UPSTREAM_SECRET } });
    expect((await visits.json()).code).toBe("OK");
  });

  test("nothing logged or answered contains the secret", async () => {
    expect(lines.length).toBeGreaterThan(0);
    const everything = [...lines, ...consoleOutput, JSON.stringify(proxy.stats())].join("\n");
    expect(everything).not.toContain(UPSTREAM_SECRET);
  });

  test("an unreachable upstream gives 502 with an envelope, not a hang", async () => {
    const dead = await start();
    const deadUrl = dead.url;
    await dead.stop();
    const orphan = await start({ upstream: deadUrl });
    try {
      const reply = await post(
        orphan.url,
        "/v1/product/research",
        { marketplace: "US" },
        { "secret-key": UPSTREAM_SECRET },
      );
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({
        code: "ERROR_SERVER_INTERNAL",
        message: expect.stringMatching(/upstream unreachable/),
        data: { problem: "upstream-unreachable", reason: expect.any(String) },
      });
      expect(reply.text).not.toContain(UPSTREAM_SECRET);
    } finally {
      await orphan.stop();
    }
  });
});

describe("static files", () => {
  const root = mkdtempSync(path.join(tmpdir(), "sim-static-"));
  const site = path.join(root, "site");
  mkdirSync(site);
  writeFileSync(path.join(site, "index.html"), "<!doctype html><title>add-in</title>");
  writeFileSync(path.join(site, "taskpane.js"), "console.log('pane')");
  writeFileSync(path.join(site, "style.css"), "body{}");
  writeFileSync(path.join(site, "builder.8fef2c75.js"), "console.log('chunk')");
  writeFileSync(path.join(root, "secret.txt"), "TOP-SECRET-CONTENT");
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await start({ staticDir: site });
  });
  afterAll(async () => {
    await sim.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** A raw GET, so the path is sent exactly as written (fetch would normalize `..`). */
  const rawGet = (p: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request(`${sim.url}${p}`, { path: p }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on("error", reject)
        .end();
    });

  test("serves files with their content types, the API alongside", async () => {
    const index = await fetch(`${sim.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/text\/html/);
    expect((await fetch(`${sim.url}/taskpane.js`)).headers.get("content-type")).toMatch(/javascript/);
    expect((await fetch(`${sim.url}/style.css`)).headers.get("content-type")).toMatch(/text\/css/);
    expect((await post(sim.url, "/v1/market/ebc", { marketplace: "US", nodeIdPath: "172282" })).body.code).toBe("OK");
    expect((await fetch(`${sim.url}/missing.js`)).status).toBe(404);
  });

  test("a rebuild is picked up on reload: entry files are revalidated, content-hashed chunks kept for a year", async () => {
    for (const file of ["", "taskpane.js", "style.css"])
      expect((await fetch(`${sim.url}/${file}`)).headers.get("cache-control")).toBe("no-cache");
    const chunk = await fetch(`${sim.url}/builder.8fef2c75.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test.each(["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt"])(
    "refuses traversal %s",
    async (p) => {
      const res = await rawGet(p);
      expect(res.status).not.toBe(200);
      expect(res.body).not.toContain("TOP-SECRET-CONTENT");
    },
  );
});
