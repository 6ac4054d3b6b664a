/**
 * One POST of a JSON body to a webhook, connected to the address the guard checked (./address-guard.ts): Node's
 * http(s).request takes a `lookup`, which here answers that address only, while TLS still checks the certificate
 * against the URL's host name (SNI and verification use the host, not the address). Redirects are not followed
 * (Node never follows them; a 3xx is an answer like any other). The answer's body is read up to 64 KiB.
 *
 * No HTTP client library: Node's own request is the one that takes a pinned `lookup` this plainly; the popular
 * clients follow redirects by default (got, axios) or resolve names themselves (fetch/undici), which is what the
 * pin is here to prevent.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "./address-guard";

export interface PostAnswer {
  readonly status: number;
  readonly text: string;
  readonly retryAfter?: string;
}

const MAX_ANSWER_BYTES = 65_536;

/** A lookup that answers the checked address, whatever the name: the connection cannot go anywhere else. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

export function postJson(
  url: URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  pinned: ResolvedAddress,
  signal: AbortSignal,
): Promise<PostAnswer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: pinnedLookup(pinned),
        signal,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(body),
          "user-agent": "mad-team-relay-alerts",
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => {
          const retryAfter = response.headers["retry-after"];
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8").slice(0, MAX_ANSWER_BYTES),
            ...(typeof retryAfter === "string" ? { retryAfter } : {}),
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
