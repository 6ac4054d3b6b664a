/**
 * The browser tests' Chromium launch (test/browser/support/launch-again.ts): a first launch that crashes is tried
 * once more, saying so, so one crash at start does not fail every browser file; two failures fail with both.
 */
import { launchedWithOneRetry } from "../browser/support/launch-again";

const CRASH = new Error(
  "Protocol error (Browser.getVersion): Internal server error, session closed. Failed to launch browser.\n" +
    "[pid=2971][err] Segmentation fault",
);

test("a Chromium that crashes as it starts is launched once more, and the run goes on with it", async () => {
  const attempts: string[] = [];
  const warnings: string[] = [];
  const browser = await launchedWithOneRetry(
    async () => {
      attempts.push("launch");
      if (attempts.length === 1) throw CRASH;
      return "browser";
    },
    (line) => warnings.push(line),
  );
  expect(browser).toBe("browser");
  expect(attempts).toHaveLength(2);
  expect(warnings).toEqual([
    "Chromium failed to start (Protocol error (Browser.getVersion): Internal server error, session closed. " +
      "Failed to launch browser.); starting it once more",
  ]);
});

test("a first launch that works is the only one, and nothing is said", async () => {
  const warn = jest.fn();
  let attempts = 0;
  await expect(launchedWithOneRetry(async () => ++attempts, warn)).resolves.toBe(1);
  expect(warn).not.toHaveBeenCalled();
});

test("a Chromium that fails twice fails the launch with both reasons, and is not tried a third time", async () => {
  let attempts = 0;
  const failing = launchedWithOneRetry(
    async () => {
      attempts++;
      throw attempts === 1 ? CRASH : new Error("Timeout 60000ms exceeded.");
    },
    () => {},
  );
  await expect(failing).rejects.toThrow(
    "Chromium failed to start twice: Timeout 60000ms exceeded. (first: Protocol error (Browser.getVersion): " +
      "Internal server error, session closed. Failed to launch browser.)",
  );
  expect(attempts).toBe(2);
});
