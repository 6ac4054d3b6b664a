/**
 * A short fingerprint of the functions' metadata the build is made from (the generated wrappers and their Chinese
 * metadata, both written by `npm run gen:functions` from the operation catalog). `npm run screenshots` stamps it into
 * each picture, and test/docs/screenshots.test.ts compares: a picture of an older catalog (fewer functions, older
 * texts) fails the test until the pictures are taken again.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SOURCES = ["src/functions/generated/functions.ts", "src/functions/generated/functions-zh-CN.json"];

/** The tEXt keyword of the stamp in each picture. */
export const CATALOG_STAMP = "mad-catalog";

export function catalogFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES) hash.update(readFileSync(path.join(ROOT, file)));
  return hash.digest("hex").slice(0, 16);
}
