/**
 * The live service is the reference for what goes on the wire. `test/fixtures/official/operations.json` keeps
 * its official parameter tables and request examples (see the file's `_about`); every case here is generated
 * from that table:
 * - every parameter the catalog sends is in the operation's official table;
 * - no request the client can build (every parameter set) carries a name outside it;
 * - (every official request example: official-examples.test.ts);
 * - every value an official table lists for a closed set is accepted (the service is the judge, not us).
 */
import { clockFrom } from "../../src/lib/clock";
import official from "../fixtures/official/operations.json";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { MadClient } from "../../src/api/client";
import { latestSaturday, monthBefore } from "../../src/api/dates";
import { matchPath } from "../../src/api/paths";
import { checkParams } from "../../src/api/validate";

interface OfficialParam {
  readonly name: string;
  readonly values?: readonly (string | number | boolean)[];
  readonly sortFields?: readonly string[];
}
interface OfficialOperation {
  /** The catalog code, where an entry names it (operations whose documents disagree on the path). */
  readonly code?: string;
  readonly path: string;
  readonly params: readonly OfficialParam[];
}

const ENTRIES = official.operations as readonly OfficialOperation[];
const NOW = new Date(Date.UTC(2026, 10, 24));
/** An operation's official table: the entry naming its code, else the one at its path. */
const tableOf = (op: AnyOperation) =>
  ENTRIES.find((o) => o.code === op.code) ?? ENTRIES.find((o) => o.code === undefined && o.path === op.path);
const officialOf = (op: AnyOperation) => {
  const entry = tableOf(op);
  if (!entry) throw new Error(`${op.code} has no official table in test/fixtures/official/operations.json`);
  return entry;
};
const specs = (op: AnyOperation) => op.params as readonly ParamSpec[];
const cases = OPERATIONS.map((op) => [op.code, op] as const);

/** A valid value for every parameter, so the request is as wide as the client can build. */
function everything(op: AnyOperation): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  const ruled = new Set((op.rules ?? []).map((r) => r.field));
  for (const p of specs(op)) {
    const option = p.options?.find((o) => !o.markets || o.markets.includes("US"))?.value;
    switch (p.kind) {
      case "marketplace":
        request[p.name] = "US";
        break;
      case "string":
        request[p.name] = option ?? (p.pattern === "asin" ? "B07Z82895W" : p.pattern ? "172282:281407" : "yoga mat");
        break;
      case "integer":
      case "number":
        request[p.name] = p.fixed ?? option ?? p.min ?? 1;
        break;
      case "boolean":
        request[p.name] = true;
        break;
      case "month":
        request[p.name] = monthBefore(NOW, 1);
        break;
      case "saturday":
        request[p.name] = latestSaturday(NOW);
        break;
      case "weekOrMonth":
        break; // after its switch, below
      case "stringList":
        request[p.name] = [option ?? (p.pattern === "asin" ? "B07Z82895W" : p.pattern ? "172282:281407" : "yoga")];
        break;
      case "csv":
        request[p.name] = String(option ?? "CN");
        break;
      case "integerList":
        request[p.name] = [option ?? p.min ?? 1];
        break;
      case "timestamp":
        request[p.name] = Date.UTC(2025, 7, 2);
        break;
      case "order":
        request[p.name] = { field: p.sortFields?.find((f) => !ruled.has(f)) ?? "searches", desc: true };
        break;
      default: {
        const unhandled: never = p.kind;
        throw new Error(`no sample for ${String(unhandled)}`);
      }
    }
  }
  for (const p of specs(op)) {
    if (p.kind !== "weekOrMonth") continue;
    const format = p.formats?.[String(request[p.switchParam ?? ""])] ?? "saturday";
    request[p.name] = format === "month" ? monthBefore(NOW, 1) : latestSaturday(NOW);
  }
  return request;
}

test("the official table covers every operation of the catalog", () => {
  expect(OPERATIONS.filter((op) => !tableOf(op)).map((op) => op.code)).toEqual([]);
});

describe.each(cases)("%s", (_code, op) => {
  const table = officialOf(op);
  const names = new Set(table.params.map((p) => p.name));

  test("every parameter the catalog sends has its official name", () => {
    const unofficial = specs(op)
      .map((p) => p.name)
      .filter((name) => !names.has(name));
    expect(unofficial).toEqual([]);
  });

  test("a request with every parameter set carries only official names", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchSpy: typeof fetch = async (url, init) => {
      // A GET operation carries its parameters in the query, the others in a JSON body; both may carry some in
      // the path (`/v1/asin/{marketplace}/{asin}`).
      const sent = new URL(String(url));
      bodies.push({
        ...matchPath(op.path, sent.pathname),
        ...(init?.method === "GET"
          ? Object.fromEntries(sent.searchParams)
          : (JSON.parse(String(init?.body)) as Record<string, unknown>)),
      });
      return new Response(JSON.stringify({ code: "OK", message: "", data: op.shape === "array" ? [] : {} }));
    };
    const client = new MadClient({
      baseUrl: "http://service.test",
      secret: "0123456789abcdef0123456789abcdef",
      fetch: fetchSpy,
      clock: clockFrom(NOW),
    });
    const request = everything(op);
    const problems = checkParams(op.code, request, { now: NOW }).errors.map((e) => e.message);
    expect(problems).toEqual([]);
    await client.call(op.code, request).catch(() => undefined); // the empty answer may not parse
    expect(bodies).toHaveLength(1);
    expect(Object.keys(bodies[0]).length).toBe(specs(op).length);
    expect(Object.keys(bodies[0]).filter((name) => !names.has(name))).toEqual([]);
  });

  const listed = table.params.filter(
    (p) => p.values && !["marketplace", "month", "historyDate", "date"].includes(p.name),
  );
  const closed = listed.filter((p) => {
    const spec = specs(op).find((s) => s.name === p.name);
    return spec?.options && !spec.openOptions;
  });
  if (closed.length) {
    test.each(closed.map((p) => [p.name, p] as const))(
      "every value the official table lists for %s is accepted",
      (name, p) => {
        const refused = (p.values ?? []).filter((value) => {
          const request = { ...everything(op), [name]: typeof value === "boolean" ? value : value };
          return checkParams(op.code, request, { now: NOW }).errors.some((e) => e.param === name);
        });
        expect(refused).toEqual([]);
      },
    );
  }

  const order = table.params.find((p) => p.name === "order");
  const orderSpec = specs(op).find((s) => s.kind === "order");
  if (order?.sortFields && orderSpec?.sortFields && !orderSpec.openOptions) {
    test("every official sort field is accepted", () => {
      const refused = (order.sortFields ?? []).filter(
        (field) =>
          checkParams(op.code, { ...everything(op), order: { field, desc: true } }, { now: NOW }).errors.length > 0,
      );
      expect(refused).toEqual([]);
    });
  }
});
