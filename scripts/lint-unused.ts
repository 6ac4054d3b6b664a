/**
 * `npm run lint` ends here: knip reports unused files, exports and dependencies (config: knip.json). Until knip is
 * installed (`npm install -D knip`) this says so and passes, so lint keeps working on a checkout without it.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const KNIP = path.resolve(__dirname, "..", "node_modules", "knip", "bin", "knip.js");

if (!existsSync(KNIP)) {
  console.log("knip is not installed: skipping the unused files/exports/dependencies check (npm install -D knip).");
} else {
  const result = spawnSync(process.execPath, [KNIP], { stdio: "inherit" });
  process.exitCode = result.status ?? 1;
}
