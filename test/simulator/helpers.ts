/** Shared helpers of the simulator tests: a fixed clock, a JSON POST (or a catalog GET), and checks of records against FieldSpecs. */
import { methodOf, OPERATIONS } from "../../src/api/catalog";
import type { FieldSpec, ResponseShape } from "../../src/api/catalog-types";
import { fillPath } from "../../src/api/paths";
import { DEMO_SECRET, startSimulator, type RunningSimulator, type StartOptions } from "../../src/simulator";

/** Friday 2025-08-15 12:00 UTC: fixture months (202507, 202508) are in range, and answers do not move with the date. */
export const T0 = Date.UTC(2025, 7, 15, 12);

export function start(options: StartOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, staticDir: false, now: () => T0, ...options });
}

/** A record as the tests read it: values are checked by expectations, not by types. */
export type Rec = Record<string, unknown>;

/** The paged `data` object (and traffic_keyword's object, which has no page/pages). */
export interface Paged {
  total: number;
  page: number;
  pages: number;
  size: number;
  order: { field: string; desc: boolean };
  items: Rec[];
}

export interface Reply {
  status: number;
  headers: Headers;
  body: { code: string; message: string; data: unknown };
  text: string;
}

export async function post(
  base: string,
  path: string,
  params: unknown,
  headers: Record<string, string> = { "secret-key": DEMO_SECRET },
): Promise<Reply> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(params),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

/** A call of a catalog operation with its method: POST with a JSON body, or GET with the parameters as a query. */
export async function send(
  base: string,
  path: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = { "secret-key": DEMO_SECRET },
): Promise<Reply> {
  const op = OPERATIONS.find((o) => o.path === path);
  // A catalog path with parameters in braces is filled from the parameters, as the client does.
  const filled = op ? fillPath(op.path, params) : { path, rest: params };
  if (!op || methodOf(op) === "POST") return post(base, filled.path, filled.rest, headers);
  const query = new URLSearchParams(Object.entries(filled.rest).map(([name, value]) => [name, String(value)]));
  const res = await fetch(`${base}${filled.path}?${query}`, { method: "GET", headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

/**
 * Rows of any data shape: paged/itemsWithStats items, array elements, or the single object (`shape` "object": an
 * object whose own field is called `items`, as related-product statistics have, is still one record); with the
 * operation's shape, a series' points with the object's own fields beside each, and one row per facet and key.
 */
export function rowsOf(data: unknown, shape?: ResponseShape): Rec[] {
  if (shape === "series") {
    const { items, ...common } = data as { items: Rec[] };
    return items.map((item) => ({ ...common, ...item }));
  }
  if (shape === "facets")
    return Object.entries(data as Record<string, Rec[]>).flatMap(([facet, counts]) =>
      counts.map((count) => ({ facet, ...count })),
    );
  if (Array.isArray(data)) return data as Rec[];
  if (shape === "object") return [data as Rec];
  const items = (data as Partial<Paged> | null)?.items;
  return Array.isArray(items) ? items : [data as Rec];
}

/** A value at `a.b.c` in a record. */
export function at(row: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Rec)[k] : undefined), row);
}

const isInt = (v: unknown) => typeof v === "number" && Number.isInteger(v);

/** Problems of one record against its field list: a missing field, or a value of another type. */
export function typeProblems(record: Record<string, unknown>, fields: readonly FieldSpec[], where = ""): string[] {
  const problems: string[] = [];
  for (const spec of fields) {
    const key = [spec.name, ...(spec.aliases ?? [])].find((k) => k in record);
    const at = `${where}${spec.name}`;
    if (key === undefined) {
      problems.push(`${at}: missing`);
      continue;
    }
    const v = record[key];
    if (v === null) continue;
    if (spec.numberAsText && typeof v === "string" && Number.isFinite(Number(v))) continue;
    const ok = (() => {
      switch (spec.type) {
        case "string":
        case "dateText":
          return typeof v === "string";
        case "integer":
        case "epochMs":
          return isInt(v);
        case "number":
          return typeof v === "number" && Number.isFinite(v);
        case "boolean":
          return typeof v === "boolean";
        case "stringList":
          return Array.isArray(v) && v.every((x) => typeof x === "string");
        case "numberList":
          return Array.isArray(v) && v.every((x) => typeof x === "number");
        case "valueItem":
          return typeof v === "object" && ["min", "max", "value"].every((k) => k in (v as object));
        case "stringListMap":
          return typeof v === "object" && Object.values(v as object).every((list) => Array.isArray(list));
        case "object":
          problems.push(...typeProblems(v as Record<string, unknown>, spec.fields ?? [], `${at}.`));
          return typeof v === "object" && !Array.isArray(v);
        case "objectList":
          if (!Array.isArray(v)) return false;
          v.forEach((item, i) => problems.push(...typeProblems(item, spec.fields ?? [], `${at}[${i}].`)));
          return true;
        default:
          return true;
      }
    })();
    if (!ok) problems.push(`${at}: ${JSON.stringify(v)} is not ${spec.type}`);
  }
  return problems;
}

/** Every key path of a value (arrays collapsed to []), for "fixture keys are a subset" checks. */
export function keyPaths(
  value: unknown,
  prefix = "",
  out = new Set<string>(),
  opaque: ReadonlySet<string> = new Set(),
): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) keyPaths(item, `${prefix}[]`, out, opaque);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      out.add(path);
      if (!opaque.has(k)) keyPaths(v, path, out, opaque);
    }
  }
  return out;
}
