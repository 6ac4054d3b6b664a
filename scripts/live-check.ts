/**
 * `npm run live-check -- --secret-env MAD_SECRET [--base-url URL] [--market US] [--budget N] [--keyword TEXT]`
 *
 * Holds the catalog against the live service: one smallest page per operation (at most `--budget` calls, default
 * one per catalog operation), each request built from the catalog and sent through the add-in's own client, and per
 * operation a table: the call (ok or its error code), records, fields the catalog does not know, catalog fields the
 * service did not send, and type changes. Values come from the way: the first product-research / competitor-lookup
 * record gives the ASIN and category path that later requests use.
 *
 * Exit status: 0 without drift; 1 on drift (a failed call, a field the catalog does not know, a type change);
 * 2 for a usage problem (nothing sent). Catalog fields the service did not send are a warning only: the service
 * leaves out empty fields, and one record cannot prove a field gone (a renamed field still shows as unknown).
 *
 * The secret is read from the environment variable named by `--secret-env`, never from the command line, and is
 * never printed or written: every line goes through a scrubber as well.
 */
import { parseArgs } from "node:util";
import { methodOf, OPERATIONS, type AnyOperation, type OperationCode } from "../src/api/catalog";
import type { FieldSpec, FieldType, ParamSpec } from "../src/api/catalog-types";
import { createClient } from "../src/api/client";
import { clockFrom } from "../src/lib/clock";
import { latestSaturday, monthBefore } from "../src/api/dates";
import { isMadError, type ApiError } from "../src/api/errors";
import { RECORD_FIELDS } from "../src/api/records";

export const DEFAULT_BASE_URL = "https://api.sellersprite.com";
const DEFAULT_KEYWORD = "yoga mat";
/** Used until a product record tells a real one. */
const FALLBACK_ASIN = "B07Z82895W";
const FALLBACK_NODE_PATH = "172282:281407";
/** Operations whose first record gives the ASIN and category path of the others: run first. */
const DISCOVERY_FIRST: readonly OperationCode[] = ["product_research", "competitor_lookup"];

export interface LiveCheckIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly print: (line: string) => void;
  readonly fetch?: typeof fetch;
  readonly now?: Date;
}

interface Settings {
  secret: string;
  baseUrl: string;
  market: string;
  budget: number;
  keyword: string;
}

const USAGE =
  "usage: npm run live-check -- --secret-env NAME [--base-url URL] [--market US] [--budget N] [--keyword TEXT]";

class UsageError extends Error {}

/** Reads the options; never echoes a value from the command line (one of them could be a pasted secret). */
function settingsFrom(argv: readonly string[], env: LiveCheckIo["env"]): Settings {
  if (argv.some((a) => /^--secret(=|$)/i.test(a)))
    throw new UsageError("--secret is refused: put the secret in an environment variable and pass --secret-env NAME.");
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        "secret-env": { type: "string" },
        "base-url": { type: "string" },
        market: { type: "string" },
        budget: { type: "string" },
        keyword: { type: "string" },
      },
    }) as { values: Record<string, string | undefined> });
  } catch {
    throw new UsageError("unknown option, positional argument or missing value.");
  }
  const name = values["secret-env"];
  if (!name) throw new UsageError("--secret-env NAME is required (the environment variable holding the secret).");
  const secret = (env[name] ?? "").trim();
  if (!secret) throw new UsageError(`the environment variable ${name} is not set or empty.`);
  const budgetText = values.budget ?? String(OPERATIONS.length);
  if (!/^\d+$/.test(budgetText) || Number(budgetText) < 1)
    throw new UsageError("--budget: expected a whole number of calls, at least 1.");
  return {
    secret,
    baseUrl: values["base-url"] ?? DEFAULT_BASE_URL,
    market: (values.market ?? "US").toUpperCase(),
    budget: Number(budgetText),
    keyword: values.keyword ?? DEFAULT_KEYWORD,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests: the catalog's required parameters, filled with what the run has found so far

interface Discovered {
  asins: string[];
  nodeIdPath?: string;
  /** A trademark id a trademark search answered (what MAD.TRADEMARK looks up). */
  trademarkId?: string;
}

/** The trademark office live-check searches: the marketplace's country (UK's office code is GB). */
const officeOf = (market: string) => (market === "UK" ? "GB" : market);

/** The docs' example trademark, where no search found one first. */
const FALLBACK_TRADEMARK_ID = "US502022097612203";

const DAY_MS = 86_400_000;

/** The smallest page the operation accepts: page 1, size at its minimum (or the one size it takes). */
function pagingParams(op: AnyOperation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.params as readonly ParamSpec[]) {
    if (p.role === "page") out[p.name] = 1;
    if (p.role === "size") out[p.name] = p.fixed ?? p.min ?? 1;
  }
  return out;
}

