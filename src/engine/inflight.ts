/**
 * Request dedupe: identical requests that overlap in time are sent once and every waiter gets the same answer.
 * Each waiter may leave on its own (its cell was cancelled, its query timed out); the request itself is aborted
 * only when the last waiter has left, so one cancelled cell never fails another cell's identical formula.
 */

interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export interface Joined<T> {
  promise: Promise<T>;
  /** true when this waiter started the request, false when it joined one already running. */
  started: boolean;
}

export class InFlight<T> {
  private readonly entries = new Map<string, Entry<T>>();

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Waits for the request named `key`, starting it with `start` when none is running. When `signal` aborts,
   * this waiter's promise rejects with the signal's reason at once.
   */
  join(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Joined<T> {
    if (signal?.aborted) return { promise: Promise.reject(signal.reason), started: false };
    let entry = this.entries.get(key);
    const isNew = !entry;
    if (!entry) {
      const controller = new AbortController();
      let started: Promise<T>;
      try {
        // Started synchronously, so whatever `start` registers is in place when join returns.
        started = start(controller.signal);
      } catch (error) {
        started = Promise.reject(error);
      }
      const created: Entry<T> = { controller, waiters: 0, promise: started };
      const forget = () => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      };
      created.promise.then(forget, forget);
      this.entries.set(key, created);
      entry = created;
    }
    const current = entry;
    current.waiters++;
    const promise = new Promise<T>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal?.removeEventListener("abort", onAbort);
        current.waiters--;
      };
      const onAbort = () => {
        leave();
        reject(signal?.reason);
        if (current.waiters === 0) {
          // Nobody needs the answer any more: stop the request and let the next identical one start fresh.
          if (this.entries.get(key) === current) this.entries.delete(key);
          current.controller.abort(signal?.reason);
        }
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      current.promise.finally(leave).then(resolve, reject);
    });
    return { promise, started: isNew };
  }
}
