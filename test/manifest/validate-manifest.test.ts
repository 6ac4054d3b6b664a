/**
 * Golden-file tests for the offline manifest check: test/manifest/cases/good.xml passes, and each broken copy
 * (one edit each) fails with exactly the problems in its .expected.txt. The real manifest.xml passes too.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ManifestFiles, validateManifest } from "../../scripts/validate-manifest";

const CASES = join(__dirname, "cases");
const ROOT = join(__dirname, "..", "..");
const BUILT_FILES = ["functions.js", "functions.json", "functions-zh-CN.json", "taskpane.html"];

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
  const manifest = readFileSync(join(ROOT, "manifest.xml"), "utf8");

  it("passes the offline check once the build has run", () => {
    expect(validateManifest(manifest, filesWith(BUILT_FILES))).toEqual([]);
  });

  it("points Chinese Excel at the Chinese functions metadata, and it must be built", () => {
    expect(manifest).toMatch(
      /<bt:Url id="Functions.Metadata.Url" DefaultValue="[^"]*functions.json">\s*<bt:Override Locale="zh-CN" Value="https:\/\/localhost:3000\/functions-zh-CN.json"\/>/,
    );
    expect(validateManifest(manifest, filesWith(BUILT_FILES.filter((f) => f !== "functions-zh-CN.json")))).toContain(
      "CustomFunctions Metadata (Override zh-CN) (Functions.Metadata.Url) points at functions-zh-CN.json, which is not in dist/ (run npm run build first)",
    );
  });

  it("checks each locale override: a language tag, once per locale, a value within Office's limits, URLs on the base", () => {
    const broken = manifest
      .replace('<bt:Override Locale="zh-CN" Value="市场数据"/>', '<bt:Override Locale="Chinese" Value="市场数据"/>')
      .replace('<bt:Override Locale="zh-TW" Value="调研"/>', '<bt:Override Locale="zh-TW" Value=""/>')
      .replace(
        '<bt:Override Locale="zh-TW" Value="https://localhost:3000/functions-zh-CN.json"/>',
        '<bt:Override Locale="zh-TW" Value="https://elsewhere.example/functions-zh-CN.json"/>',
      )
      .replace(
        '<Override Locale="zh-TW" Value="Marketplace Analytics Data 市场数据分析"/>',
        `<Override Locale="zh-CN" Value="${"长".repeat(126)}"/>`,
      );
    expect(validateManifest(broken, filesWith(BUILT_FILES))).toEqual(
      expect.arrayContaining([
        "DisplayName: two Overrides for the locale zh-CN",
        "DisplayName: Override for zh-CN is longer than 125 characters",
        'Resources ShortString "Group.Label": Override Locale "Chinese" is not a language tag such as zh-CN',
        'Resources ShortString "TaskpaneButton.Label": Override for zh-TW has no Value',
        'Resources Url "Functions.Metadata.Url" (Override zh-TW): https://elsewhere.example/functions-zh-CN.json is not under the add-in base https://localhost:3000/',
      ]),
    );
  });
});
