/**
 * The database's schema, as numbered migrations applied in order at start and recorded in `mad_migrations`. All of
 * them run in one transaction that first takes a transaction-level advisory lock: replicas starting together queue on
 * it, the first applies what is missing, the others then find it applied. The history views (./views.ts) are
 * (re)created under the same lock, after the tables they read. A migration is never edited once released: a change
 * is a new one.
 */
import { viewStatements } from "./views";

/** What the migrations need of a database (./database.ts's, which runs them as it opens). */
interface Queryable {
  query<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}
interface Transactional {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** The advisory lock of the migrations (one 64-bit key: `mad_migrations` in ASCII, cut to fit). */
const MIGRATIONS_LOCK = "7885934631262017";

export interface Migration {
  readonly version: number;
  readonly name: string;
  /** One statement each (the embedded database's extended protocol takes one at a time). */
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "history snapshots, feeds and a single relay's state",
    statements: [
      `CREATE TABLE mad_snapshots (
        id            bigserial PRIMARY KEY,
        schedule_id   text        NOT NULL,
        schedule_name text        NOT NULL,
        member        text        NOT NULL,
        taken_on      date        NOT NULL,
        taken_at      timestamptz NOT NULL,
        time_zone     text        NOT NULL,
        failures      jsonb       NOT NULL DEFAULT '[]'::jsonb,
        row_count     integer     NOT NULL DEFAULT 0,
        size_bytes    bigint      NOT NULL DEFAULT 0,
        UNIQUE (schedule_id, taken_on)
      )`,
      `CREATE TABLE mad_snapshot_rows (
        snapshot_id bigint  NOT NULL REFERENCES mad_snapshots(id) ON DELETE CASCADE,
        query_index integer NOT NULL,
        row_index   integer NOT NULL,
        operation   text    NOT NULL,
        query       text    NOT NULL,
        record_key  text    NOT NULL,
        fields      jsonb   NOT NULL,
        PRIMARY KEY (snapshot_id, query_index, row_index)
      )`,
      "CREATE INDEX mad_snapshot_rows_operation ON mad_snapshot_rows (operation)",
      `CREATE TABLE mad_feeds (
        id           text        PRIMARY KEY,
        schedule_id  text        NOT NULL,
        token_hash   text        NOT NULL,
        member       text        NOT NULL,
        created_at   timestamptz NOT NULL,
        last_used_at timestamptz
      )`,
      "CREATE INDEX mad_feeds_schedule ON mad_feeds (schedule_id)",
      `CREATE TABLE mad_relay_state (
        kind  text  NOT NULL,
        id    text  NOT NULL,
        value jsonb NOT NULL,
        PRIMARY KEY (kind, id)
      )`,
    ],
  },
];

export interface MigrateOptions {
  /** The relay's clock, for `applied_at`. */
  readonly now: () => number;
  /** The views' statements (default: every operation's). */
  readonly views?: readonly string[];
}

/** Applies the migrations this database lacks and (re)creates the views; resolves with the versions applied now. */
export async function migrate(database: Transactional, options: MigrateOptions): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATIONS_LOCK]);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS mad_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)",
    );
    const applied = await appliedVersions(tx);
    const now: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query("INSERT INTO mad_migrations (version, applied_at) VALUES ($1, $2)", [
        migration.version,
        new Date(options.now()).toISOString(),
      ]);
      now.push(migration.version);
    }
    for (const statement of options.views ?? viewStatements()) await tx.query(statement);
    return now;
  });
}

async function appliedVersions(tx: Queryable): Promise<Set<number>> {
  const rows = await tx.query<{ version: number }>("SELECT version FROM mad_migrations");
  return new Set(rows.map((r) => Number(r.version)));
}
