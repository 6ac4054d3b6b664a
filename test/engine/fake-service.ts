/**
 * A fake of the service behind an injected fetch, on simulated time: it pages through `total` rows (page 0 in
 * answers, as the live service does), takes `latencyMs` of clock time per request, and records every request
 * (time, path, body, headers) so tests can count calls, concurrency and pacing.
 */
import type { Clock } from "../../src/lib/clock";

export interface SentRequest {
  at: number;
  url: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/** `none`: answered normally (to fail a later request of a sequence). */
export type Fault = "none" | "stall" | "http500" | "visitMax" | "visitMaxRetryAfter5s";

export interface FakeServiceOptions {
  clock: Clock;
  latencyMs?: number;
  /** Matching rows of paged operations (default 5,000). */
  total?: number;
  /** Rows actually served before the data runs short (simulates a short page despite `total`). */
  available?: number;
  /** Rows of array operations (default 12). */
  arrayRows?: number;
}

interface FakeResponse {
  status: number;
  headers: Headers;
  text(): Promise<string>;
}

export class FakeService {
  readonly requests: SentRequest[] = [];
  /** Faults applied to the next requests, one each. */
  readonly faults: Fault[] = [];
  concurrent = 0;
  maxConcurrent = 0;
  aborted = 0;
  /** null: answers carry no total. */
  total: number | null;
  available: number | undefined;
  remaining = 987;
  /** The plan's monthly calls the visits answer names; left out when null. */
  quota: number | null = null;
  /** An error code every request is answered with (a refused secret), or null. */
  refuseWith: string | null = null;
  /** Lookups answer one product more than was asked for (a variant, say): the engine must ignore it. */
  stray = false;

  constructor(private readonly options: FakeServiceOptions) {
    this.total = options.total ?? 5000;
    this.available = options.available;
  }

  get calls(): number {
    return this.requests.length;
  }

  /** Send times of every request, for pacing checks. */
  sendTimes(): number[] {
    return this.requests.map((r) => r.at);
  }

  /** Most requests in any window of `windowMs` (inclusive start, exclusive end). */
  maxInWindow(windowMs: number): number {
    const times = this.sendTimes().sort((a, b) => a - b);
    let best = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i] - times[j] >= windowMs) j++;
      best = Math.max(best, i - j + 1);
    }
    return best;
  }

  readonly fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<FakeResponse> => {
    const url = String(input);
    const path = new URL(url).pathname;
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const headers = { ...(init?.headers as Record<string, string>) };
    const signal = init?.signal ?? undefined;
    this.requests.push({ at: this.options.clock.now(), url, path, body, headers, signal });
    const fault = this.faults.shift();
    this.concurrent++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.concurrent);
    try {
      if (fault === "stall") {
        // Never answers and ignores the signal: the engine must settle on its own.
        return await new Promise<FakeResponse>(() => undefined);
      }
      await this.options.clock.sleep(this.options.latencyMs ?? 100, signal).catch((error: unknown) => {
        this.aborted++;
        throw error;
      });
      if (fault === "http500") return respond(500, { message: "boom" });
      if (fault === "visitMax") return respond(200, { code: "ERROR_VISIT_MAX", message: "limit", data: null });
      if (fault === "visitMaxRetryAfter5s")
        return respond(429, { code: "ERROR_VISIT_MAX", message: "limit", data: null }, { "retry-after": "5" });
      if (this.refuseWith) return respond(200, { code: this.refuseWith, message: "refused", data: null });
      if (path === "/v1/visits")
        return respond(200, {
          code: "OK",
          message: "ok",
          data: { remaining: this.remaining, ...(this.quota === null ? {} : { quota: this.quota }) },
        });
      return respond(200, { code: "OK", message: "成功", data: this.dataFor(path, body ?? {}) });
    } finally {
      this.concurrent--;
    }
  }) as unknown as typeof fetch;

  private dataFor(path: string, body: Record<string, unknown>): unknown {
    if (Array.isArray(body.asins)) return this.lookupFor(body.asins as string[]);
    const tag = JSON.stringify(body.keyword ?? body.nodeIdPath ?? body.marketplace ?? "");
    if (path.startsWith("/v1/market/") && path !== "/v1/market/statistics") {
      return Array.from({ length: this.options.arrayRows ?? 12 }, (_, i) => ({ label: `${tag}-${i}`, products: i }));
    }
    const page = Number(body.page ?? 1);
    const size = Number(body.size ?? 50);
    const served = Math.min(this.total ?? Infinity, this.available ?? Infinity, 2000);
    const from = (page - 1) * size;
    const count = Math.max(0, Math.min(size, served - from));
    const items = Array.from({ length: count }, (_, i) => ({
      asin: `B0${String(from + i).padStart(8, "0")}`,
      title: `${tag} #${from + i + 1}`,
    }));
    // The live service sends page 0 and pages 0 in some answers: the engine must not rely on them.
    return { page: 0, pages: 0, size, total: this.total, items };
  }

  /**
   * Competitor lookup by `asins`: one item per known ASIN (ids with ZZZZ are unknown and left out), in another order
   * than asked (the service sorts by units), with a product nobody asked for among them when `stray` is set.
   */
  private lookupFor(asins: readonly string[]): unknown {
    const items = [...new Set(asins)]
      .filter((a) => !a.includes("ZZZZ"))
      .map(fakeProduct)
      .reverse();
    if (this.stray) items.splice(1, 0, fakeProduct("B0STRAY000"));
    return { page: 1, pages: 1, size: 100, total: items.length, items };
  }
}

/** A product of the fake service: its fields say which ASIN they belong to, so a mix-up shows. */
export const fakeProduct = (asin: string) => ({ asin, title: `product ${asin}`, price: Number(asin.slice(-3)) || 1 });

function respond(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: new Headers(headers), text: async () => JSON.stringify(body) };
}
