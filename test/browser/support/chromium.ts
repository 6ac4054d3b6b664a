/**
 * Launches Debian's Chromium through playwright-core (a test tool's own browser download fails on these machines):
 * CHROMIUM_PATH first; else Debian's `chromium-headless-shell`, the headless-only build Playwright itself runs for
 * headless tests (no browser UI to start: a page load costs less CPU than the full `chromium`); else `chromium`.
 * .ci/run installs the headless shell. Without any, every browser test fails with a message that says so
 * (`npm run test:unit` needs no browser).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer } from "playwright-core";
import { launchedWithOneRetry } from "./launch-again";

/** Where Debian puts each build, in the order they are preferred. */
const DEBIAN_BUILDS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? DEBIAN_BUILDS.find((path) => existsSync(path)) ?? DEBIAN_BUILDS[1];

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Chromium's GPU service (here software compositing only) in the browser process, not a process of its own: frames
  // reach it without crossing processes. Chromium's CPU-s in the taskpane and chinese files: 39.2–42.5 against
  // 41.7–43.8 (the whole machine: 56–68 against 70–72); the pages draw the same.
  "--in-process-gpu",
  // V8's optimizing compilers (Maglev, TurboFan) compile hot functions on background threads: a test's page lives a
  // few seconds, too short to repay them. Without them the browser files spend 7–10 % less CPU (measured: the taskpane
  // and excel-pane files, 133 and 138 CPU-s against 112–130 in four runs); the pages run the same JavaScript.
  "--js-flags=--no-opt --no-maglev",
];

/** Where a browser file finds the Chromium the run shares (set by test/browser/support/shared-chromium.ts). */
export const SHARED_CHROMIUM_ENV = "MAD_TEST_CHROMIUM_WS";

function missingChromium(): Error {
  return new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install chromium-headless-shell\` (or ` +
      "`chromium`) or set CHROMIUM_PATH. " +
      "(`npm run test:unit` runs every test that needs no browser.)",
  );
}

/**
 * Chromium launched with CHROMIUM_ARGS, as a server the run's browser files connect to; a launch that fails is tried
 * once more (launch-again.ts).
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) throw missingChromium();
  return launchedWithOneRetry(() =>
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 }),
  );
}

/**
 * This file's browser: a connection to the Chromium the run shares when there is one (closing it closes only this
 * file's contexts), else a Chromium of its own. One launch costs ~2.5 CPU-s, a connection next to nothing.
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) return chromium.connect(shared, { timeout: 60_000 });
  if (!existsSync(CHROMIUM_PATH)) throw missingChromium();
  return launchedWithOneRetry(() =>
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 }),
  );
}
