/**
 * Offline manifest check (`npm run validate`). The online validator of office-addin-manifest needs the internet;
 * this one checks what breaks sideloading most often: well-formed XML, the required elements, every resid resolving
 * to a resource of the right kind, one shared runtime, every add-in URL under one HTTPS base, the functions
 * script/page/metadata URLs pointing at files the build produced, and icons that exist at the declared sizes.
 *
 * Usage: tsx scripts/validate-manifest.ts [manifest.xml ...] [--dist dist] [--assets assets]
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readPngSize } from "./png";
import { XmlElement, allAt, childrenNamed, firstAt, parseXml, walk } from "./xml-tree";

export interface ManifestFiles {
  /** Whether the build wrote `relativePath` (relative to the add-in base, e.g. "functions.js") into dist/. */
  builtFileExists(relativePath: string): boolean;
  /** The bytes of assets/`relativePath`, or undefined when there is no such file. */
  readAsset(relativePath: string): Uint8Array | undefined;
}

export const EXPECTED_NAMESPACE = "MAD";
const PERMISSIONS = ["Restricted", "ReadDocument", "ReadAllDocument", "WriteDocument", "ReadWriteDocument"];
const MAX_RESOURCE_ID_LENGTH = 32; // Office rejects longer resource ids
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MANIFEST_VERSION = /^\d+(\.\d+){0,3}$/;

type ResourceKind = "Image" | "Url" | "ShortString" | "LongString";
interface Resource {
  kind: ResourceKind;
  value: string;
  /** `<bt:Override Locale="zh-CN" Value="..."/>`: what Office shows or loads instead in that display language. */
  overrides: { locale: string; value: string }[];
}

/** A BCP 47 language tag as Office's locale overrides take them (`zh-CN`, `de-DE`, `en`). */
const LOCALE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** Office's limits: short strings (labels, DisplayName) 125 characters, long strings (tooltips, Description) 250. */
const MAX_LENGTH: Readonly<Partial<Record<ResourceKind, number>>> = { ShortString: 125, LongString: 250 };

/** Elements whose resid must name a resource of one kind; others (Label, Title, Description) take any string. */
const RESID_KIND: Record<string, ResourceKind> = {
  Image: "Image",
  SourceLocation: "Url",
  Runtime: "Url",
  FunctionFile: "Url",
  LearnMoreUrl: "Url",
  Namespace: "ShortString",
};

/** Returns every problem found, in document order; an empty list means the manifest passed. */
export function validateManifest(xml: string, files: ManifestFiles): string[] {
  const parsed = parseXml(xml);
  if (!parsed.ok) return [parsed.error];
  const app = parsed.root;
  if (app.name !== "OfficeApp") return [`root element must be OfficeApp, found ${app.name}`];

  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  if (app.attributes.type !== "TaskPaneApp") report(`OfficeApp: xsi:type must be "TaskPaneApp"`);

  checkTopLevel(app, report);
  const resources = collectResources(app, report);
  checkResids(app, resources, report);
  checkAddIn(app, resources, report);
  checkUrlsAndFiles(app, resources, files, report);
  return problems;
}

type Report = (problem: string) => void;

function requireText(app: XmlElement, path: string, report: Report, rule?: [RegExp, string]): void {
  const element = firstAt(app, path);
  if (!element || element.text === "") return report(`missing required element OfficeApp/${path}`);
  if (rule && !rule[0].test(element.text)) report(`OfficeApp/${path} must be ${rule[1]}, found "${element.text}"`);
}

function requireDefaultValue(app: XmlElement, path: string, report: Report): void {
  if (!firstAt(app, path)?.attributes.DefaultValue) report(`missing required element OfficeApp/${path} DefaultValue`);
}

/** Locale overrides: a valid tag each, once per locale, a value within the limit (the default's too). */
function checkOverrides(
  where: string,
  defaultValue: string,
  overrides: readonly { locale: string; value: string }[],
  report: Report,
  maxLength?: number,
): void {
  const seen = new Set<string>();
  if (maxLength !== undefined && defaultValue.length > maxLength)
    report(`${where}: DefaultValue is longer than ${maxLength} characters`);
  for (const { locale, value } of overrides) {
    if (!LOCALE_TAG.test(locale)) report(`${where}: Override Locale "${locale}" is not a language tag such as zh-CN`);
    else if (seen.has(locale.toLowerCase())) report(`${where}: two Overrides for the locale ${locale}`);
    seen.add(locale.toLowerCase());
    if (value.trim() === "") report(`${where}: Override for ${locale} has no Value`);
    else if (maxLength !== undefined && value.length > maxLength)
      report(`${where}: Override for ${locale} is longer than ${maxLength} characters`);
  }
}

