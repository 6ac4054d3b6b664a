/**
 * A real PostgreSQL server for the history's tests: Debian's `postgresql` (`apt-get install -y postgresql`; .ci/run
 * installs it), a throwaway cluster made with `initdb` in a temporary folder and started with `pg_ctl` on a free
 * loopback port (trust authentication, listening on 127.0.0.1 only; no fsync, as nothing outlives the test, but each
 * commit kept when the server is killed, as a crash test needs), stopped and removed by the test. PostgreSQL refuses
 * to run as root: as root its commands run as the `postgres` user (`runuser`), who is given the folder. Each test file
 * starts its own cluster; tests inside a file keep apart by database (`newDatabase`). The cluster is a copy of one
 * initdb made once per machine and PostgreSQL version (`cp -a`, 0.1 CPU-s against initdb's 1).
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { freePort } from "../../support/ports";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { madeOnce } from "./made-once";

export interface RunningPostgres {
  /** The cluster's `postgres` database (an admin's connection). */
  readonly url: string;
  readonly port: number;
  /** A new, empty database of the cluster, and its URL (what DATABASE_URL would say). */
  newDatabase(): Promise<string>;
  /** Stops the server at once (as a crash would): connections break, the next ones are refused. */
  kill(): void;
  /** Starts it again after `kill`, on the same port and data. */
  restart(): void;
  stop(): void;
}

const ROOT_BIN = "/usr/lib/postgresql";

/** The newest Debian PostgreSQL's binaries, or PG_BIN. */
function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync(ROOT_BIN)
    ? readdirSync(ROOT_BIN)
        .filter((v) => existsSync(path.join(ROOT_BIN, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(
      `no PostgreSQL under ${ROOT_BIN}: the history's tests need a real PostgreSQL (apt-get install -y postgresql; .ci/run does), or PG_BIN`,
    );
  return path.join(ROOT_BIN, versions[0], "bin");
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** A program run as the `postgres` user when this process is root; its output. */
function runAsPostgres(program: string, args: readonly string[], options: SpawnSyncOptions = {}): string {
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, [...args]];
  const done = spawnSync(file, argv, { encoding: "utf8", ...options });
  if (done.error || done.status !== 0)
    throw new Error(
      `${path.basename(program)} ${args.join(" ")}: ${done.error?.message ?? ""}${done.stderr ?? ""}${done.stdout ?? ""}`,
    );
  return String(done.stdout);
}

/** A PostgreSQL command (see runAsPostgres). */
function pgCommand(bin: string, command: string, args: readonly string[], options: SpawnSyncOptions = {}): string {
  return runAsPostgres(path.join(bin, command), args, options);
}

/** Gives a folder to the `postgres` user when this process is root (PostgreSQL's own files must be its). */
function giveToPostgres(dir: string): void {
  if (!asRoot) return;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  chownSync(dir, id("-u"), id("-g"));
}

const INITDB_ARGS = ["-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"];

/** A data folder as initdb leaves it, made once per machine and PostgreSQL build (nothing of a test's is in it). */
async function templateCluster(bin: string): Promise<string> {
  const build = pgCommand(bin, "initdb", ["--version"]);
  const version = createHash("sha256")
    .update(JSON.stringify([bin, build, INITDB_ARGS]))
    .digest("hex")
    .slice(0, 16);
  const template = path.join(tmpdir(), `mad-postgres-template-${version}`);
  await madeOnce(template, path.join(template, "PG_VERSION"), async (making) => {
    giveToPostgres(making);
    pgCommand(bin, "initdb", ["-D", making, ...INITDB_ARGS]);
  });
  return template;
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), "mad-postgres-"));
  giveToPostgres(dir);
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const port = await freePort();
  // The copy is the `postgres` user's own, its modes kept (PostgreSQL checks both).
  runAsPostgres("cp", ["-a", await templateCluster(bin), data]);
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = () => {
    try {
      pgCommand(bin, "pg_ctl", ["-D", data, "-l", log, "-o", settings, "-w", "-t", "60", "start"]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${existsSync(log) ? readFileSync(log, "utf8") : ""}`);
    }
  };
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  const stopServer = (mode: "immediate" | "fast") => {
    try {
      pgCommand(bin, "pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
    } catch {
      // Already stopped.
    }
  };
  return {
    url,
    port,
    async newDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    kill: () => stopServer("immediate"),
    restart: start,
    stop() {
      stopServer("immediate");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL cluster for a test file, started before its tests and stopped after them (as `useRedis` does), and
 * what each test opened on it (databases, relays), closed after that test in reverse order.
 */
export function usePostgres(): RunningPostgres & { closeAfterTest(close: () => unknown): void } {
  let running: RunningPostgres | undefined;
  const closes: (() => unknown)[] = [];
  const server = () => {
    if (!running) throw new Error("PostgreSQL starts in beforeAll: use it inside a test or a hook");
    return running;
  };
  beforeAll(async () => {
    running = await startPostgres();
  }, 60_000);
  afterEach(async () => {
    for (const close of closes.splice(0).reverse()) await close();
  });
  afterAll(() => {
    running?.stop();
    running = undefined;
  });
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    newDatabase: () => server().newDatabase(),
    kill: () => server().kill(),
    restart: () => server().restart(),
    stop: () => server().stop(),
    closeAfterTest: (close) => void closes.push(close),
  };
}
