/**
 * Cancellation plumbing that works in Node 20 and browsers without AbortSignal.any / AbortSignal.timeout:
 * a sleep that stops on abort, and a race that settles a promise as soon as a signal aborts, so a fetch (or an
 * injected sleep) that ignores its signal still cannot keep a call pending.
 */

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Settles with `promise`, or rejects with the signal's reason when the signal aborts first. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** One signal that aborts when any of the given signals aborts (with that signal's reason). */
export function anySignal(signals: readonly (AbortSignal | undefined)[]): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  const listeners: [AbortSignal, () => void][] = [];
  const dispose = () => listeners.forEach(([s, fn]) => s.removeEventListener("abort", fn));
  for (const s of live) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    const fn = () => {
      controller.abort(s.reason);
      dispose();
    };
    s.addEventListener("abort", fn, { once: true });
    listeners.push([s, fn]);
  }
  if (controller.signal.aborted) dispose();
  return { signal: controller.signal, dispose };
}