/** DisplayName and Description may be overridden per locale (`<Override Locale="zh-CN" Value="..."/>`). */
function checkTopLevelOverrides(app: XmlElement, report: Report): void {
  for (const [path, maxLength] of [
    ["DisplayName", 125],
    ["Description", 250],
  ] as const) {
    const element = firstAt(app, path);
    if (!element) continue;
    const overrides = element.children
      .filter((child) => child.name === "Override")
      .map((child) => ({ locale: child.attributes.Locale ?? "", value: child.attributes.Value ?? "" }));
    checkOverrides(path, element.attributes.DefaultValue ?? "", overrides, report, maxLength);
  }
}

function checkTopLevel(app: XmlElement, report: Report): void {
  checkTopLevelOverrides(app, report);
  requireText(app, "Id", report, [GUID, "a GUID"]);
  requireText(app, "Version", report, [MANIFEST_VERSION, "a version like 1.0.0.0"]);
  requireText(app, "ProviderName", report);
  requireText(app, "DefaultLocale", report);
  for (const path of [
    "DisplayName",
    "Description",
    "IconUrl",
    "HighResolutionIconUrl",
    "DefaultSettings/SourceLocation",
  ]) {
    requireDefaultValue(app, path, report);
  }
  if (!allAt(app, "Hosts/Host").some((host) => host.attributes.Name === "Workbook")) {
    report(`missing required element OfficeApp/Hosts/Host Name="Workbook"`);
  }
  const sets = allAt(app, "Requirements/Sets/Set").map((set) => set.attributes.Name);
  for (const required of ["SharedRuntime", "CustomFunctionsRuntime"]) {
    if (!sets.includes(required)) report(`missing required element OfficeApp/Requirements/Sets/Set Name="${required}"`);
  }
  requireText(app, "Permissions", report, [new RegExp(`^(${PERMISSIONS.join("|")})$`), PERMISSIONS.join(" | ")]);
  // AppMarketplace and the admin center show SupportUrl; a hosting build sets it (ADDIN_SUPPORT_URL or help.html).
  const support = firstAt(app, "SupportUrl")?.attributes.DefaultValue;
  if (!support) report("missing required element OfficeApp/SupportUrl DefaultValue");
  else if (!URL.canParse(support) || new URL(support).protocol !== "https:")
    report(`SupportUrl: "${support}" must be an https URL`);
  for (const domain of allAt(app, "AppDomains/AppDomain")) {
    const text = domain.text.trim();
    if (!URL.canParse(text) || new URL(text).protocol !== "https:" || new URL(text).origin !== text)
      report(`AppDomain: "${text}" must be an https origin such as https://addins.example.com`);
  }
}

function collectResources(app: XmlElement, report: Report): Map<string, Resource> {
  const resources = new Map<string, Resource>();
  const groups: [string, ResourceKind][] = [
    ["Images/Image", "Image"],
    ["Urls/Url", "Url"],
    ["ShortStrings/String", "ShortString"],
    ["LongStrings/String", "LongString"],
  ];
  const resourcesElement = firstAt(app, "VersionOverrides/Resources");
  if (firstAt(app, "VersionOverrides") && !resourcesElement)
    report("missing required element VersionOverrides/Resources");
  for (const [path, kind] of groups) {
    for (const element of allAt(resourcesElement, path)) {
      const id = element.attributes.id ?? "";
      if (id === "") report(`Resources: a ${kind} has no id`);
      else if (resources.has(id)) report(`Resources: id "${id}" is declared twice`);
      else if (id.length > MAX_RESOURCE_ID_LENGTH) report(`Resources: id "${id}" is longer than 32 characters`);
      const overrides = element.children
        .filter((child) => child.name === "Override")
        .map((child) => ({ locale: child.attributes.Locale ?? "", value: child.attributes.Value ?? "" }));
      checkOverrides(
        `Resources ${kind} "${id}"`,
        element.attributes.DefaultValue ?? "",
        overrides,
        report,
        MAX_LENGTH[kind],
      );
      resources.set(id, { kind, value: element.attributes.DefaultValue ?? "", overrides });
    }
  }
  return resources;
}

function checkResids(app: XmlElement, resources: Map<string, Resource>, report: Report): void {
  const versionOverrides = firstAt(app, "VersionOverrides");
  if (!versionOverrides) return;
  walk(versionOverrides, (element, path) => {
    const resid = element.attributes.resid;
    if (resid === undefined) return;
    const resource = resources.get(resid);
    if (!resource) return report(`resid "${resid}" used by ${path} has no entry in Resources`);
    const expected = RESID_KIND[element.name];
    if (expected && resource.kind !== expected) {
      report(`resid "${resid}" used by ${path} must name a ${expected} resource, but names a ${resource.kind}`);
    }
  });
}

