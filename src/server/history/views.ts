/**
 * The SQL views BI tools read (Power BI, Metabase, any PostgreSQL client): one per operation of the catalog,
 * `history_<operation code>`, generated from the operation's record columns (src/table/columns.ts), so a new
 * operation or field gets its view and column with no SQL written by hand. Each view has `schedule_id`,
 * `schedule_name`, `taken_on` (date), `taken_at` (timestamptz), `query`, then one typed column per field, named as
 * its wire name (a quoted identifier: `"asinInfo.asin"`).
 *
 * A row's `fields` hold the cells as the spill shows them with text dates (helper storage: snapshots.ts), so each
 * column reads its cell with a cast that cannot fail: a number only when the JSON value is a number, a day or a
 * moment only when the text is a real one (`2024-02-30` is NULL, not an error). One odd value never breaks a BI
 * tool's whole query; it reads as NULL.
 *
 * The statements are run at start by the migrations (migrations.ts), under their advisory lock. Each view is
 * replaced only when its definition changed (a hash in the view's comment), so a start takes no lock on views BI
 * tools are reading, and the privileges granted on a view (a read-only role's SELECT) are granted again after it is
 * replaced, since dropping a view drops its grants.
 */
import { createHash } from "node:crypto";
import { OPERATIONS, type AnyOperation } from "../../api/catalog";
import { isNonScalarType } from "../../api/catalog-types";
import { recordColumns, type Column } from "../../table/columns";

const VIEW_PREFIX = "history_";
/** PostgreSQL truncates longer identifiers (NAMEDATALEN - 1), which could make two columns one. */
const MAX_IDENTIFIER_BYTES = 63;

/** The SQL type a column's cells read as. */
export type ViewColumnType = "numeric" | "date" | "timestamptz" | "boolean" | "text";

export const viewName = (code: string): string => `${VIEW_PREFIX}${code}`;

/** `"name"`, with `"` doubled; refuses a name PostgreSQL would cut short. */
function quoteIdentifier(name: string): string {
  if (Buffer.byteLength(name) > MAX_IDENTIFIER_BYTES)
    throw new Error(`${name}: longer than ${MAX_IDENTIFIER_BYTES} bytes, which PostgreSQL would cut short`);
  return `"${name.replaceAll('"', '""')}"`;
}

const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** What a column's cells are: a number, a calendar day, a moment (UTC), a yes/no, or text (lists and the like). */
export function viewColumnType(column: Column): ViewColumnType {
  if (column.part) return "numeric";
  const { spec } = column;
  if (isNonScalarType(spec.type)) return "text";
  switch (spec.type) {
    case "integer":
    case "number":
      return "numeric";
    case "epochMs":
      return spec.epochDay ? "date" : "timestamptz";
    case "dateText":
      return "date";
    case "boolean":
      return "boolean";
    case "string":
      return "text";
    default: {
      const unknown: never = spec.type;
      throw new Error(`no view type for field type ${String(unknown)}`);
    }
  }
}

const DAY = "[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])";

/**
 * A day's text that is a real day: the regular expression leaves only a day past its month's end (02-30), which the
 * month's last day rules out; only then is it cast, so the cast never fails.
 */
const realDay = (text: string) =>
  `date_part('day', (left(${text}, 7) || '-01')::date + interval '1 month' - interval '1 day') >= substr(${text}, 9, 2)::int`;

/** The expression reading one column of `r.fields` as its SQL type, NULL for a value of another shape. */
function castExpression(column: Column): string {
  const value = `r.fields -> ${quoteText(column.name)}`;
  const text = `(r.fields ->> ${quoteText(column.name)})`;
  const type = viewColumnType(column);
  switch (type) {
    case "numeric":
      return `CASE WHEN jsonb_typeof(${value}) = 'number' THEN ${text}::numeric END`;
    case "boolean":
      return `CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN ${text}::boolean END`;
    case "date":
      return `CASE WHEN ${text} ~ '^${DAY}$' AND ${realDay(text)} THEN ${text}::date END`;
    case "timestamptz":
      // Cells hold moments as `yyyy-mm-dd hh:mm` in UTC (src/table/cells.ts, epochMsToText).
      return `CASE WHEN ${text} ~ '^${DAY}[ T]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' AND ${realDay(text)} THEN (${text} || '+00')::timestamptz END`;
    case "text":
      return text;
    default: {
      const unknown: never = type;
      throw new Error(`no cast for ${String(unknown)}`);
    }
  }
}

/** The SELECT of one operation's view: the snapshot's columns, then each record column typed. */
function viewSelect(op: AnyOperation): string {
  const fields = recordColumns(op).map((c) => `  ${castExpression(c)} AS ${quoteIdentifier(c.name)}`);
  return [
    "SELECT s.schedule_id, s.schedule_name, s.taken_on, s.taken_at, r.query,",
    fields.join(",\n"),
    "FROM mad_snapshot_rows r JOIN mad_snapshots s ON s.id = r.snapshot_id",
    `WHERE r.operation = ${quoteText(op.code)}`,
  ].join("\n");
}

/**
 * One statement per view: a DO block that leaves the view alone when its definition is current (the hash in its
 * comment), else drops it, creates it, comments it and grants again what was granted on the old one.
 */
function viewStatement(op: AnyOperation): string {
  const name = viewName(op.code);
  const view = quoteIdentifier(name);
  const select = viewSelect(op);
  const marker = `mad history view ${createHash("sha256").update(select).digest("hex").slice(0, 16)}`;
  return `DO $mad_view$
DECLARE
  old_acl aclitem[];
  granted record;
BEGIN
  IF obj_description(to_regclass(${quoteText(view)}), 'pg_class') IS NOT DISTINCT FROM ${quoteText(marker)} THEN
    RETURN;
  END IF;
  SELECT relacl INTO old_acl FROM pg_class WHERE oid = to_regclass(${quoteText(view)});
  DROP VIEW IF EXISTS ${view};
  CREATE VIEW ${view} AS
${select};
  COMMENT ON VIEW ${view} IS ${quoteText(marker)};
  FOR granted IN
    SELECT a.grantee, a.privilege_type FROM aclexplode(old_acl) a
    WHERE a.grantee <> (SELECT relowner FROM pg_class WHERE oid = ${quoteText(view)}::regclass)
  LOOP
    EXECUTE format('GRANT %s ON ${view.replaceAll("'", "''")} TO %s', granted.privilege_type,
      CASE WHEN granted.grantee = 0 THEN 'PUBLIC' ELSE granted.grantee::regrole::text END);
  END LOOP;
END
$mad_view$`;
}

/**
 * The statements that (re)create every operation's view, in catalog order; run them in order inside the
 * migrations' transaction, under its lock. Each is one statement (no trailing semicolon).
 */
export function viewStatements(operations: readonly AnyOperation[] = OPERATIONS): readonly string[] {
  return operations.map(viewStatement);
}
