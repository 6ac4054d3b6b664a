/**
 * The two databases the history runs on, for tests that hold every behaviour to both: the embedded one (PGlite in a
 * temporary MAD_DATA_DIR) and a PostgreSQL server (a database of the file's throwaway cluster, ./postgres.ts).
 *
 * A new embedded database runs PostgreSQL's initdb in WebAssembly, ~6 CPU-s, and its first migrations (tables and a
 * view per operation) ~2 more; a copy of one made before opens in about one. So the first made on this machine is
 * kept as a template in the temporary folder (one as initdb leaves it, per PGlite version; one migrated, per version
 * of the migrations and views), and each test's MAD_DATA_DIR starts as a copy: the relay opens it as it would its own
 * folder after a restart, and finds its migrations applied.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { EMBEDDED_FOLDER, openDatabase, type Database } from "../../../src/server/history/database";
import { MIGRATIONS } from "../../../src/server/history/migrations";
import { viewStatements } from "../../../src/server/history/views";
import { madeOnce } from "./made-once";
import { usePostgres } from "./postgres";

export type DatabaseKind = "embedded" | "server";
export const DATABASE_KINDS: readonly DatabaseKind[] = ["embedded", "server"];

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(path.resolve(__dirname, "../../../node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string }
).version;
const TEMPLATE = path.join(tmpdir(), `mad-pglite-template-${PGLITE_VERSION}`);

/** A fresh PGlite data folder, made once per machine and PGlite version. */
async function template(): Promise<string> {
  await madeOnce(TEMPLATE, path.join(TEMPLATE, "PG_VERSION"), async (making) => {
    await (await PGlite.create(making)).close();
  });
  return TEMPLATE;
}

/** A MAD_DATA_DIR whose database has today's migrations and views applied (made once per their version). */
async function migratedTemplate(): Promise<string> {
  const version = createHash("sha256")
    .update(JSON.stringify([PGLITE_VERSION, MIGRATIONS, viewStatements()]))
    .digest("hex")
    .slice(0, 16);
  const made = `${TEMPLATE}-migrated-${version}`;
  await madeOnce(made, path.join(made, EMBEDDED_FOLDER, "PG_VERSION"), async (making) => {
    cpSync(await template(), path.join(making, EMBEDDED_FOLDER), { recursive: true });
    await (await openDatabase({ dataDir: making })).close();
  });
  return path.join(made, EMBEDDED_FOLDER);
}

/**
 * A new MAD_DATA_DIR (removed by `remove`) holding an embedded database: migrated as a relay leaves it, or
 * (`migrated: false`) as initdb does, for a test of the migrations themselves.
 */
export async function newDataDir(options: { migrated?: boolean } = {}): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "mad-data-"));
  const from = options.migrated === false ? await template() : await migratedTemplate();
  cpSync(from, path.join(dir, EMBEDDED_FOLDER), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDatabases {
  /**
   * The settings that name a new database of this kind: `{dataDir}` (a new folder, migrated unless `fresh`) or `{url}`
   * (a new, empty database).
   */
  settings(kind: DatabaseKind, fresh?: boolean): Promise<{ url?: string; dataDir?: string }>;
  /**
   * A new database of this kind, opened and migrated, closed (and its folder removed) after the test. With `now`
   * (the relay's clock), its migrations run now, on that clock.
   */
  open(kind: DatabaseKind, now?: () => number): Promise<Database>;
  /**
   * A database of this kind, empty and migrated, for a test about what is stored rather than the database's own life
   * (opening, migrating, its folder's lock): a new one on the server; embedded, the file's one, opened at its first
   * use and emptied each time a test takes it (every table but the migrations', identities restarted), as a new one
   * would be. A new embedded database costs a PGlite start, ~1.5 CPU-s; a file's tests take turns in one instead.
   * Closing what it returns (a relay that stops) does nothing to the embedded one, closed after the file; the
   * server's closes after the test.
   */
  reused(kind: DatabaseKind): Promise<Database>;
  readonly postgres: ReturnType<typeof usePostgres>;
}

/** Every table of the history but the migrations' record, emptied as on a new database. */
async function emptied(database: Database): Promise<void> {
  const tables = await database.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'mad_migrations'",
  );
  if (tables.length)
    await database.query(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(", ")} RESTART IDENTITY CASCADE`);
}

/**
 * On a fresh machine the templates are made by the first file that needs them: ~8 CPU-s, over 20 s of wall time while
 * the other workers and Chromium share the cores (a first test timed out so in a fresh clone's CI run). A hook with
 * time of its own makes them, so no test's timeout pays for it; later files find them made.
 */
const TEMPLATES_TIMEOUT_MS = 180_000;

/** Both kinds for a test file: a PostgreSQL cluster for the file, embedded folders per test. */
export function useDatabases(): TestDatabases {
  const postgres = usePostgres();
  beforeAll(() => migratedTemplate(), TEMPLATES_TIMEOUT_MS);
  const settings = async (kind: DatabaseKind, fresh = false) => {
    if (kind === "server") return { url: await postgres.newDatabase() };
    const data = await newDataDir({ migrated: !fresh });
    postgres.closeAfterTest(() => data.remove());
    return { dataDir: data.dir };
  };
  let embedded: { database: Database; remove(): void } | undefined;
  afterAll(async () => {
    await embedded?.database.close();
    embedded?.remove();
    embedded = undefined;
  });
  return {
    postgres,
    settings,
    async open(kind, now) {
      const database = await openDatabase({ ...(await settings(kind, now !== undefined)), now });
      postgres.closeAfterTest(() => database.close());
      return database;
    },
    async reused(kind) {
      if (kind === "server") {
        const database = await openDatabase(await settings(kind));
        postgres.closeAfterTest(() => database.close()); // again, if a relay closed it: nothing more
        return database;
      }
      if (!embedded) {
        const data = await newDataDir();
        embedded = { database: await openDatabase({ dataDir: data.dir }), remove: data.remove };
      }
      await emptied(embedded.database);
      return { ...embedded.database, close: async () => undefined };
    },
  };
}
