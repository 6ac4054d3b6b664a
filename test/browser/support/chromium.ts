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
