/**
 * The SQL views BI tools read, `history_<operation code>`, on the embedded database and on a real PostgreSQL
 * server: one per operation of the catalog, each selecting with the five leading columns and one column per record
 * field, typed (numeric, date, timestamptz, boolean, text) and holding the stored cell's value; an odd value (text
 * in a number column, a day that does not exist) reads as NULL instead of failing the whole query; a view is
 * replaced only when its definition changed, and a read-only role's grant survives its replacement.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { parseResult } from "../../src/api/parse";
import type { Database } from "../../src/server/history/database";
import { snapshotRows } from "../../src/server/history/snapshot-rows";
import { HistoryStore, type SnapshotQuery } from "../../src/server/history/snapshots";
import { viewColumnType, viewName, viewStatements, type ViewColumnType } from "../../src/server/history/views";
import { simulate } from "../../src/simulator/data/respond";
import { recordColumns, type Column } from "../../src/table/columns";
import { exampleRequests } from "../support/example-requests";
import { DATABASE_KINDS, useDatabases } from "./support/databases";

const databases = useDatabases();

/** docs/deploy.md's read-only role for BI tools, run as written (its name and database made the test's own). */
async function readOnlyRole(database: Database): Promise<void> {
  const docs = readFileSync(path.resolve(__dirname, "../../docs/deploy.md"), "utf8");
  const block = /```sql\n(CREATE ROLE mad_reader [\s\S]*?)```/.exec(docs)?.[1];
  if (!block) throw new Error("docs/deploy.md has no ```sql block that starts with CREATE ROLE mad_reader");
  const [{ name }] = await database.query<{ name: string }>("SELECT current_database() AS name");
  const sql = block.replaceAll("mad_reader", "mad_reader_test").replace("DATABASE mad ", `DATABASE ${name} `);
  // One statement at a time; the DO block (dollar-quoted) is one.
  const statements = sql
    .replace(/--[^\n]*/g, "")
    .split(/(DO \$\$[\s\S]*?\$\$;)|;\s*\n/)
    .map((statement) => statement?.trim().replace(/;$/, ""))
    .filter((statement): statement is string => Boolean(statement));
  for (const statement of statements) await database.query(statement);
}
const NOW = new Date("2025-08-06T10:00:00Z");
const REQUESTS = exampleRequests(NOW) as Record<string, Record<string, unknown>>;

const SQL_TYPES: Readonly<Record<ViewColumnType, string>> = {
  numeric: "numeric",
  date: "date",
  timestamptz: "timestamp with time zone",
  boolean: "boolean",
  text: "text",
};

/** The simulator's answer to the operation's typical request, as records. */
function recordsOf(op: AnyOperation): unknown[] {
  const data = simulate(op, { code: op.code, params: REQUESTS[op.code], now: NOW.getTime() });
  return parseResult(op.code, { code: "OK", message: "OK", data }, "views-test").rows as unknown[];
}

/** The record with the most fields filled: the row each view is checked with. */
function fullestRow(op: AnyOperation) {
  const rows = snapshotRows(op.code, recordsOf(op));
  const filled = (fields: Record<string, unknown>) => Object.values(fields).filter((v) => v !== null).length;
  return rows.reduce((best, row) => (filled(row.fields) > filled(best.fields) ? row : best));
}

/** A value of the wrong shape for the column's type: what must read as NULL, not fail. */
const ODD: Readonly<Record<ViewColumnType, unknown>> = {
  numeric: "n/a",
  date: "2024-02-30",
  timestamptz: "2024-13-01 10:00",
  boolean: "yes",
  text: { nested: true },
};

/** What a column's value reads as in the view (as text), from the stored cell. */
function expectedText(column: Column, stored: unknown): string | null {
  if (stored === null || stored === undefined) return null;
  switch (viewColumnType(column)) {
    case "numeric":
      return typeof stored === "number" ? String(stored) : null;
    case "date":
      return typeof stored === "string" && /^\d{4}-\d{2}-\d{2}$/.test(stored) ? stored : null;
    case "timestamptz":
      return typeof stored === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(stored) ? stored : null;
    case "boolean":
      return typeof stored === "boolean" ? String(stored) : null;
    case "text":
      return typeof stored === "object" ? JSON.stringify(stored) : String(stored);
  }
}

/** Each column of a view as text: numbers normalised, moments in UTC as cells write them. */
function asTextSql(column: Column): string {
  const name = `"${column.name}"`;
  switch (viewColumnType(column)) {
    case "numeric":
      return `(${name})::float8::text`;
    case "timestamptz":
      return `to_char(${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI')`;
    default:
      return `(${name})::text`;
  }
}

