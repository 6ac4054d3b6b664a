/**
 * Production builds rewrite the manifest's URL base to ADDIN_BASE_URL, and the rewritten manifest still passes the
 * offline check; development builds and unset ADDIN_BASE_URL keep https://localhost:3000/. A build for hosting
 * ships the add-in only, without the local preview page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateManifest } from "../../scripts/validate-manifest";

const ROOT = join(__dirname, "..", "..");
const MANIFEST = readFileSync(join(ROOT, "manifest.xml"), "utf8");

interface CopyPattern {
  from: string;
  transform?: (content: Buffer) => string;
}
interface WebpackConfig {
  entry: Record<string, unknown>;
  devtool: string | false;
  devServer: { host?: string; headers?: Record<string, string>; port?: number };
  plugins: { patterns?: CopyPattern[]; userOptions?: { filename?: string } }[];
}
type ConfigFactory = (env: Record<string, unknown>, argv: { mode: string }) => Promise<WebpackConfig>;
const configFactory = require("../../webpack.config.js") as ConfigFactory;

async function configFor(mode: "production" | "development", baseUrl?: string): Promise<WebpackConfig> {
  const previous = process.env.ADDIN_BASE_URL;
  if (baseUrl === undefined) delete process.env.ADDIN_BASE_URL;
  else process.env.ADDIN_BASE_URL = baseUrl;
  try {
    return await configFactory({ WEBPACK_BUILD: true }, { mode });
  } finally {
    if (previous === undefined) delete process.env.ADDIN_BASE_URL;
    else process.env.ADDIN_BASE_URL = previous;
  }
}

async function builtManifest(mode: "production" | "development", baseUrl?: string): Promise<string> {
  const config = await configFor(mode, baseUrl);
  const pattern = config.plugins.flatMap((plugin) => plugin.patterns ?? []).find((p) => p.from === "manifest.xml");
  if (!pattern?.transform) throw new Error("the build does not copy manifest.xml");
  return pattern.transform(Buffer.from(MANIFEST));
}

/** Every https URL but the AppDomain origins (the XML namespaces are http URIs, not locations). */
const addinUrls = (xml: string) =>
  [...xml.replace(/<AppDomain>[^<]*<\/AppDomain>/g, "").matchAll(/https:\/\/[^"<\s]+/g)].map((match) => match[0]);
const builtFiles = {
  builtFileExists: (path: string) =>
    ["functions.js", "functions.json", "functions-zh-CN.json", "taskpane.html"].includes(path),
  readAsset: (path: string) => readFileSync(join(ROOT, "assets", path)),
};

describe("manifest URL base in builds", () => {
  it("rewrites every add-in URL to ADDIN_BASE_URL in production, adding the trailing slash", async () => {
    const manifest = await builtManifest("production", "https://addins.example.com/mad");
    const urls = addinUrls(manifest);
    expect(urls.length).toBeGreaterThan(5);
    expect(urls.every((url) => url.startsWith("https://addins.example.com/mad/"))).toBe(true);
    expect(manifest).not.toContain("localhost");
    expect(validateManifest(manifest, builtFiles)).toEqual([]);
  });

  it("keeps the localhost base when ADDIN_BASE_URL is unset, and always in development", async () => {
    expect(await builtManifest("production")).toBe(MANIFEST);
    expect(await builtManifest("development", "https://addins.example.com/mad/")).toBe(MANIFEST);
  });

  it("refuses a base Office cannot load", async () => {
    await expect(builtManifest("production", "http://addins.example.com/")).rejects.toThrow(/https/);
    await expect(builtManifest("production", "addins.example.com")).rejects.toThrow(/not a URL/);
  });
});

describe("what a build ships", () => {
  const pages = (config: WebpackConfig) => config.plugins.flatMap((p) => p.userOptions?.filename ?? []);

  it("leaves the local preview page out of a build for hosting, and keeps it in local builds (npm start)", async () => {
    const hosted = await configFor("production", "https://addins.example.com/mad/");
    expect(Object.keys(hosted.entry)).toEqual(["functions", "taskpane"]);
    expect(pages(hosted)).toEqual(["taskpane.html"]);

    const local = await configFor("production");
    expect(Object.keys(local.entry)).toEqual(["functions", "taskpane", "preview"]);
    expect(pages(local)).toEqual(["taskpane.html", "preview.html"]);
  });
});

describe("source maps and the dev server", () => {
  it("writes no source maps (no .map files, no sourceMappingURL comments) in a build for hosting", async () => {
    expect((await configFor("production", "https://addins.example.com/mad/")).devtool).toBe(false);
    // Local and development builds keep them for debugging.
    expect((await configFor("development")).devtool).toBe("source-map");
    expect((await configFor("production")).devtool).toBe("source-map");
  });

  it("binds the dev server to localhost and grants no CORS to every origin", async () => {
    const { devServer } = await configFor("development");
    expect(devServer.host).toBe("localhost");
    expect(JSON.stringify(devServer.headers ?? {})).not.toMatch(/access-control-allow-origin/i);
  });
});

describe("a hosting build's manifest and default service address", () => {
  const withEnv = async <T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> => {
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    try {
      return await work();
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  };

  it("AppDomains and SupportUrl follow ADDIN_BASE_URL; ProviderName and the support address come from settings", async () => {
    const plain = await builtManifest("production", "https://addins.example.com/mad/");
    expect(plain).toContain("<AppDomain>https://addins.example.com</AppDomain>");
    expect(plain).toContain('<SupportUrl DefaultValue="https://addins.example.com/mad/help.html"/>');
    const branded = await withEnv(
      { ADDIN_PROVIDER: "Contoso & Co", ADDIN_SUPPORT_URL: "https://contoso.example/help" },
      () => builtManifest("production", "https://addins.example.com/mad/"),
    );
    expect(branded).toContain("<ProviderName>Contoso &amp; Co</ProviderName>");
    expect(branded).toContain('<SupportUrl DefaultValue="https://contoso.example/help"/>');
    expect(validateManifest(branded, builtFiles)).toEqual([]);
    await expect(
      withEnv({ ADDIN_SUPPORT_URL: "http://contoso.example/help" }, () =>
        builtManifest("production", "https://addins.example.com/mad/"),
      ),
    ).rejects.toThrow(/ADDIN_SUPPORT_URL must be an https URL/);
  });

  it("defaults the add-in's service address to its own host (the relay) in a hosting build only", async () => {
    const defined = async (baseUrl?: string) => {
      const config = await configFor("production", baseUrl);
      const plugin = config.plugins.find((p) => (p as { definitions?: object }).definitions) as unknown as {
        definitions: Record<string, string>;
      };
      return JSON.parse(plugin.definitions.MAD_HOSTED_BASE_URL) as string;
    };
    expect(await defined("https://addins.example.com/mad/")).toBe("https://addins.example.com/mad");
    expect(await defined()).toBe("");
  });
});
