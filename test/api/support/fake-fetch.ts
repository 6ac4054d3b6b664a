/**
 * A scripted stand-in for fetch: records every request and answers from a script, so client tests need no
 * network and no patched globals. A reply can be a Response, an error to reject with, a stall that honours the
 * abort signal (like real fetch) or a deaf stall that ignores it (a broken fetch the client must still outlive).
 */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Reply =
  Response | Error | "stall" | "deafStall" | ((request: RecordedRequest) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedRequest[];
}

/** Replies in order; the last reply repeats when the script runs out. */
export function fakeFetch(...script: Reply[]): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(request);
    const reply = script[Math.min(calls.length - 1, script.length - 1)];
    if (reply instanceof Response) return reply.clone();
    if (reply instanceof Error) throw reply;
    if (reply === "deafStall") return new Promise<Response>(() => undefined);
    if (reply === "stall") {
      return new Promise<Response>((_, reject) => {
        const signal = request.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      });
    }
    return reply(request);
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export const ok = (data: unknown) => json({ code: "OK", message: "成功", data });
export const apiError = (code: string, message = "", status = 200, headers: Record<string, string> = {}) =>
  json({ code, message, data: null }, status, headers);
export const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/html", ...headers } });

/** A network failure the way Node's fetch reports one. */
export function networkFailure(): TypeError {
  return new TypeError("fetch failed", {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
  });
}
