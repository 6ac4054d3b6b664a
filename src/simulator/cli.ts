/**
 * npm run simulator -- [--port 8787] [--host 127.0.0.1] [--secret-env NAME | --secret <32 chars>] [--latency <ms>]
 *                      [--rate-limit <n>]
 *                      [--quota <n>] [--upstream <url>] [--static <dir>] [--no-static] [--log]
 * `--secret-env NAME` reads the secret from that environment variable (a command line shows in `ps`).
 * Prints the URL and the control endpoint's per-run token once it listens; stops cleanly on SIGINT/SIGTERM. The secret is printed only when it is the demo one.
 */
import { parseArgs } from "node:util";
import { DEMO_SECRET } from "./handler";
import { DEFAULT_HOST, DEFAULT_PORT, startSimulator } from "./server";

function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name}: expected a whole number >= ${min} (got "${text}")`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      secret: { type: "string" },
      "secret-env": { type: "string" },
      latency: { type: "string" },
      "rate-limit": { type: "string" },
      quota: { type: "string" },
      upstream: { type: "string" },
      static: { type: "string" },
      "no-static": { type: "boolean" },
      log: { type: "boolean" },
    },
    strict: true,
  });
  const secretEnv = values["secret-env"];
  if (secretEnv !== undefined && !process.env[secretEnv])
    throw new Error(`--secret-env: the environment variable ${secretEnv} is not set`);
  const secret =
    (secretEnv !== undefined ? process.env[secretEnv] : undefined) ??
    values.secret ??
    process.env.MAD_SIMULATOR_SECRET ??
    DEMO_SECRET;
  const sim = await startSimulator({
    port: whole("port", values.port, 0) ?? DEFAULT_PORT,
    host: values.host ?? DEFAULT_HOST,
    secret,
    latencyMs: whole("latency", values.latency, 0),
    rateLimitPerMinute: whole("rate-limit", values["rate-limit"], 1),
    monthlyQuota: whole("quota", values.quota, 0),
    upstream: values.upstream,
    staticDir: values["no-static"] ? false : values.static,
    log: values.log ? (line) => console.log(line) : undefined,
  });
  console.log(`Simulator listening on ${sim.url}`);
  if (values.upstream)
    console.log(
      `Relaying the catalog operations to ${new URL(values.upstream).origin} (the caller's secret-key is passed through)`,
    );
  else {
    // Never print a key, not even the demo one (it is in the README): a log line is no place for credentials.
    const keyNote =
      secret === DEMO_SECRET
        ? "the README's demo secret-key"
        : secretEnv !== undefined
          ? `the secret-key in $${secretEnv}`
          : "the secret-key given with --secret";
    console.log(`Accepting ${keyNote}`);
    console.log(`Control endpoint /__sim/* token (header x-sim-token): ${sim.controlToken}`);
  }

  const shutdown = () => {
    void sim.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(`simulator: ${(error as Error).message}`);
  process.exit(1);
});
