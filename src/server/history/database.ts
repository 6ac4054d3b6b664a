/**
 * The relay's database: PostgreSQL, either a server (`DATABASE_URL`, through a `pg` pool; replicas share it) or
 * embedded in this process (PGlite, PostgreSQL compiled to WebAssembly, persisted in `MAD_DATA_DIR`). Both speak one
 * SQL dialect, so every statement of the history layer runs unchanged on either, and a team outgrowing one relay
 * moves its data with pg_dump. The migrations (./migrations.ts) run when it opens.
 *
 * `stream` reads a large answer in batches through a cursor, never the whole result in memory. On a server it holds
 * one pooled connection in a read-only transaction while the cursor is read. The embedded database has one session
 * for the whole process: a transaction held open while a slow reader drains its cursor would stop every other query
 * (the scheduler's writes), so its cursor is declared WITH HOLD in a read-only transaction that ends at once (the
 * result is kept by PostgreSQL, spilling to disk past work_mem), and each FETCH is a step of its own between others.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { DataDirInUse, lockDataDir } from "./data-dir-lock";
import { migrate } from "./migrations";

export interface Queryable {
  query<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface Database extends Queryable {
  readonly kind: "embedded" | "server";
  /** Where the data lives, for logs and answers (never a password). */
  readonly describe: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The rows of `sql` in batches of `batchRows`, read through a cursor; stop early by leaving the loop. */
  stream<R>(sql: string, params?: readonly unknown[], batchRows?: number): AsyncIterable<R[]>;
  /** Closes it (again: nothing more). */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `DATABASE_URL`: a PostgreSQL server (`postgres://user:password@host:5432/db`). */
  readonly url?: string;
  /** `MAD_DATA_DIR`: the embedded database's folder, when no URL is given (default DEFAULT_DATA_DIR). */
  readonly dataDir?: string;
  /** The relay's clock, for the migrations' `applied_at` (default: the system's). */
  readonly now?: () => number;
  /** The views' statements run after the migrations (default: every operation's view, ./views.ts). */
  readonly views?: readonly string[];
}

const DEFAULT_DATA_DIR = "./mad-data";
/** The embedded PostgreSQL's own folder inside MAD_DATA_DIR (the lock file lies beside it). */
export const EMBEDDED_FOLDER = "postgres";
const DEFAULT_BATCH_ROWS = 1_000;

/** A database that could not be reached or opened: the message names the setting and what failed. */
export class DatabaseUnavailable extends Error {}

/** The server's address without its user and password: `postgresql at db.example.com:5432/mad`. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgresql at ${parsed.hostname || "localhost"}:${parsed.port || 5432}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
  } catch {
    return "postgresql (unparsable DATABASE_URL)";
  }
}

/** Opens the database the options name, migrated; throws DatabaseUnavailable naming the setting and what failed. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const database = options.url
    ? await openServer(options.url)
    : await openEmbedded(options.dataDir ?? DEFAULT_DATA_DIR);
  const setting = options.url ? "DATABASE_URL" : "MAD_DATA_DIR";
  try {
    await migrate(database, { now: options.now ?? Date.now, views: options.views });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new DatabaseUnavailable(
      `${setting} (${database.describe}): the migrations failed: ${(error as Error).message}`,
    );
  }
  return database;
}

const READ_ONLY_CURSOR = (name: string, sql: string, hold: boolean) =>
  `DECLARE ${name} NO SCROLL CURSOR${hold ? " WITH HOLD" : ""} FOR ${sql}`;

let cursors = 0;
const cursorName = () => `mad_cursor_${++cursors}`;

async function openServer(url: string): Promise<Database> {
  const describe = describeDatabaseUrl(url);
  const { Pool } = (await import("pg")).default;
  const pool: Pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped: the pool replaces it; the next query says what is wrong, if anything.
  pool.on("error", () => undefined);
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailable(`DATABASE_URL (${describe}): ${(error as Error).message || String(error)}`);
  }
  let ended: Promise<void> | undefined;
  const on = (client: Pool | PoolClient): Queryable => ({
    query: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as R[],
  });
  return {
    kind: "server",
    describe,
    query: <R>(sql: string, params?: readonly unknown[]) => onceMore(() => on(pool).query<R>(sql, params)),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await begun(pool, "BEGIN");
      try {
        const result = await work(on(client));
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        const rolledBack = await client.query("ROLLBACK").then(
          () => true,
          () => false,
        );
        client.release(rolledBack ? undefined : (error as Error));
        throw error;
      }
    },
    stream: <R>(sql: string, params: readonly unknown[] = [], batchRows = DEFAULT_BATCH_ROWS) =>
      serverStream<R>(pool, sql, params, batchRows),
    close: () => (ended ??= pool.end()),
  };
}

/**
 * Whether an error is the connection's rather than the statement's: a connection the server dropped while it sat in
 * the pool (the server restarted, a proxy timed it out) fails its next statement this way, once.
 */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith("08") || code.startsWith("57P");
}

