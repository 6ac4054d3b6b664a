/**
 * History as JSON, streamed in the service's envelope: `{"code":"OK","message":"OK","data":{…head,"rows":[…]}}`,
 * each batch of rows written as it comes and the response drained before the next, so an answer of a year of
 * rows is never one string in memory. A failure of the source destroys the response (a cut answer is invalid
 * JSON, never a short one that parses).
 */
import type { Writable } from "node:stream";
import { put } from "./csv";

export const JSON_CONTENT_TYPE = "application/json;charset=utf-8";

/**
 * Streams the envelope with `head`'s entries (e.g. `schedule`) before `rows`, and ends `out`. Rows are plain
 * objects, each written with JSON.stringify.
 */
export async function writeJsonEnvelope(
  out: Writable,
  head: Readonly<Record<string, unknown>>,
  batches: AsyncIterable<readonly object[]>,
): Promise<void> {
  const opening = JSON.stringify({ code: "OK", message: "OK", data: head }).slice(0, -2);
  const comma = Object.keys(head).length ? "," : "";
  let first = true;
  try {
    if (!(await put(out, `${opening}${comma}"rows":[`))) return;
    for await (const batch of batches) {
      if (!batch.length) continue;
      let text = first ? "" : ",";
      for (let i = 0; i < batch.length; i++) text += (i ? "," : "") + JSON.stringify(batch[i]);
      first = false;
      if (!(await put(out, text))) return;
    }
    out.end("]}}");
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}
