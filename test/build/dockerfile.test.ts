/**
 * The container without Docker (no daemon here, nor in CI): the Dockerfile's structure (a build stage with
 * ADDIN_BASE_URL, a slim Node 20 runtime as a non-root user, HEALTHCHECK on /healthz, the command). Its build and
 * serve commands run directly in test/browser/hosted.test.ts, on the one hosting build the suite makes (a hosting
 * build with no source maps, the bundled server with the image's environment, its health check, a clean SIGTERM).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { all, DOCKERFILE_STAGES, envOf, one } from "../support/dockerfile";

const ROOT = path.resolve(__dirname, "../..");
const [buildStage, runtimeStage, ...extra] = DOCKERFILE_STAGES;

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
