/**
 * `npm run serve`: the add-in's files, the relay to the service and, with --team, the team relay (USAGE below;
 * `npm run serve -- --help`). Stops on SIGTERM/SIGINT after requests in flight (≤ 10 s).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_CONNECTION_LIMITS } from "./connections";
import { createHostingServer, DEFAULT_RATE_LIMIT_PER_MINUTE, listen, type HostingOptions } from "./hosting";
import { developmentBuildSigns } from "./hosted-build";
import { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_UPSTREAM, DEFAULT_UPSTREAM_TIMEOUT_MS } from "./relay";
import { sourceList } from "./security-headers";
import { startTeamMode, teamSettingsFromEnv } from "./team/setup";
import { fromEnv, whole } from "./whole";

const USAGE = `usage: npm run serve -- [--port 8080] [--host 0.0.0.0] [--upstream URL] [--static dist] [--rate-limit N]
                      [--upstream-timeout MS] [--max-answer-bytes N] [--trust-proxy] [--max-connections-per-address N]
                      [--csp POLICY] [--csp-report-only] [--frame-ancestors "https://a https://*.b"]
                      [--allow-development-build] [--team]
Environment (for containers): PORT, HOST, MAD_UPSTREAM, MAD_STATIC_DIR, MAD_RATE_LIMIT, MAD_UPSTREAM_TIMEOUT_MS,
MAD_MAX_ANSWER_BYTES, MAD_TRUST_PROXY=1, MAD_MAX_CONNECTIONS_PER_ADDRESS, MAD_CSP, MAD_CSP_REPORT_ONLY=1,
MAD_FRAME_ANCESTORS, MAD_ALLOW_DEVELOPMENT_BUILD=1, MAD_TEAM=1 (with MAD_KEYS_FILE, REDIS_URL, DATABASE_URL or
MAD_DATA_DIR, MAD_HISTORY_DAYS: docs/deploy.md). A database that cannot be reached at start stops the server (exit 1).
Options win over the environment.
`;

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = "0.0.0.0";

function readArguments() {
  return parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      upstream: { type: "string" },
      static: { type: "string" },
      "rate-limit": { type: "string" },
      "upstream-timeout": { type: "string" },
      "max-answer-bytes": { type: "string" },
      "trust-proxy": { type: "boolean" },
      "max-connections-per-address": { type: "string" },
      csp: { type: "string" },
      "csp-report-only": { type: "boolean" },
      "frame-ancestors": { type: "string" },
      "allow-development-build": { type: "boolean" },
      team: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }).values;
}
type Values = ReturnType<typeof readArguments>;

/** The static directory, refused when it is missing or not a hosted build (unless told to serve it anyway). */
function checkedStaticDir(values: Values, env: NodeJS.ProcessEnv, log: (line: string) => void): string {
  const staticDir = values.static ?? env.MAD_STATIC_DIR ?? "dist";
  if (!existsSync(staticDir)) throw new Error(`--static: ${staticDir} does not exist (run a build first)`);
  const signs = developmentBuildSigns(staticDir);
  if (signs.length) {
    const what = `${staticDir} is not a hosted build: ${signs.join(", ")}`;
    if (!(values["allow-development-build"] ?? env.MAD_ALLOW_DEVELOPMENT_BUILD === "1"))
      throw new Error(
        `${what}. Build it for its address (ADDIN_BASE_URL=https://<host>/ npm run build), or pass --allow-development-build to serve it anyway (never on a public address).`,
      );
    log(JSON.stringify({ event: "warning", message: `${what}; served because --allow-development-build is set` }));
  }
  return staticDir;
}

/** The hosting server's options from the command line and the environment (options win). */
function hostingOptions(
  values: Values,
  env: NodeJS.ProcessEnv,
): Omit<HostingOptions, "staticDir" | "team" | "log"> & { upstreamTimeoutMs: number; maxAnswerBytes: number } {
  const frameAncestors = values["frame-ancestors"] ?? env.MAD_FRAME_ANCESTORS;
  return {
    upstream: values.upstream ?? env.MAD_UPSTREAM ?? DEFAULT_UPSTREAM,
    upstreamTimeoutMs:
      whole("--upstream-timeout", values["upstream-timeout"] ?? fromEnv(env.MAD_UPSTREAM_TIMEOUT_MS), 1) ??
      DEFAULT_UPSTREAM_TIMEOUT_MS,
    maxAnswerBytes:
      whole("--max-answer-bytes", values["max-answer-bytes"] ?? fromEnv(env.MAD_MAX_ANSWER_BYTES), 1) ??
      DEFAULT_MAX_ANSWER_BYTES,
    rateLimitPerMinute:
      whole("--rate-limit", values["rate-limit"] ?? fromEnv(env.MAD_RATE_LIMIT), 1) ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    trustProxy: values["trust-proxy"] ?? env.MAD_TRUST_PROXY === "1",
    csp: {
      policy: values.csp ?? env.MAD_CSP,
      reportOnly: values["csp-report-only"] ?? env.MAD_CSP_REPORT_ONLY === "1",
      frameAncestors: frameAncestors === undefined ? undefined : sourceList(frameAncestors),
    },
    connections: {
      perAddress:
        whole(
          "--max-connections-per-address",
          values["max-connections-per-address"] ?? fromEnv(env.MAD_MAX_CONNECTIONS_PER_ADDRESS),
          1,
        ) ?? DEFAULT_CONNECTION_LIMITS.perAddress,
    },
  };
}

async function main(): Promise<void> {
  const values = readArguments();
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const env = process.env;
  const log = (line: string) => console.log(line);
  const staticDir = checkedStaticDir(values, env, log);
  const options = hostingOptions(values, env);
  const { upstream, upstreamTimeoutMs, maxAnswerBytes } = options;
  const team =
    (values.team ?? env.MAD_TEAM === "1")
      ? await startTeamMode({ ...teamSettingsFromEnv(env), upstream, upstreamTimeoutMs, maxAnswerBytes, log })
      : undefined;
  const hosting = createHostingServer({ ...options, staticDir, team, log });
  const url = await listen(
    hosting,
    whole("--port", values.port ?? fromEnv(env.PORT), 0) ?? DEFAULT_PORT,
    values.host ?? env.HOST ?? DEFAULT_HOST,
  );
  log(
    JSON.stringify({
      event: "listening",
      url,
      upstream: new URL(upstream).origin,
      staticDir,
      team: team ? team.describe : false,
      pid: process.pid,
    }),
  );
  const shutdown = (signal: string) => {
    log(JSON.stringify({ event: "stopping", signal }));
    void hosting.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ event: "failed", error: (error as Error).message }));
  process.exit(1);
});
