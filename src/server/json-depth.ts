/**
 * How deep a JSON text nests, read from its bytes before anything parses it. `JSON.parse` of `[` × 8 M then `]` × 8 M
 * (16 MB, under the answer cap) holds the event loop for seconds and builds millions of arrays (gigabytes); this scan
 * is one pass over the bytes with a counter, so a hostile answer is refused at the cost of reading it once.
 * Brackets inside strings do not count. UTF-8 never puts an ASCII byte inside a multi-byte character, so the bytes
 * `"`, `\`, `[`, `]`, `{`, `}` are always themselves.
 */
import { MAX_ANSWER_DEPTH } from "../api/exchange";

/** Levels of arrays and objects the relay passes on: the add-in refuses deeper answers anyway. */
export const MAX_JSON_DEPTH = MAX_ANSWER_DEPTH;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Whether arrays and objects in `bytes` (a JSON text, valid or not) nest deeper than `limit` levels. */
export function nestsDeeperThan(bytes: Uint8Array, limit: number = MAX_JSON_DEPTH): boolean {
  return jsonPastBounds(bytes, limit, Infinity) === "depth";
}

/**
 * Which bound a JSON text (valid or not) passes first, read from its bytes: arrays and objects nested deeper than
 * `maxDepth` levels, or more than `maxContainers` of them in all (what parsing it would build); undefined within.
 */
export function jsonPastBounds(
  bytes: Uint8Array,
  maxDepth: number,
  maxContainers: number,
): "depth" | "containers" | undefined {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return "depth";
      if (++containers > maxContainers) return "containers";
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return undefined;
}
