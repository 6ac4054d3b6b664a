/**
 * Rebases the help links in functions.json. custom-functions-metadata copies each `@helpurl` verbatim, and the
 * JSDoc can only name the dev server (https://localhost:3000/); a production build hosted at ADDIN_BASE_URL must
 * send Excel's "Help on this function" to its own help.html, as the manifest's URLs are rebased.
 * Runs at PROCESS_ASSETS_STAGE_SUMMARIZE, after the metadata plugin has added the asset.
 */
const { Compilation, WebpackError, sources } = require("webpack");

const PLUGIN_NAME = "HelpUrlBasePlugin";

/** The metadata text with every helpUrl under `from` moved under `to`; untouched when there is nothing to move. */
function rebaseHelpUrls(metadataJson, from, to) {
  if (from === to) return metadataJson;
  const metadata = JSON.parse(metadataJson);
  let moved = 0;
  for (const fn of metadata.functions ?? []) {
    if (typeof fn.helpUrl === "string" && fn.helpUrl.startsWith(from)) {
      fn.helpUrl = to + fn.helpUrl.slice(from.length);
      moved++;
    }
  }
  // The metadata generator writes 4-space JSON; keep that so a rebased file differs only in its help links.
  return moved ? JSON.stringify(metadata, null, 4) : metadataJson;
}

class HelpUrlBasePlugin {
  /** @param {{ asset?: string, from: string, to: string }} options */
  constructor({ asset = "functions.json", from, to }) {
    this.asset = asset;
    this.from = from;
    this.to = to;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          if (this.from === this.to) return;
          const asset = compilation.getAsset(this.asset);
          if (!asset) {
            // Without the asset the metadata plugin has already reported why; otherwise say what is missing.
            if (compilation.errors.length === 0)
              compilation.errors.push(new WebpackError(`${PLUGIN_NAME}: ${this.asset} was not emitted`));
            return;
          }
          const text = asset.source.source().toString();
          compilation.updateAsset(this.asset, new sources.RawSource(rebaseHelpUrls(text, this.from, this.to)));
        },
      );
    });
  }
}

module.exports = { HelpUrlBasePlugin, rebaseHelpUrls };
