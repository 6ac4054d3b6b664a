/**
 * Golden-file tests for the offline manifest check: test/manifest/cases/good.xml passes, and each broken copy
 * (one edit each) fails with exactly the problems in its .expected.txt. The real manifest.xml passes too.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ManifestFiles, validateManifest } from "../../scripts/validate-manifest";

const CASES = join(__dirname, "cases");
const ROOT = join(__dirname, "..", "..");
const BUILT_FILES = ["functions.js", "functions.json", "taskpane.html"];

function filesWith(built: readonly string[]): ManifestFiles {
  return {
    builtFileExists: (path) => built.includes(path),
    readAsset: (path) => {
      try {
        return readFileSync(join(ROOT, "assets", path));
      } catch {
        return undefined;
      }
    },
  };
}

const readCase = (name: string) => readFileSync(join(CASES, name), "utf8");
const brokenCases = readdirSync(CASES)
  .filter((name) => name.endsWith(".expected.txt"))
  .map((name) => name.replace(/\.expected\.txt$/, ""));

describe("validateManifest golden files", () => {
  it("has a broken case for each rule the brief names", () => {
    expect(brokenCases).toEqual(
      expect.arrayContaining(["malformed", "missing-element", "unresolved-resid", "url-off-base"]),
    );
  });

  it("passes the good manifest", () => {
    expect(validateManifest(readCase("good.xml"), filesWith(BUILT_FILES))).toEqual([]);
  });

  it.each(brokenCases)("%s.xml fails with the expected problems", (name) => {
    const expected = readCase(`${name}.expected.txt`).trimEnd().split("\n");
    expect(validateManifest(readCase(`${name}.xml`), filesWith(BUILT_FILES))).toEqual(expected);
  });

  it("names each built file that is missing from dist/", () => {
    expect(validateManifest(readCase("good.xml"), filesWith(["taskpane.html"]))).toEqual([
      "CustomFunctions Script (Functions.Script.Url) points at functions.js, which is not in dist/ (run npm run build first)",
      "CustomFunctions Metadata (Functions.Metadata.Url) points at functions.json, which is not in dist/ (run npm run build first)",
    ]);
  });

  it("reports an icon that is not in assets/", () => {
    const manifest = readCase("good.xml").replace("/assets/icon-80.png", "/assets/missing-80.png");
    expect(validateManifest(manifest, filesWith(BUILT_FILES))).toEqual([
      'Resources Image "Icon.80x80": https://addin.example.com/mad/assets/missing-80.png does not point at a file in assets/',
    ]);
  });

  it("reports a resid that names the wrong kind of resource", () => {
    const manifest = readCase("good.xml").replace('<Runtime resid="Taskpane.Url"', '<Runtime resid="Button.Label"');
    expect(validateManifest(manifest, filesWith(BUILT_FILES))).toContain(
      'resid "Button.Label" used by VersionOverrides/Hosts/Host/Runtimes/Runtime must name a Url resource, but names a ShortString',
    );
  });
});

describe("the project manifest", () => {
  it("passes the offline check once the build has run", () => {
    const manifest = readFileSync(join(ROOT, "manifest.xml"), "utf8");
    expect(validateManifest(manifest, filesWith(BUILT_FILES))).toEqual([]);
  });
});
