/**
 * npm run serve -- [--port 8080] [--host 0.0.0.0] [--upstream URL] [--static dist] [--rate-limit N]
 *                  [--upstream-timeout MS] [--trust-proxy]
 * Environment (for containers): PORT, HOST, MAD_UPSTREAM, MAD_STATIC_DIR, MAD_RATE_LIMIT, MAD_UPSTREAM_TIMEOUT_MS,
 * MAD_TRUST_PROXY=1. Options win over the environment. Stops on SIGTERM/SIGINT after requests in flight (≤ 10 s).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { createHostingServer, DEFAULT_RATE_LIMIT_PER_MINUTE, listen } from "./hosting";
import { DEFAULT_UPSTREAM, DEFAULT_UPSTREAM_TIMEOUT_MS } from "./relay";

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = "0.0.0.0";

function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name}: expected a whole number >= ${min} (got "${text}")`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      upstream: { type: "string" },
      static: { type: "string" },
      "rate-limit": { type: "string" },
      "upstream-timeout": { type: "string" },
      "trust-proxy": { type: "boolean" },
    },
    strict: true,
  });
  const env = process.env;
  const staticDir = values.static ?? env.MAD_STATIC_DIR ?? "dist";
  if (!existsSync(staticDir)) throw new Error(`--static: ${staticDir} does not exist (run a build first)`);
  const upstream = values.upstream ?? env.MAD_UPSTREAM ?? DEFAULT_UPSTREAM;
  const hosting = createHostingServer({
    upstream,
    staticDir,
    rateLimitPerMinute:
      whole("--rate-limit", values["rate-limit"] ?? env.MAD_RATE_LIMIT, 1) ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    upstreamTimeoutMs:
      whole("--upstream-timeout", values["upstream-timeout"] ?? env.MAD_UPSTREAM_TIMEOUT_MS, 1) ??
      DEFAULT_UPSTREAM_TIMEOUT_MS,
    trustProxy: values["trust-proxy"] ?? env.MAD_TRUST_PROXY === "1",
    log: (line) => console.log(line),
  });
  const url = await listen(
    hosting,
    whole("--port", values.port ?? env.PORT, 0) ?? DEFAULT_PORT,
    values.host ?? env.HOST ?? DEFAULT_HOST,
  );
  console.log(
    JSON.stringify({ event: "listening", url, upstream: new URL(upstream).origin, staticDir, pid: process.pid }),
  );
  const shutdown = (signal: string) => {
    console.log(JSON.stringify({ event: "stopping", signal }));
    void hosting.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ event: "failed", error: (error as Error).message }));
  process.exit(1);
});
