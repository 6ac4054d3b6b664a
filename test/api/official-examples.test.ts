/**
 * Fidelity to the official documents: every request example of every operation in
 * test/fixtures/official/operations.json (whatever operations it holds) is either accepted by the add-in and sent
 * under the official names, or refused for exactly the reasons the entry gives from the documents (a placeholder
 * such as B0XXX1 is not an ASIN; a size above the table's maximum; a parameter the table marks required), with
 * nothing sent. A GET example is its query string, read back by kind as the service reads it, and its path's
 * parameters (`/v1/asin/US/B07Z82895W`); a path that is not the operation's route is refused as off the route.
 */
import official from "../fixtures/official/operations.json";
import { clockFrom } from "../../src/lib/clock";
import { MadClient } from "../../src/api/client";
import { OPERATIONS, type AnyOperation } from "../../src/api/catalog";
import { readQuery } from "../../src/api/kinds/read";
import { matchPath } from "../../src/api/paths";
import { checkParams } from "../../src/api/validate";

interface Refusal {
  readonly param: string;
  readonly rule: string;
}
interface OfficialExample {
  readonly source: string;
  readonly body?: Record<string, unknown>;
  readonly query?: string;
  /** A concrete path (`/v1/asin/US/B07Z82895W`): its parameters are the path's. */
  readonly path?: string;
  readonly refused?: readonly Refusal[];
  readonly because?: string;
  /** Refused for this reason (a placeholder ASIN, a route the catalog does not follow), whichever rule says it. */
  readonly refusedBecause?: string;
}
interface OfficialEntry {
  readonly code?: string;
  readonly path: string;
  readonly method: string;
  readonly params: readonly { readonly name: string }[];
  readonly requestExamples: readonly OfficialExample[];
}

const ENTRIES = official.operations as readonly OfficialEntry[];
const SECRET = "0123456789abcdef0123456789abcdef";

/** The catalog's operation of an official entry: by the code it names, else by its path. */
const operationOf = (entry: OfficialEntry): AnyOperation | undefined =>
  OPERATIONS.find((op) => (entry.code ? op.code === entry.code : op.path === entry.path));

/** The example's parameters as the service receives them: its query's (or body's), and its path's. */
const paramsOf = (op: AnyOperation, example: OfficialExample): Record<string, unknown> => ({
  ...(example.query !== undefined ? readQuery(op.params, new URLSearchParams(example.query)) : (example.body ?? {})),
  ...(example.path !== undefined ? matchPath(op.path, example.path) : {}),
});

/** Examples are dated when they were written: they are checked against a clock in their newest month. */
function clockOf(params: Record<string, unknown>): Date {
  const months = Object.values(params)
    .filter((v): v is string => typeof v === "string" && /^\d{6}(\d{2})?$/.test(v))
    .map((v) => v.slice(0, 6))
    .sort();
  const newest = months.at(-1);
  return newest ? new Date(Date.UTC(Number(newest.slice(0, 4)), Number(newest.slice(4, 6)), 15)) : new Date();
}

/** What the client sends for the parameters: its JSON body, or its query for a GET. */
async function sent(op: AnyOperation, params: Record<string, unknown>, now: Date): Promise<Record<string, unknown>[]> {
  const requests: Record<string, unknown>[] = [];
  const fetchSpy: typeof fetch = async (url, init) => {
    requests.push(
      init?.method === "GET"
        ? Object.fromEntries(new URL(String(url)).searchParams)
        : (JSON.parse(String(init?.body)) as Record<string, unknown>),
    );
    return new Response(JSON.stringify({ code: "OK", message: "", data: null }));
  };
  const client = new MadClient({
    baseUrl: "http://service.test",
    secret: SECRET,
    fetch: fetchSpy,
    clock: clockFrom(now),
  });
  await client.call(op.code, params).catch(() => undefined);
  return requests;
}

test("every operation of the official documents is an operation of the catalog", () => {
  expect(ENTRIES.filter((e) => !operationOf(e)).map((e) => e.code ?? e.path)).toEqual([]);
});

test("the official documents give every operation of the catalog at least one request example", () => {
  const withExamples = new Set(ENTRIES.filter((e) => e.requestExamples.length).map((e) => operationOf(e)?.code));
  // The listing-trend distribution's CLI example is a curl without a body; its REF example is the one there is.
  expect(OPERATIONS.filter((op) => !withExamples.has(op.code)).map((op) => op.code)).toEqual([]);
});

const cases = ENTRIES.flatMap((entry) =>
  entry.requestExamples.map(
    (example, i) => [`${entry.code ?? entry.path} ${example.source} #${i + 1}`, entry, example] as const,
  ),
);

describe.each(cases)("%s", (_name, entry, example) => {
  const op = operationOf(entry)!;
  const params = paramsOf(op, example);
  const now = clockOf(params);
  const official = new Set(entry.params.map((p) => p.name));

  if (example.refused) {
    test(`is refused as the documents say, sending nothing: ${example.because ?? ""}`, async () => {
      const errors = checkParams(op.code, params, { now }).errors;
      const got = errors.map((e) => `${e.param}/${e.rule}`).sort();
      expect(got).toEqual(example.refused!.map((r) => `${r.param}/${r.rule}`).sort());
      for (const error of errors) expect(error.message.startsWith(`${error.param}:`)).toBe(true);
      expect(await sent(op, params, now)).toEqual([]);
    });
  } else if (example.refusedBecause) {
    test(`is refused, sending nothing: ${example.refusedBecause}`, async () => {
      const offRoute = example.path !== undefined && matchPath(op.path, example.path) === undefined;
      if (!offRoute) expect(checkParams(op.code, params, { now }).errors.length).toBeGreaterThan(0);
      expect(offRoute || (await sent(op, params, now)).length === 0).toBe(true);
    });
  } else {
    test("is accepted and sent under the official names, at the operation's path and method", async () => {
      expect(checkParams(op.code, params, { now }).errors.map((e) => e.message)).toEqual([]);
      const requests = await sent(op, params, now);
      expect(requests).toHaveLength(1);
      expect(Object.keys(requests[0]).filter((name) => !official.has(name))).toEqual([]);
      expect(op.path).toBe(entry.path);
      expect((op as { method?: string }).method ?? "POST").toBe(entry.method);
    });
  }
});