function valueFor(spec: ParamSpec, op: AnyOperation, found: Discovered, settings: Settings, now: Date): unknown {
  const asin = found.asins[0] ?? FALLBACK_ASIN;
  const firstOption = spec.options && !spec.openOptions ? spec.options[0]?.value : undefined;
  switch (spec.kind) {
    case "marketplace":
      return settings.market;
    case "month":
      return monthBefore(now, 1);
    case "saturday":
    case "weekOrMonth":
      // A week surely complete: the latest Saturday at least a week ago.
      return latestSaturday(new Date(now.getTime() - 7 * DAY_MS));
    case "stringList":
    case "csv":
      if (spec.pattern === "asin") return [asin];
      if (spec.pattern === "office") return [officeOf(settings.market)];
      return firstOption !== undefined ? [String(firstOption)] : [settings.keyword];
    case "integer":
    case "number":
      return spec.fixed ?? firstOption ?? spec.min ?? 1;
    case "boolean":
      return true;
    case "order":
      return undefined;
    case "string":
      if (spec.pattern === "asin" || (spec.name === "q" && op.group === "product")) return asin;
      if (spec.pattern === "nodeIdPath") return found.nodeIdPath ?? FALLBACK_NODE_PATH;
      // A main category: the first id of the path found (bsr_prediction's categoryId).
      if (spec.pattern === "nodeId") return (found.nodeIdPath ?? FALLBACK_NODE_PATH).split(":")[0];
      if (spec.pattern === "office") return found.trademarkId?.slice(0, 2) ?? officeOf(settings.market);
      if (spec.name === "brandId") return found.trademarkId ?? FALLBACK_TRADEMARK_ID;
      return firstOption ?? settings.keyword;
    case "integerList":
      // A review's stars (options) or a trademark's Nice class (from `min`).
      return [firstOption ?? spec.min ?? 1];
    case "timestamp":
      // A week ago: a range any product with a history has points in.
      return now.getTime() - 7 * DAY_MS;
  }
}

/** The request of an operation: its required parameters (and the week or month of ABA), smallest page. */
export function requestFor(
  op: AnyOperation,
  found: Discovered,
  settings: Pick<Settings, "market" | "keyword">,
  now: Date,
): Record<string, unknown> {
  const full: Settings = { secret: "", baseUrl: "", budget: 0, ...settings };
  const params: Record<string, unknown> = { ...pagingParams(op) };
  const specs = op.params as readonly ParamSpec[];
  for (const spec of specs) {
    const needed = spec.required || (op.group === "aba" && spec.name === "date");
    if (!needed) continue;
    const value = valueFor(spec, op, found, full, now);
    if (value !== undefined) params[spec.name] = value;
  }
  // A week-or-month date follows the format its switch parameter picked.
  for (const spec of specs) {
    if (spec.kind !== "weekOrMonth" || !(spec.name in params) || !spec.switchParam) continue;
    const format = spec.formats?.[String(params[spec.switchParam])];
    if (format === "month") params[spec.name] = monthBefore(now, 1);
  }
  return params;
}

function discover(rows: readonly Record<string, unknown>[], found: Discovered): void {
  for (const row of rows) {
    if (typeof row.asin === "string" && !found.asins.includes(row.asin)) found.asins.push(row.asin);
    if (!found.nodeIdPath && typeof row.nodeIdPath === "string" && /^\d+(:\d+)*$/.test(row.nodeIdPath))
      found.nodeIdPath = row.nodeIdPath;
    if (!found.trademarkId && typeof row.id === "string" && /^[A-Z]{2}50\d/.test(row.id)) found.trademarkId = row.id;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Drift: what the records hold against the catalog's field list

export interface FieldDrift {
  unknown: string[];
  missing: string[];
  typeChanges: string[];
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether a value (not null) has the JSON type the catalog's FieldType stands for. */
function fits(type: FieldType, value: unknown): boolean {
  switch (type) {
    case "string":
    case "dateText":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
    case "epochMs":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "stringList":
      return Array.isArray(value) && value.every((item) => item === null || typeof item === "string");
    case "numberList":
      return Array.isArray(value) && value.every((item) => item === null || typeof item === "number");
    case "valueItem":
    case "stringListMap":
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "objectList":
      return Array.isArray(value);
    case "unknown":
      return true;
  }
}

/** Compares records with a field list; nested object fields are named `parent.child`. */
export function fieldDrift(rows: readonly unknown[], fields: readonly FieldSpec[], prefix = ""): FieldDrift {
  const drift: FieldDrift = { unknown: [], missing: [], typeChanges: [] };
  const byName = new Map<string, FieldSpec>();
  for (const f of fields) for (const name of [f.name, ...(f.aliases ?? [])]) byName.set(name, f);
  const records = rows.filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null);
  const seen = new Set<string>();
  const add = (list: string[], text: string) => (list.includes(text) ? undefined : list.push(text));
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      const spec = byName.get(key);
      if (!spec) {
        add(drift.unknown, `${prefix}${key}`);
        continue;
      }
      seen.add(spec.name);
      if (value === null || value === undefined) continue;
      if (!fits(spec.type, value) && !(spec.numberAsText && typeof value === "string"))
        add(drift.typeChanges, `${prefix}${key}: catalog ${spec.type}, sent ${jsonType(value)}`);
      else if (spec.fields && (spec.type === "object" || spec.type === "objectList")) {
        const inner = fieldDrift(Array.isArray(value) ? value : [value], spec.fields, `${prefix}${spec.name}.`);
        inner.unknown.forEach((u) => add(drift.unknown, u));
        inner.typeChanges.forEach((t) => add(drift.typeChanges, t));
      }
    }
  }
  if (records.length > 0) for (const f of fields) if (!seen.has(f.name)) add(drift.missing, `${prefix}${f.name}`);
  return drift;
}

