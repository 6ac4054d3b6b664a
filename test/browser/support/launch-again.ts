/**
 * A launch of Chromium tried once more when the first fails. On a fresh machine the first Chromium the run starts
 * has been seen to crash as it started (chromium-headless-shell 150.0.7871.100, Debian 12: "Segmentation fault",
 * exit 139, before Playwright's first message), which failed every browser file; every launch after it started
 * cleanly. Playwright retries a launch itself only for a glibc race ("Inconsistency
 * detected by ld.so"). A second failure is the one thrown, with the first's message beside it.
 */
export async function launchedWithOneRetry<T>(
  launch: () => Promise<T>,
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<T> {
  try {
    return await launch();
  } catch (first) {
    warn(`Chromium failed to start (${firstLine(first)}); starting it once more`);
    try {
      return await launch();
    } catch (second) {
      throw new Error(`Chromium failed to start twice: ${firstLine(second)} (first: ${firstLine(first)})`, {
        cause: second,
      });
    }
  }
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split("\n")[0];
}
