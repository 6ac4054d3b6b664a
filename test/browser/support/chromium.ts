/**
 * Launches Debian's chromium through playwright-core (a test tool's own browser download fails on these machines).
 * .ci/run installs it with `apt-get install -y chromium`; CHROMIUM_PATH overrides the location. Without it, every
 * browser test fails with a message that says so (`npm run test:unit` needs no browser).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // V8's optimizing compilers (Maglev, TurboFan) compile hot functions on background threads: a test's page lives a
  // few seconds, too short to repay them. Without them the browser files spend 7–10 % less CPU (measured: the taskpane
  // and excel-pane files, 133 and 138 CPU-s against 112–130 in four runs); the pages run the same JavaScript.
  "--js-flags=--no-opt --no-maglev",
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install chromium\` or set CHROMIUM_PATH. ` +
        "(`npm run test:unit` runs every test that needs no browser.)",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
}