// ---------------------------------------------------------------------------------------------------------------
// The run

export interface OperationReport {
  code: OperationCode;
  outcome: string;
  ok: boolean;
  records: number | null;
  drift: FieldDrift;
}

function failureCode(error: unknown): string {
  if (isMadError(error)) {
    const code = (error as ApiError).code;
    return `${typeof code === "string" ? code : error.kind}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const list = (items: readonly string[]) => (items.length ? items.join(", ") : "-");

function printReport(print: (line: string) => void, op: AnyOperation, report: OperationReport): void {
  // The method the client sends (methodOf), not an assumed POST: product_node is a GET.
  print(`${op.code}  (${methodOf(op)} ${op.path})`);
  const rows: [string, string][] = [
    ["call", report.outcome],
    ["records", report.records === null ? "-" : String(report.records)],
    ["unknown fields", list(report.drift.unknown)],
    ["missing fields", report.drift.missing.length ? `${list(report.drift.missing)} (warning)` : "-"],
    ["type changes", list(report.drift.typeChanges)],
  ];
  for (const [label, text] of rows) print(`  ${label.padEnd(15)} ${text}`);
  print("");
}

const hasDrift = (r: OperationReport) => !r.ok || r.drift.unknown.length > 0 || r.drift.typeChanges.length > 0;

export async function liveCheck(io: LiveCheckIo): Promise<number> {
  let secret = "";
  const print = (line: string) => io.print(secret ? line.split(secret).join("[secret]") : line);
  let settings: Settings;
  try {
    settings = settingsFrom(io.argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    print(`live-check: ${error.message}`);
    print(USAGE);
    return 2;
  }
  secret = settings.secret;
  const now = io.now ?? new Date();
  const client = createClient({
    baseUrl: settings.baseUrl,
    secret,
    fetch: io.fetch,
    retries: 0,
    clock: clockFrom(now),
  });
  const ordered = [
    ...DISCOVERY_FIRST.map((code) => OPERATIONS.find((op) => op.code === code)!),
    ...OPERATIONS.filter((op) => !DISCOVERY_FIRST.includes(op.code)),
  ];
  const reports: OperationReport[] = [];
  print(`live-check: ${settings.baseUrl}, market ${settings.market}, at most ${settings.budget} call(s)`);
  print("");
  try {
    await checkAll(settings, client, now, print, reports, ordered);
  } catch (error) {
    // Nothing here should throw; if it does, say so without a stack (and through the scrubber).
    print(`live-check stopped: ${failureCode(error)}`);
    return 1;
  }
  const spent = reports.filter((r) => !r.outcome.startsWith("not sent")).length;
  const drifting = reports.filter(hasDrift).map((r) => r.code);
  print(
    `${reports.length} operation(s) checked with ${spent} call(s); drift in ${drifting.length}` +
      (drifting.length ? `: ${drifting.join(", ")}.` : "."),
  );
  return drifting.length ? 1 : 0;
}

async function checkAll(
  settings: Settings,
  client: ReturnType<typeof createClient>,
  now: Date,
  print: (line: string) => void,
  reports: OperationReport[],
  ordered: readonly AnyOperation[],
): Promise<void> {
  const found: Discovered = { asins: [] };
  let spent = 0;
  for (const op of ordered) {
    if (spent >= settings.budget) {
      print(`${op.code}  skipped: the budget of ${settings.budget} call(s) is spent`);
      continue;
    }
    const params = requestFor(op, found, settings, now);
    const fields = (RECORD_FIELDS as unknown as Record<string, readonly FieldSpec[]>)[op.record] ?? [];
    let report: OperationReport;
    try {
      spent++;
      const result = await client.call(op.code, params);
      const rows = result.rows as unknown as Record<string, unknown>[];
      discover(rows, found);
      const outcome = rows.length ? "ok" : "ok (no records: fields not checked)";
      report = { code: op.code, outcome, ok: true, records: rows.length, drift: fieldDrift(rows, fields) };
    } catch (error) {
      const sent = !(isMadError(error) && error.kind === "validation");
      if (!sent) spent--;
      const outcome = sent ? failureCode(error) : `not sent: ${failureCode(error)}`;
      report = {
        code: op.code,
        outcome,
        ok: false,
        records: null,
        drift: { unknown: [], missing: [], typeChanges: [] },
      };
    }
    reports.push(report);
    printReport(print, op, report);
  }
}

if (require.main === module) {
  liveCheck({ argv: process.argv.slice(2), env: process.env, print: (line) => console.log(line) }).then(
    (status) => (process.exitCode = status),
    (error: unknown) => {
      console.error(`live-check: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
