/**
 * The live service is the reference for what goes on the wire. `test/fixtures/official/operations.json` keeps
 * its official parameter tables and request examples (see the file's `_about`); every case here is generated
 * from that table:
 * - every parameter the catalog sends is in the operation's official table;
 * - no request the client can build (every parameter set) carries a name outside it;
 * - every official request example passes the add-in's own checks;
 * - every value an official table lists for a closed set is accepted (the service is the judge, not us).
 */
import { clockFrom } from "../../src/api/clock";
import official from "../fixtures/official/operations.json";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import type { ParamSpec } from "../../src/api/catalog-types";
import { MadClient } from "../../src/api/client";
import { latestSaturday, monthBefore } from "../../src/api/dates";
import { readQuery } from "../../src/api/kinds/read";
import { matchPath } from "../../src/api/paths";
import { checkParams } from "../../src/api/validate";

interface OfficialParam {
  readonly name: string;
  readonly values?: readonly (string | number | boolean)[];
  readonly sortFields?: readonly string[];
}
/**
 * A request example: a JSON body, a GET query, or a path with its parameters in it (`/v1/asin/US/B0...`, with a
 * query or not). `refusedBecause`: the add-in refuses it, for the reason the docs themselves give (a placeholder
 * ASIN such as B0XXXXXXXXX, a required parameter left empty, a route the catalog does not follow).
 */
interface OfficialExample {
  readonly source: string;
  readonly body?: unknown;
  readonly query?: string;
  readonly path?: string;
  readonly refusedBecause?: string;
}
interface OfficialOperation {
  readonly path: string;
  readonly params: readonly OfficialParam[];
  readonly requestExamples: readonly OfficialExample[];
}

const OFFICIAL = new Map((official.operations as readonly OfficialOperation[]).map((o) => [o.path, o]));
const NOW = new Date(Date.UTC(2026, 10, 24));
const officialOf = (op: AnyOperation) => {
  const entry = OFFICIAL.get(op.path);
  if (!entry) throw new Error(`${op.path} has no official table in test/fixtures/official/operations.json`);
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
        request[p.name] = [option ?? 1];
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
  for (const op of OPERATIONS) expect(OFFICIAL.has(op.path)).toBe(true);
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

  // A GET example is its query string (and its path's parameters); its values are text, as the service receives them.
  const paramsOf = (e: OfficialExample): unknown =>
    e.path !== undefined || e.query !== undefined
      ? { ...matchPath(op.path, e.path ?? op.path), ...readQuery(specs(op), new URLSearchParams(e.query ?? "")) }
      : e.body;
  const examples = table.requestExamples
    .map((e) => ({ ...e, body: paramsOf(e) }))
    .filter((e) => typeof e.body === "object" && e.body !== null);
  const refused = examples.filter((e) => e.refusedBecause !== undefined);
  if (refused.length) {
    test.each(refused.map((e) => [e.source, e.refusedBecause, e] as const))(
      "the official request example (%s) is refused: %s",
      (_source, _reason, e) => {
        // Either a parameter is refused, or its path is not the operation's route.
        const offRoute = e.path !== undefined && matchPath(op.path, e.path) === undefined;
        expect(offRoute || checkParams(op.code, e.body, { now: NOW }).errors.length > 0).toBe(true);
      },
    );
  }
  const accepted = examples.filter((e) => e.refusedBecause === undefined);
  if (accepted.length) {
    test.each(accepted.map((e) => [e.source, e.body] as const))(
      "the official request example (%s) passes the add-in's checks",
      (_source, body) => {
        // Examples are dated when they were written: check them against a clock of that time.
        const dates = Object.values(body as Record<string, unknown>).filter(
          (v): v is string => typeof v === "string" && /^\d{6}(\d{2})?$/.test(v),
        );
        const newest = dates.map((d) => d.slice(0, 6)).sort()[dates.length - 1];
        const now = newest ? new Date(Date.UTC(Number(newest.slice(0, 4)), Number(newest.slice(4, 6)), 15)) : NOW;
        expect(checkParams(op.code, body, { now }).errors.map((e) => e.message)).toEqual([]);
      },
    );
  }

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