/** The parts of VersionOverrides this add-in needs: shared runtime, MAD custom functions, a task pane button. */
function checkAddIn(app: XmlElement, resources: Map<string, Resource>, report: Report): void {
  const versionOverrides = firstAt(app, "VersionOverrides");
  if (!versionOverrides) return report("missing required element OfficeApp/VersionOverrides");
  const host = allAt(versionOverrides, "Hosts/Host").find((candidate) => candidate.attributes.type === "Workbook");
  if (!host) return report(`missing required element VersionOverrides/Hosts/Host xsi:type="Workbook"`);

  const runtime = firstAt(host, "Runtimes/Runtime");
  if (!runtime?.attributes.resid) report("missing required element Host/Runtimes/Runtime resid (the shared runtime)");
  else if (runtime.attributes.lifetime !== "long") report(`Host/Runtimes/Runtime must have lifetime="long"`);

  const functions = allAt(host, "AllFormFactors/ExtensionPoint").find(
    (point) => point.attributes.type === "CustomFunctions",
  );
  if (!functions) report(`missing required element AllFormFactors/ExtensionPoint xsi:type="CustomFunctions"`);
  for (const part of ["Script", "Page", "Metadata"]) {
    if (functions && !firstAt(functions, `${part}/SourceLocation`)?.attributes.resid) {
      report(`missing required element CustomFunctions ${part}/SourceLocation resid`);
    }
  }
  const namespaceResid = firstAt(functions, "Namespace")?.attributes.resid;
  if (functions && !namespaceResid) report("missing required element CustomFunctions Namespace resid");
  const namespace = namespaceResid ? resources.get(namespaceResid)?.value : undefined;
  if (namespace !== undefined && namespace !== EXPECTED_NAMESPACE) {
    report(`CustomFunctions Namespace must be "${EXPECTED_NAMESPACE}", found "${namespace}"`);
  }

  const taskpaneActions = allAt(host, "DesktopFormFactor/ExtensionPoint")
    .filter((point) => point.attributes.type === "PrimaryCommandSurface")
    .flatMap((point) => collectControls(point))
    .flatMap((control) => childrenNamed(control, "Action"))
    .filter((action) => action.attributes.type === "ShowTaskpane");
  if (taskpaneActions.length === 0) {
    report(`missing required element: a ribbon Control with Action xsi:type="ShowTaskpane" (the task pane command)`);
  }

  // One shared runtime: the functions page, the task pane and the function file must all load the runtime's page.
  const runtimeResid = runtime?.attributes.resid;
  if (!runtimeResid) return;
  const sharers: [string, string | undefined][] = [
    ["CustomFunctions Page/SourceLocation", firstAt(functions, "Page/SourceLocation")?.attributes.resid],
    ["DesktopFormFactor/FunctionFile", firstAt(host, "DesktopFormFactor/FunctionFile")?.attributes.resid],
    ...taskpaneActions.map((action): [string, string | undefined] => [
      "ShowTaskpane SourceLocation",
      firstAt(action, "SourceLocation")?.attributes.resid,
    ]),
  ];
  for (const [where, resid] of sharers) {
    if (resid !== undefined && resid !== runtimeResid) {
      report(`shared runtime: ${where} uses resid "${resid}" but the Runtime uses "${runtimeResid}"; they must match`);
    }
  }
}

function collectControls(element: XmlElement): XmlElement[] {
  return element.children.flatMap((child) => (child.name === "Control" ? [child] : collectControls(child)));
}

/** The decoded path of `url` below `base` (query and fragment dropped), or undefined when it lies elsewhere. */
function pathBelow(base: string, url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const { origin, pathname } = new URL(url);
  const location = origin + pathname;
  return location.startsWith(base) ? decodeURIComponent(location.slice(base.length)) : undefined;
}