/** Runs `step`, and once more if its connection was lost (the pool then opens a new one). */
async function onceMore<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!connectionLost(error)) throw error;
    return step();
  }
}

/** A pooled connection with its transaction begun: a connection found dropped is let go and another taken, once. */
function begun(pool: Pool, begin: string): Promise<PoolClient> {
  return onceMore(async () => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      return client;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  });
}

async function* serverStream<R>(pool: Pool, sql: string, params: readonly unknown[], batchRows: number) {
  const client = await begun(pool, "BEGIN READ ONLY");
  const name = cursorName();
  let done = false;
  try {
    await client.query(READ_ONLY_CURSOR(name, sql, false), params as unknown[]);
    for (;;) {
      const { rows } = await client.query(`FETCH ${batchRows} FROM ${name}`);
      if (rows.length) yield rows as R[];
      if (rows.length < batchRows) break;
    }
    await client.query("COMMIT");
    done = true;
  } finally {
    // Left early (the reader stopped) or failed: the transaction ends with its cursor.
    const ended =
      done ||
      (await client.query("ROLLBACK").then(
        () => true,
        () => false,
      ));
    client.release(ended ? undefined : new Error("the connection did not end its transaction"));
  }
}

/**
 * PostgreSQL's page cache inside the embedded database. Its default, 128 MB, is zeroed at every start and held for the
 * process's life; the embedded database has one connection and the operating system caches its files too. At 32 MB a
 * relay's start costs 0.44 CPU-s instead of 0.78 and its process holds ~110 MB less (measured: RSS 226 MB against 313
 * after an open).
 */
const EMBEDDED_SHARED_BUFFERS = "32MB";

async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  const describe = `embedded PostgreSQL (PGlite) in ${dir}`;
  let unlock: () => void;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    unlock = lockDataDir(dir, "MAD_DATA_DIR");
  } catch (error) {
    if (error instanceof DataDirInUse) throw new DatabaseUnavailable(error.message);
    throw new DatabaseUnavailable(`MAD_DATA_DIR (${dir}): cannot use the folder: ${(error as Error).message}`);
  }
  let db: PGlite;
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    db = await PGlite.create(path.join(dir, EMBEDDED_FOLDER), {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
  } catch (error) {
    unlock();
    throw new DatabaseUnavailable(
      `MAD_DATA_DIR (${dir}): the embedded database did not open: ${(error as Error).message}`,
    );
  }
  const on = (client: PGlite | Transaction): Queryable => ({
    query: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await client.query<R>(sql, params as unknown[])).rows,
  });
  return {
    kind: "embedded",
    describe,
    ...on(db),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(on(tx))),
    stream: <R>(sql: string, params: readonly unknown[] = [], batchRows = DEFAULT_BATCH_ROWS) =>
      embeddedStream<R>(db, sql, params, batchRows),
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        unlock();
      }
    },
  };
}

async function* embeddedStream<R>(db: PGlite, sql: string, params: readonly unknown[], batchRows: number) {
  const name = cursorName();
  await db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION READ ONLY");
    await tx.query(READ_ONLY_CURSOR(name, sql, true), params as unknown[]);
  });
  try {
    for (;;) {
      const { rows } = await db.query<R>(`FETCH ${batchRows} FROM ${name}`);
      if (rows.length) yield rows;
      if (rows.length < batchRows) break;
    }
  } finally {
    await db.query(`CLOSE ${name}`).catch(() => undefined);
  }
}
