/**
 * The READMEs' pictures show the add-in as the catalog now makes it: `npm run screenshots` stamps each with the
 * fingerprint of the functions' metadata it was taken from (scripts/catalog-fingerprint.ts), and a picture of an
 * older catalog (issue 32: "Functions of the add-in (24)" where the build has 46) fails here until retaken.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CATALOG_STAMP, catalogFingerprint } from "../../scripts/catalog-fingerprint";
import { readPngTexts, withPngText } from "../../scripts/png";
import { ROOT } from "../architecture/source-scan";

const pictures = [
  ...new Set(
    ["README.md", "README.zh-CN.md"].flatMap((readme) =>
      [...readFileSync(path.join(ROOT, readme), "utf8").matchAll(/\]\((docs\/images\/[\w.-]+\.png)\)/g)].map(
        (m) => m[1],
      ),
    ),
  ),
];

test("the READMEs show pictures", () => {
  expect(pictures.length).toBeGreaterThanOrEqual(5);
});

test.each(pictures)("%s was taken from the current catalog (else: npm run screenshots)", (picture) => {
  const stamp = readPngTexts(readFileSync(path.join(ROOT, picture)))[CATALOG_STAMP];
  expect({ picture, stamp }).toEqual({ picture, stamp: catalogFingerprint() });
});

test("a stamp survives in the picture and replaces an older one", () => {
  const png = readFileSync(path.join(ROOT, pictures[0]));
  const restamped = withPngText(withPngText(png, CATALOG_STAMP, "old"), CATALOG_STAMP, "new");
  expect(readPngTexts(restamped)[CATALOG_STAMP]).toBe("new");
  expect(restamped.length).toBeLessThanOrEqual(png.length + 40);
});