async function storeEveryOperation(database: Database): Promise<void> {
  const queries: SnapshotQuery[] = OPERATIONS.flatMap((op, i) => {
    const odd = Object.fromEntries(recordColumns(op).map((c) => [c.name, ODD[viewColumnType(c)]]));
    return [
      { index: 2 * i, operation: op.code, query: "=normal", rows: [fullestRow(op)] },
      { index: 2 * i + 1, operation: op.code, query: "=odd", rows: [{ key: "odd", fields: odd }] },
    ];
  });
  await new HistoryStore(database).write({
    scheduleId: "views-0001",
    scheduleName: "Every operation",
    member: "alice",
    takenOn: "2025-08-06",
    takenAt: NOW.getTime(),
    timeZone: "Europe/Berlin",
    queries,
    failures: [],
  });
}

describe.each(DATABASE_KINDS)("the history views on the %s database", (kind) => {
  test("one view per operation, typed by field, holding each stored cell; odd values read as NULL", async () => {
    const database = await databases.reused(kind);
    await storeEveryOperation(database);
    let typedValues = 0;
    for (const op of OPERATIONS) {
      const view = viewName(op.code);
      const columns = recordColumns(op);
      const types = await database.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
        [view],
      );
      expect({ view, types: types.map((t) => `${t.column_name} ${t.data_type}`) }).toEqual({
        view,
        types: [
          "schedule_id text",
          "schedule_name text",
          "taken_on date",
          "taken_at timestamp with time zone",
          "query text",
          ...columns.map((c) => `${c.name} ${SQL_TYPES[viewColumnType(c)]}`),
        ],
      });
      const select = columns.map((c, i) => `${asTextSql(c)} AS c${i}`).join(", ");
      const [normal] = await database.query<Record<string, string | null>>(
        `SELECT schedule_id, taken_on::text AS day, ${select} FROM "${view}" WHERE query = '=normal'`,
      );
      const stored = fullestRow(op).fields;
      expect({ view, normal }).toEqual({
        view,
        normal: {
          schedule_id: "views-0001",
          day: "2025-08-06",
          ...Object.fromEntries(columns.map((c, i) => [`c${i}`, expectedText(c, stored[c.name])])),
        },
      });
      typedValues += columns.filter((c, i) => viewColumnType(c) !== "text" && normal[`c${i}`] !== null).length;
      const [odd] = await database.query<Record<string, string | null>>(
        `SELECT ${select} FROM "${view}" WHERE query = '=odd'`,
      );
      const oddTyped = columns.flatMap((c, i) => (viewColumnType(c) === "text" ? [] : [odd[`c${i}`]]));
      expect({ view, oddTyped }).toEqual({ view, oddTyped: oddTyped.map(() => null) });
    }
    // The check means something: hundreds of typed cells were read back.
    expect(typedValues).toBeGreaterThan(300);
  }, 120_000);

  test("a start leaves current views alone; a changed one is replaced and keeps what was granted on it (docs/deploy.md's read-only role)", async () => {
    const database = await databases.reused(kind);
    const view = viewName("competitor_lookup");
    const oid = async () =>
      (await database.query<{ oid: string }>(`SELECT to_regclass($1)::oid::text AS oid`, [view]))[0].oid;
    const before = await oid();
    for (const statement of viewStatements()) await database.query(statement);
    expect(await oid()).toBe(before);
    if (kind === "server") await readOnlyRole(database);
    // As if the catalog changed the view since it was made.
    await database.query(`COMMENT ON VIEW "${view}" IS 'an older definition'`);
    for (const statement of viewStatements()) await database.query(statement);
    expect(await oid()).not.toBe(before);
    if (kind === "server") {
      // The role reads every view (the replaced one too), and none of the relay's tables.
      const asReader = <R>(sql: string) =>
        database.transaction(async (tx) => {
          await tx.query("SET LOCAL ROLE mad_reader_test");
          return tx.query<R>(sql);
        });
      for (const op of OPERATIONS)
        expect(await asReader(`SELECT count(*) FROM "${viewName(op.code)}"`)).toHaveLength(1);
      for (const table of ["mad_feeds", "mad_snapshot_rows", "mad_relay_state"])
        await expect(asReader(`SELECT count(*) FROM ${table}`)).rejects.toThrow(/permission denied/);
      await expect(asReader("DELETE FROM history_competitor_lookup")).rejects.toThrow();
      await database.query("DROP OWNED BY mad_reader_test");
      await database.query("DROP ROLE mad_reader_test");
    }
  }, 60_000);
});