function checkUrlsAndFiles(app: XmlElement, resources: Map<string, Resource>, files: ManifestFiles, report: Report) {
  const sourceLocation = firstAt(app, "DefaultSettings/SourceLocation")?.attributes.DefaultValue;
  if (!sourceLocation) return; // reported as a missing element
  if (!URL.canParse(sourceLocation)) return report(`DefaultSettings/SourceLocation: "${sourceLocation}" is not a URL`);
  const base = new URL(".", sourceLocation).href;
  if (!base.startsWith("https://"))
    report(`the add-in base ${base} (from DefaultSettings/SourceLocation) must use https`);

  const checkUnderBase = (url: string, where: string): string | undefined => {
    const path = pathBelow(base, url);
    if (path === undefined) report(`${where}: ${url || "(empty)"} is not under the add-in base ${base}`);
    return path;
  };
  const checkIcon = (url: string, where: string, expectedSizes: number[]) => {
    const path = checkUnderBase(url, where);
    if (path === undefined) return;
    const bytes = path.startsWith("assets/") ? files.readAsset(path.slice("assets/".length)) : undefined;
    if (!bytes) return report(`${where}: ${url} does not point at a file in assets/`);
    const size = readPngSize(bytes);
    if (!size) return report(`${where}: ${path} is not a PNG`);
    const wrong = expectedSizes.find((expected) => size.width !== expected || size.height !== expected);
    if (wrong !== undefined) report(`${where}: ${path} is ${size.width}x${size.height}, expected ${wrong}x${wrong}`);
  };

  checkIcon(firstAt(app, "IconUrl")?.attributes.DefaultValue ?? "", "IconUrl", [32]);
  checkIcon(firstAt(app, "HighResolutionIconUrl")?.attributes.DefaultValue ?? "", "HighResolutionIconUrl", [64]);

  // Each image resource must match every size it is shown at (<bt:Image size="16" resid="..."/>).
  const versionOverrides = firstAt(app, "VersionOverrides");
  const imageSizes = new Map<string, Set<number>>();
  if (versionOverrides) {
    walk(versionOverrides, ({ name, attributes: { resid, size } }) => {
      if (name === "Image" && resid && size)
        imageSizes.set(resid, (imageSizes.get(resid) ?? new Set()).add(Number(size)));
    });
  }
  for (const [id, resource] of resources) {
    const where = `Resources ${resource.kind} "${id}"`;
    if (resource.kind === "Image") checkIcon(resource.value, where, [...(imageSizes.get(id) ?? [])]);
    if (resource.kind === "Url") checkUnderBase(resource.value, where);
    if (resource.kind === "Url")
      for (const o of resource.overrides) checkUnderBase(o.value, `${where} (Override ${o.locale})`);
  }

  // The files the runtime loads must exist in the build output (URLs off the base are reported above).
  const functions = allAt(versionOverrides, "Hosts/Host/AllFormFactors/ExtensionPoint").find(
    (point) => point.attributes.type === "CustomFunctions",
  );
  for (const part of ["Script", "Page", "Metadata"]) {
    const resid = firstAt(functions, `${part}/SourceLocation`)?.attributes.resid;
    const resource = resid ? resources.get(resid) : undefined;
    // Each language's file too: a locale override of the metadata is the functions.json Excel loads in that language.
    const locations = [
      { label: part, url: resource?.value ?? "" },
      ...(resource?.overrides ?? []).map((o) => ({ label: `${part} (Override ${o.locale})`, url: o.value })),
    ];
    for (const { label, url } of locations) {
      const path = pathBelow(base, url);
      if (resid && path !== undefined && !files.builtFileExists(path)) {
        report(
          `CustomFunctions ${label} (${resid}) points at ${path}, which is not in dist/ (run npm run build first)`,
        );
      }
    }
  }
}

/** Reads the build output and the assets folder from disk. */
export function filesOnDisk(distDir: string, assetsDir: string): ManifestFiles {
  return {
    builtFileExists: (relativePath) => existsSync(join(distDir, relativePath)),
    readAsset: (relativePath) => {
      const file = join(assetsDir, relativePath);
      return existsSync(file) ? readFileSync(file) : undefined;
    },
  };
}

/** `tsx scripts/validate-manifest.ts [manifest.xml ...] [--dist DIR] [--assets DIR]`. */
function main(argv: string[]): number {
  const { values: options, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { dist: { type: "string", default: "dist" }, assets: { type: "string", default: "assets" } },
  });
  const manifests = positionals.length > 0 ? positionals : ["manifest.xml"];
  const files = filesOnDisk(resolve(options.dist), resolve(options.assets));
  let failed = false;
  for (const manifest of manifests) {
    if (!existsSync(manifest)) {
      console.error(`${manifest}: file not found${manifest.startsWith("dist") ? " (run npm run build first)" : ""}`);
      failed = true;
      continue;
    }
    const problems = validateManifest(readFileSync(manifest, "utf8"), files);
    for (const problem of problems) console.error(`${manifest}: ${problem}`);
    if (problems.length === 0) console.log(`${manifest}: OK`);
    failed ||= problems.length > 0;
  }
  return failed ? 1 : 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    // parseArgs: an unknown option or a missing value.
    console.error(`validate-manifest: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}
