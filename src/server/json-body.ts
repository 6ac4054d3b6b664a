/**
 * A member's JSON body on the relay's own routes (alerts, schedules): read within a size, then its nesting and its
 * count of arrays and objects checked from its bytes before anything parses it (./json-depth.ts), as the data
 * routes check theirs, so a deeply nested or costly body costs one pass over its bytes and is refused. One reader
 * for every route that takes a member's JSON; ./team/routes/member-answers.ts words the refusal in the member's
 * language.
 */
import type { IncomingMessage } from "node:http";
import { jsonPastBounds } from "./json-depth";
import { BodyTooLarge, readBody } from "./relay";

export interface JsonBodyLimits {
  readonly maxBytes: number;
  /** Levels of arrays and objects: a member's alert or schedule needs 6 or so. */
  readonly maxDepth: number;
  /** Arrays and objects in all: a schedule of 20 queries needs about a hundred. */
  readonly maxContainers: number;
}

const MEMBER_BODY_LIMITS: JsonBodyLimits = { maxBytes: 200_000, maxDepth: 16, maxContainers: 2_000 };

export type BodyRefusal =
  | { readonly kind: "too-large"; readonly max: number }
  | { readonly kind: "too-deep"; readonly max: number }
  | { readonly kind: "too-costly"; readonly max: number }
  | { readonly kind: "not-json" };

export async function readJsonBody(
  req: IncomingMessage,
  limits: JsonBodyLimits = MEMBER_BODY_LIMITS,
): Promise<{ body: unknown } | { refused: BodyRefusal }> {
  let bytes: Buffer;
  try {
    bytes = await readBody(req, limits.maxBytes);
  } catch (error) {
    return {
      refused: error instanceof BodyTooLarge ? { kind: "too-large", max: limits.maxBytes } : { kind: "not-json" },
    };
  }
  const past = jsonPastBounds(bytes, limits.maxDepth, limits.maxContainers);
  if (past === "depth") return { refused: { kind: "too-deep", max: limits.maxDepth } };
  if (past === "containers") return { refused: { kind: "too-costly", max: limits.maxContainers } };
  try {
    return { body: JSON.parse(bytes.toString("utf8")) };
  } catch {
    return { refused: { kind: "not-json" } };
  }
}
