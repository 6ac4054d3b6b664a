/**
 * `npm test` runs browser tests in Debian's chromium (playwright-core cannot download a browser here). On a fresh
 * machine this installs it when it can (root with apt-get, as on CI and the project's Linux machines); otherwise
 * it says how. CHROMIUM_PATH points at another build.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function canInstall(): boolean {
  return process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

if (!existsSync(CHROMIUM)) {
  if (!canInstall()) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"], env });
  execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env });
}
