/**
 * A production build hosted at ADDIN_BASE_URL sends "Help on this function" to its own help.html: the help links
 * of the emitted functions.json and the URLs in the copied help.html are rebased like the manifest's; development
 * builds keep https://localhost:3000/. The plugin is exercised in a real webpack compilation next to the
 * custom-functions metadata plugin, whose asset it rewrites.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpack from "webpack";
import CustomFunctionsMetadataPlugin from "custom-functions-metadata-plugin";
import { LOOKUP_FUNCTIONS, OPERATIONS } from "../../src/api/catalog";
import { HELP_FILE } from "../../scripts/generate-help";

const ROOT = join(__dirname, "..", "..");
const DEV_BASE = "https://localhost:3000/";
const HOSTED_BASE = "https://addins.example.com/mad/";

interface HelpUrlBasePluginOptions {
  asset?: string;
  from: string;
  to: string;
}
const { HelpUrlBasePlugin, rebaseHelpUrls } = require("../../webpack/help-url-base-plugin") as {
  HelpUrlBasePlugin: new (
    options: HelpUrlBasePluginOptions,
  ) => webpack.WebpackPluginInstance & HelpUrlBasePluginOptions;
  rebaseHelpUrls: (json: string, from: string, to: string) => string;
};

interface FunctionsJson {
  functions: { id: string; helpUrl?: string; description: string; parameters: unknown[] }[];
}

/** Compiles an empty entry with the given plugins (paths relative to the repository); returns the emitted file. */
async function emitted(
  file: string,
  plugins: webpack.WebpackPluginInstance[],
  mode: "none" | "production" = "none",
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "help-url-base-"));
  try {
    writeFileSync(join(dir, "entry.js"), "export {};\n");
    const compiler = webpack({
      mode,
      context: ROOT,
      entry: join(dir, "entry.js"),
      output: { path: join(dir, "dist") },
      plugins,
    });
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result!))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    expect(stats.compilation.errors.map(String)).toEqual([]);
    return readFileSync(join(dir, "dist", file), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** functions.json as the metadata plugin emits it, then (optionally) rebased. */
function emittedFunctionsJson(rebaseTo?: string): Promise<string> {
  const plugins: webpack.WebpackPluginInstance[] = [
    new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/generated/functions.ts" }),
  ];
  if (rebaseTo) plugins.push(new HelpUrlBasePlugin({ from: DEV_BASE, to: rebaseTo }));
  return emitted("functions.json", plugins);
}

let devJson: string;
beforeAll(async () => {
  devJson = await emittedFunctionsJson();
}, 60_000);

test("a hosted build's functions.json sends every help link to the hosted help.html, same anchor, nothing else changed", async () => {
  const hosted: FunctionsJson = JSON.parse(await emittedFunctionsJson(HOSTED_BASE));
  const dev: FunctionsJson = JSON.parse(devJson);
  expect(hosted.functions).toHaveLength(OPERATIONS.length + LOOKUP_FUNCTIONS.length + 1); // and MAD.ASOF
  for (const fn of hosted.functions) {
    expect(fn.helpUrl).toBe(`${HOSTED_BASE}help.html#mad${fn.id.toLowerCase()}`);
  }
  const withoutHelp = (json: FunctionsJson) => json.functions.map(({ helpUrl: _, ...rest }) => rest);
  expect(withoutHelp(hosted)).toEqual(withoutHelp(dev));
}, 60_000);

test("the dev base leaves functions.json byte for byte as generated", async () => {
  expect(await emittedFunctionsJson(DEV_BASE)).toBe(devJson);
  expect(rebaseHelpUrls(devJson, DEV_BASE, DEV_BASE)).toBe(devJson);
  expect(devJson).toContain(`"helpUrl": "${DEV_BASE}help.html#madcompetitors"`);
}, 60_000);

test("only help links under the dev base move; the JSON keeps the generator's formatting", () => {
  const json = JSON.stringify(
    {
      functions: [
        { id: "A", helpUrl: `${DEV_BASE}help.html#mada` },
        { id: "B", helpUrl: "https://other.example/b" },
        { id: "C" },
      ],
    },
    null,
    4,
  );
  const rebased = rebaseHelpUrls(json, DEV_BASE, HOSTED_BASE);
  expect(JSON.parse(rebased).functions).toEqual([
    { id: "A", helpUrl: `${HOSTED_BASE}help.html#mada` },
    { id: "B", helpUrl: "https://other.example/b" },
    { id: "C" },
  ]);
  expect(rebased).toBe(json.replace(`${DEV_BASE}help.html`, `${HOSTED_BASE}help.html`));
});

describe("webpack.config.js wiring", () => {
  interface CopyPattern {
    from: string;
    to?: string;
    transform?: (content: Buffer) => string;
  }
  type Plugin = { patterns?: CopyPattern[] } & Partial<HelpUrlBasePluginOptions>;
  type ConfigFactory = (env: Record<string, unknown>, argv: { mode: string }) => Promise<{ plugins: Plugin[] }>;
  const configFactory = require("../../webpack.config.js") as ConfigFactory;

  async function plugins(mode: "production" | "development", baseUrl: string): Promise<Plugin[]> {
    const previous = process.env.ADDIN_BASE_URL;
    process.env.ADDIN_BASE_URL = baseUrl;
    try {
      return (await configFactory({ WEBPACK_BUILD: true }, { mode })).plugins;
    } finally {
      if (previous === undefined) delete process.env.ADDIN_BASE_URL;
      else process.env.ADDIN_BASE_URL = previous;
    }
  }

  it("rebases functions.json and the copied help.html to ADDIN_BASE_URL in production", async () => {
    const production = await plugins("production", HOSTED_BASE);
    const rebase = production.find((p) => p instanceof HelpUrlBasePlugin)!;
    expect({ asset: rebase.asset, from: rebase.from, to: rebase.to }).toEqual({
      asset: "functions.json",
      from: DEV_BASE,
      to: HOSTED_BASE,
    });
    const help = production.flatMap((p) => p.patterns ?? []).find((p) => p.to === "help.html")!;
    expect(help.from).toBe("src/functions/generated/help.html");
    const copied = help.transform!(readFileSync(HELP_FILE));
    expect(copied).toContain(`${HOSTED_BASE}help.html#mad&lt;name&gt;`);
    expect(copied).not.toContain("localhost");
  });

  it("a production build emits help.html as generated but rebased: not minified, so its style matches its policy", async () => {
    const production = await plugins("production", HOSTED_BASE);
    const copy = production.find((p) => p.patterns?.some((pattern) => pattern.to === "help.html"))!;
    const page = await emitted("help.html", [copy as webpack.WebpackPluginInstance], "production");
    expect(page).toBe(readFileSync(HELP_FILE, "utf8").split(DEV_BASE).join(HOSTED_BASE));
    const style = page.match(/<style>([\s\S]*?)<\/style>/)![1];
    expect(page).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  }, 60_000);

  it("keeps the dev base in development builds", async () => {
    const development = await plugins("development", HOSTED_BASE);
    const rebase = development.find((p) => p instanceof HelpUrlBasePlugin)!;
    expect(rebase.to).toBe(DEV_BASE);
    const help = development.flatMap((p) => p.patterns ?? []).find((p) => p.to === "help.html")!;
    expect(help.transform!(readFileSync(HELP_FILE))).toBe(readFileSync(HELP_FILE, "utf8"));
  });
});
