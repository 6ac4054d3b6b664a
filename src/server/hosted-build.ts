/**
 * Whether dist/ is a hosted build: `npm run build` with ADDIN_BASE_URL ships the add-in only. A development build
 * (or one without ADDIN_BASE_URL) also holds the local preview page, source maps (the source, readable by anyone)
 * and a manifest that points at https://localhost:3000/, none of which belongs on a public server.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DEV_BASE = "https://localhost:3000/";

/** What marks `dir` as not a hosted build, in words; empty = a hosted build. */
export function developmentBuildSigns(dir: string): string[] {
  const signs: string[] = [];
  const names = readdirSync(dir);
  if (names.includes("preview.html")) signs.push("preview.html (the local preview page)");
  const maps = names.filter((name) => name.endsWith(".map"));
  if (maps.length)
    signs.push(`${maps.length} source map${maps.length === 1 ? "" : "s"} (${maps[0]}${maps.length > 1 ? ", …" : ""})`);
  if (names.includes("manifest.xml") && readFileSync(path.join(dir, "manifest.xml"), "utf8").includes(DEV_BASE))
    signs.push(`manifest.xml pointing at ${DEV_BASE}`);
  return signs;
}
