/**
 * The container without Docker (no daemon here, nor in CI): the Dockerfile's structure (a build stage with
 * ADDIN_BASE_URL, a slim Node 20 runtime as a non-root user, HEALTHCHECK on /healthz, the command), then the same
 * build and serve commands run directly: a hosting build with no source maps, the bundled server in front of the
 * simulator with the image's environment, its health check passing, a relayed call, a clean SIGTERM.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { useSimulator } from "../support/simulator";

const ROOT = path.resolve(__dirname, "../..");
const run = promisify(execFile);

interface Instruction {
  keyword: string;
  args: string;
}

function parseDockerfile(text: string): Instruction[][] {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: Instruction[][] = [];
  for (const line of lines) {
    const keyword = line.split(/\s+/)[0].toUpperCase();
    const instruction = { keyword, args: line.slice(keyword.length).trim() };
    if (keyword === "FROM") stages.push([instruction]);
    else stages.at(-1)?.push(instruction);
  }
  return stages;
}

const DOCKERFILE = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const [buildStage, runtimeStage, ...extra] = parseDockerfile(DOCKERFILE);
const all = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);
const one = (stage: Instruction[], keyword: string) => all(stage, keyword).at(-1) ?? "";
/** ENV lines (`A=1 B=2`) as a record. */
const envOf = (stage: Instruction[]) =>
  Object.fromEntries(all(stage, "ENV").flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])));

describe("Dockerfile structure", () => {
  it("builds in one stage with ADDIN_BASE_URL and runs on a slim Node 20 image in another", () => {
    expect(extra).toEqual([]);
    expect(one(buildStage, "FROM")).toMatch(/^node:20\S* AS build$/i);
    expect(one(runtimeStage, "FROM")).toMatch(/^node:20\S*-slim AS \w+$/i);
    expect(all(buildStage, "ARG")).toContain("ADDIN_BASE_URL");
    const buildRuns = all(buildStage, "RUN");
    expect(buildRuns).toContain("npm ci");
    expect(buildRuns.some((r) => /ADDIN_BASE_URL="\$ADDIN_BASE_URL".* npm run build$/.test(r))).toBe(true);
    expect(buildRuns).toContain("npm run build:server");
  });

  it("runs as a non-root user, with a health check on /healthz, the port exposed and node as the command", () => {
    const user = one(runtimeStage, "USER");
    expect(user).not.toBe("");
    expect(["root", "0"]).not.toContain(user);
    expect(one(runtimeStage, "HEALTHCHECK")).toMatch(/\/healthz/);
    expect(one(runtimeStage, "EXPOSE")).toBe(envOf(runtimeStage).PORT);
    expect(JSON.parse(one(runtimeStage, "CMD"))).toEqual(["node", "serve.js"]);
    // The runtime has no build tools or sources: only the build's output.
    expect(all(runtimeStage, "RUN")).toEqual([]);
    expect(all(runtimeStage, "COPY").every((c) => c.startsWith("--from=build "))).toBe(true);
  });

  it("keeps local builds, dependencies, VCS data and secrets out of the build context", () => {
    const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split(/\r?\n/);
    for (const entry of ["node_modules", ".git", "dist", ".env", "*.pem"]) expect(ignored).toContain(entry);
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe("the image's commands, without Docker", () => {
  let out: string;
  const SECRET = "image0secret0000000000000000wxyz";
  const sim = useSimulator({ secret: SECRET });
  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), "mad-image-"));
  });
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
  });

  it("builds the hosted add-in and the server, serves them with the image's settings, stops on SIGTERM", async () => {
    const port = await freePort();
    const dist = path.join(out, "dist");
    const serveJs = path.join(out, "serve.js");
    const env = { ...process.env, ADDIN_BASE_URL: `http://127.0.0.1:${port}/`, ADDIN_PROVIDER: "Contoso" };
    await run("npm", ["run", "build", "--", "--output-path", dist], { cwd: ROOT, env, maxBuffer: 1 << 26 });
    await run("npm", ["run", "build:server", "--", `--outfile=${serveJs}`], { cwd: ROOT, maxBuffer: 1 << 24 });

    const files = readdirSync(dist, { recursive: true }).map(String);
    expect(files).toEqual(expect.arrayContaining(["taskpane.html", "functions.js", "functions.json", "manifest.xml"]));
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    for (const file of files.filter((f) => /\.(js|html)$/.test(f)))
      expect(readFileSync(path.join(dist, file), "utf8")).not.toContain("sourceMappingURL");
    expect(readFileSync(path.join(dist, "manifest.xml"), "utf8")).toContain("<ProviderName>Contoso</ProviderName>");
    // The add-in's default service address is its own server.
    expect(readFileSync(path.join(dist, "functions.js"), "utf8")).toContain(`http://127.0.0.1:${port}`);

    const runtimeEnv = {
      ...process.env,
      ...envOf(runtimeStage),
      PORT: String(port),
      HOST: "127.0.0.1",
      MAD_STATIC_DIR: dist,
      MAD_UPSTREAM: sim.url,
    };
    const server = spawn(process.execPath, [serveJs], { cwd: out, env: runtimeEnv });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on("data", () => output.includes('"event":"listening"') && resolve());
        void exited.then((code) => reject(new Error(`server exited ${code}: ${output}`)));
      });
      // The image's own HEALTHCHECK command.
      const check = JSON.parse(one(runtimeStage, "HEALTHCHECK").replace(/^.*?CMD\s+/, "")) as string[];
      expect(check[0]).toBe("node");
      await expect(run(process.execPath, check.slice(1), { env: runtimeEnv })).resolves.toBeDefined();

      const page = await fetch(`http://127.0.0.1:${port}/taskpane.html`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("https://appsforoffice.microsoft.com");
      const reply = await fetch(`http://127.0.0.1:${port}/v1/market/ebc`, {
        method: "POST",
        headers: { "secret-key": SECRET, "content-type": "application/json" },
        body: JSON.stringify({ marketplace: "US", nodeIdPath: "172282" }),
      });
      expect((await reply.json()).code).toBe("OK");
    } finally {
      server.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(output).not.toContain(SECRET);
  }, 600_000);
});
