/**
 * Static files (the built add-in, the preview page) from the same origin as the API. serve-static (already in the
 * tree through webpack-dev-server's express) brings content types, ETag/Last-Modified, ranges, index files and
 * refuses `..` traversal; that is the plumbing a hand-written handler would get wrong.
 */
import { existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import serveStatic from "serve-static";
import { setCacheControl } from "../server/cache-policy";

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The default static directory: ./dist when it exists. */
export function defaultStaticDir(cwd = process.cwd()): string | undefined {
  const dist = path.resolve(cwd, "dist");
  return existsSync(dist) && statSync(dist).isDirectory() ? dist : undefined;
}

export function createStaticHandler(dir: string): StaticHandler {
  const serve = serveStatic(path.resolve(dir), {
    index: ["index.html"],
    dotfiles: "ignore",
    fallthrough: true,
    // As the hosting server: a rebuilt bundle is picked up on reload (entry files are asked about on every load, a
    // changed chunk has a new name), and the preview does not ask again about twenty unchanged chunks each time.
    setHeaders: setCacheControl,
  });
  return (req, res, next) => serve(req, res, () => next());
}
