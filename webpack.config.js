/**
 * Builds the shared-runtime add-in into dist/:
 *   taskpane.html  the one page Excel loads (runtime, task pane and ribbon command); it loads both bundles
 *   functions.js   custom functions; also carries the webpack runtime and every module both faces use
 *   taskpane.js    the React task pane; `dependOn: "functions"` makes it reuse functions.js's module instances,
 *                  so the functions and the task pane share one engine (cache, pacing, settings) in the runtime
 *   functions.json custom functions metadata generated from the JSDoc in src/functions/functions.ts
 *   assets/, manifest.xml (production builds rewrite the URL base to ADDIN_BASE_URL)
 * Type checking is `npm run typecheck`; ts-loader only transpiles, which keeps builds fast on small machines.
 */
const path = require("path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");

/** The base every URL in manifest.xml uses; the dev server serves dist/ here. */
const DEV_BASE_URL = "https://localhost:3000/";
const DEV_SERVER_PORT = Number(process.env.npm_package_config_dev_server_port || 3000);

/** Where a production build is hosted: ADDIN_BASE_URL (https), else the dev base so a local build still sideloads. */
function productionBaseUrl() {
  const configured = process.env.ADDIN_BASE_URL;
  if (!configured) return DEV_BASE_URL;
  let url;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`ADDIN_BASE_URL is not a URL: "${configured}"`);
  }
  if (url.protocol !== "https:")
    throw new Error(`ADDIN_BASE_URL must use https (Office loads add-ins over HTTPS only)`);
  if (url.search || url.hash) throw new Error(`ADDIN_BASE_URL must not have a query or fragment`);
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** HTTPS for the dev server: the Office dev certificates when they can be installed, else a self-signed one. */
async function devServerHttpsOptions() {
  try {
    const devCerts = require("office-addin-dev-certs");
    const { ca, key, cert } = await devCerts.getHttpsServerOptions();
    return { ca, key, cert };
  } catch (error) {
    console.warn(
      `office-addin-dev-certs could not provide trusted certificates (${String(error.message).trim()}); ` +
        "serving with a self-signed certificate that Office will not trust. Run `npx office-addin-dev-certs install`.",
    );
    return {};
  }
}

module.exports = async (env, argv) => {
  const production = argv.mode === "production";
  const baseUrl = production ? productionBaseUrl() : DEV_BASE_URL;
  const serving = Boolean(env.WEBPACK_SERVE);

  return {
    mode: production ? "production" : "development",
    target: ["web", "es2020"],
    devtool: "source-map",
    entry: {
      functions: "./src/functions/functions.ts",
      taskpane: { import: "./src/taskpane/index.tsx", dependOn: "functions" },
      // The local preview page (npm start): loads the built taskpane.html in a frame; never part of the add-in.
      preview: "./src/preview/index.ts",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".tsx", ".js"],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { transpileOnly: true } },
        },
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({
        output: "functions.json",
        input: "./src/functions/functions.ts",
      }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // functions first: taskpane.js depends on the runtime and modules in functions.js
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
      }),
      new HtmlWebpackPlugin({
        filename: "preview.html",
        template: "./src/preview/preview.html",
        chunks: ["preview"],
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => content.toString().split(DEV_BASE_URL).join(baseUrl),
          },
        ],
      }),
    ],
    performance: {
      // React + Fluent UI make the task pane bundle large; warn only when it grows well past today's size.
      maxAssetSize: 1_500_000,
      maxEntrypointSize: 2_000_000,
    },
    devServer: {
      port: DEV_SERVER_PORT,
      headers: { "Access-Control-Allow-Origin": "*" },
      server: { type: "https", options: serving ? await devServerHttpsOptions() : {} },
    },
  };
};
