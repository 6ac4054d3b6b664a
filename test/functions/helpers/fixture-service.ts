/**
 * A fetch that answers like the service from the real fixtures (test/fixtures/api-examples), one per operation,
 * and counts the requests. An operation without a fixture answers with the record built for it below (from its
 * field list); one with neither fails with a message saying to add one.
 * Errors can be queued: the next request answers with an error envelope or an HTTP status. A request is recorded
 * under its operation's path (the template, for a path with parameters) with the parameters its path carried.
 */
import { OPERATIONS, type AnyOperation } from "../../../src/api/catalog";
import { matchPath } from "../../../src/api/paths";
import { fixture, fixtureCodes } from "../../api/support/fixtures";

/** keyword_conversion has no real example: a record with every kind of value the conversion record has. */
const KEYWORD_CONVERSION_BODY = {
  code: "OK",
  message: "成功",
  data: {
    page: 1,
    pages: 1,
    size: 50,
    total: 1,
    items: [
      {
        keyword: "phone stand",
        keywordCn: "手机支架",
        keywordJp: null,
        searches: 230786,
        clicks: 40211,
        purchases: 8862,
        searchConvRate: 0.0384,
        clickConvRate: 0.2204,
        clickingRate: 0.2511,
        conversionRate: 0.1859,
        phraseCount: 12,
        avgProductPrice: { min: 5.99, max: 39.99, value: 12.99 },
        exactPpc: { min: 0.98, max: 1.86, value: 1.49 },
        phrasePpc: { min: 0.9, max: 1.7, value: 1.31 },
        broadPpc: { min: 0.8, max: 1.5, value: null },
        exactCpa: null,
        phraseCpa: { min: 3.1, max: 6.2, value: 4.4 },
        broadCpa: { min: 3.5, max: 7.1, value: 5.0 },
        exactBudget: { min: 20, max: 60, value: 35 },
        phraseBudget: { min: 15, max: 50, value: 30 },
        broadBudget: { min: 10, max: 40, value: 25 },
        exactAcos: { min: 0.35, max: 0.12, value: 0.2 },
        phraseAcos: { min: 0.4, max: 0.15, value: 0.25 },
        broadAcos: { min: 0.45, max: 0.18, value: 0.3 },
        searchesTrend: "up",
        clickTrend: "flat",
        purchaseTrend: "up",
        top3Asins: [
          { asin: "B07Z82895W", imageUrl: "https://example.invalid/a.jpg", clickRate: 0.1131, conversionRate: 0.1038 },
        ],
        top10Asins: [],
      },
    ],
  },
};

/** The category lookup has no recorded answer: two nodes in its documented fields (names joined by ':'). */
const PRODUCT_NODE_BODY = {
  code: "OK",
  message: "成功",
  data: [
    {
      nodeIdPath: "3375251:3407731:3422251",
      nodeLabelPath: "Sports & Outdoors:Fitness & Exercise Equipment:Yoga",
      products: 41250,
      nodeLabelLocale: "瑜伽",
      nodeLabelPathLocale: "运动户外:健身器材:瑜伽",
    },
    {
      nodeIdPath: "3375251:3407731:3422251:3422301",
      nodeLabelPath: "Sports & Outdoors:Fitness & Exercise Equipment:Yoga:Mats",
      products: 12873,
      nodeLabelLocale: "瑜伽垫",
      nodeLabelPathLocale: "运动户外:健身器材:瑜伽:瑜伽垫",
    },
  ],
};

/** Answers built by hand for operations without a real response in the fixture folder. */
const BUILT_BODIES: Readonly<Record<string, unknown>> = {
  keyword_conversion: KEYWORD_CONVERSION_BODY,
  product_node: PRODUCT_NODE_BODY,
};
const FIXTURE_CODES = new Set(fixtureCodes());

/** The service's answer for an operation: its real fixture, or else the answer built for it here. */
export function exampleBody(code: string): unknown {
  if (FIXTURE_CODES.has(code)) return fixture(code);
  const built = BUILT_BODIES[code];
  if (built === undefined)
    throw new Error(
      `${code} has no fixture in test/fixtures/api-examples: add one, or build an answer in BUILT_BODIES.`,
    );
  return built;
}

/** An envelope error (with `data`, e.g. the parameter ERROR_PARAM names) or an HTTP status without an envelope. */
export type QueuedFailure = { envelope: string; data?: string } | { status: number };

export interface FixtureService {
  readonly baseUrl: string;
  readonly secret: string;
  readonly fetch: typeof fetch;
  /** Requests received under /v1 so far. */
  calls(): number;
  /** Request bodies received, in order. */
  readonly bodies: { path: string; body: unknown }[];
  /** The next request(s) fail this way. */
  failNext(failure: QueuedFailure, times?: number): void;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function fixtureService(secret = "0123456789abcdef0123456789abcdef"): FixtureService {
  const baseUrl = "http://fixtures.test";
  const routeOf = (pathname: string): { op: AnyOperation; pathParams: Record<string, string> } | undefined => {
    for (const op of OPERATIONS) {
      const pathParams = matchPath(op.path, pathname);
      if (pathParams) return { op, pathParams };
    }
    return undefined;
  };
  const bodies: { path: string; body: unknown }[] = [];
  const failures: QueuedFailure[] = [];
  const service: FixtureService = {
    baseUrl,
    secret,
    bodies,
    calls: () => bodies.length,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      if (!url.pathname.startsWith("/v1/")) return json({ code: "ERROR_URL_NOT_FOUND", message: "", data: null });
      // A GET operation's parameters are its query; an operation's path may carry some (its route's template).
      const route = routeOf(url.pathname);
      const query =
        init?.method === "GET" && url.search
          ? Object.fromEntries(url.searchParams)
          : init?.body
            ? JSON.parse(String(init.body))
            : undefined;
      const sent = route && Object.keys(route.pathParams).length ? { ...route.pathParams, ...query } : query;
      bodies.push({ path: route?.op.path ?? url.pathname, body: sent });
      const failure = failures.shift();
      if (failure && "status" in failure) return new Response("busy", { status: failure.status });
      if (failure) return json({ code: failure.envelope, message: "错误", data: failure.data ?? null });
      const headers = new Headers(init?.headers);
      if (headers.get("secret-key") !== secret)
        return json({ code: "ERROR_SECRET_KEY", message: "秘钥错误", data: null });
      if (url.pathname === "/v1/visits") return json({ code: "OK", message: "成功", data: { remaining: 999 } });
      if (!route) return json({ code: "ERROR_URL_NOT_FOUND", message: "", data: null });
      return json(exampleBody(route.op.code));
    }) as typeof fetch,
  };
  return service;
}
