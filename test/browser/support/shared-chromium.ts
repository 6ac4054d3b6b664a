/**
 * The browser project's globalSetup and globalTeardown: one Chromium for the whole run, which each browser file
 * connects to (launchChromium) instead of launching its own; every file still works in contexts of its own. Without
 * Chromium installed nothing is launched here, and each file fails with launchChromium's message on how to install it.
 */
import { existsSync } from "node:fs";
import type { BrowserServer } from "playwright-core";
import { CHROMIUM_PATH, launchChromiumServer, SHARED_CHROMIUM_ENV } from "./chromium";

const SERVER = Symbol.for("mad.test.sharedChromium");
type WithServer = typeof globalThis & { [SERVER]?: BrowserServer };

export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) return;
  const server = await launchChromiumServer();
  (globalThis as WithServer)[SERVER] = server;
  // Workers start after globalSetup and inherit this process's environment.
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
}

export async function teardown(): Promise<void> {
  await (globalThis as WithServer)[SERVER]?.close();
  delete process.env[SHARED_CHROMIUM_ENV];
}
