/**
 * A real redis-server for the team relay's tests: Debian's `redis-server` (`apt-get install -y redis-server`;
 * .ci/run installs it), started on a free loopback port with no persistence, and stopped by the test. Each test
 * file starts its own; tests inside a file keep apart by key prefix.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "../../support/ports";
import { Redis } from "ioredis";

export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  /** redis-cli against this server (e.g. `INFO`). */
  cli(...args: string[]): string;
  /**
   * Stops the server's process (SIGSTOP): connections stay open and nothing is answered, a Redis that hangs. Unlike
   * `CLIENT PAUSE ALL`, which also holds the `CLIENT UNPAUSE` of a new connection, `thaw` ends it at once.
   */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER_PATH ?? "redis-server";

/**
 * A redis-server for a test file, started before its tests and stopped after them (as `useSimulator` does for the
 * simulator), and what each test opened on it (stores, servers), closed after that test in reverse order.
 */
export function useRedis(): RunningRedis & { closeAfterTest(close: () => unknown): void } {
  let running: RunningRedis | undefined;
  const closes: (() => unknown)[] = [];
  const server = () => {
    if (!running) throw new Error("Redis starts in beforeAll: use it inside a test or a hook");
    return running;
  };
  beforeAll(async () => {
    running = await startRedis();
  }, 30_000);
  afterEach(async () => {
    for (const close of closes.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    cli: (...args) => server().cli(...args),
    freeze: () => server().freeze(),
    thaw: () => server().thaw(),
    stop: () => server().stop(),
    closeAfterTest: (close) => void closes.push(close),
  };
}

/** `extra`: more redis-server arguments (`--requirepass X`). */
export async function startRedis(extra: readonly string[] = []): Promise<RunningRedis> {
  if (spawnSync(BINARY, ["--version"]).error)
    throw new Error(
      `${BINARY} not found: the team relay's tests need a real Redis (apt-get install -y redis-server; .ci/run does), or REDIS_SERVER_PATH`,
    );
  const port = await freePort();
  const child: ChildProcess = spawn(
    BINARY,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
      ...extra,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    cli: (...args) => spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" }).stdout.trim(),
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    async stop() {
      if (child.exitCode === null) child.kill("SIGCONT");
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Every key under `prefix` with everything it holds, as one text: to look for what must never be stored. */
export async function everythingStored(url: string, prefix: string): Promise<string> {
  const redis = new Redis(url);
  try {
    const parts: string[] = [];
    for (const key of await redis.keys(`${prefix}*`)) {
      const type = await redis.type(key);
      const value =
        type === "string"
          ? await redis.get(key)
          : type === "hash"
            ? await redis.hgetall(key)
            : type === "list"
              ? await redis.lrange(key, 0, -1)
              : type === "set"
                ? await redis.smembers(key)
                : type === "zset"
                  ? await redis.zrange(key, "0", "-1", "WITHSCORES")
                  : `(${type})`;
      parts.push(key, JSON.stringify(value));
    }
    return parts.join("\n");
  } finally {
    redis.disconnect();
  }
}
