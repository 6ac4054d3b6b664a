/**
 * How long a browser may keep each built file, for both servers of dist/ (the hosting server and the simulator's
 * preview): a name with a content hash (webpack's chunks, e.g. builder.8fef2c75.js) never changes, since a rebuild
 * that changes it changes its name, so it is kept for a year without asking again; every other file is asked about
 * on each load (Office re-reads manifest.xml, functions.json and taskpane.html to pick up an update, and the entry
 * bundles keep their names across builds).
 */
import type { ServerResponse } from "node:http";
import path from "node:path";

const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControlFor(file: string): string {
  return HASHED_NAME.test(path.basename(file)) ? "public, max-age=31536000, immutable" : "no-cache";
}

/** serve-static's `setHeaders`. */
export function setCacheControl(res: ServerResponse, file: string): void {
  res.setHeader("Cache-Control", cacheControlFor(file));
}
