/**
 * Gathers single keys asked at about the same moment into batches. The batching itself is DataLoader's (npm
 * `dataloader`, the GraphQL Foundation's: it collects the keys of a window, cuts them at the per-call limit, calls
 * once per batch and settles each key with its own value or error, every key of a batch whose call failed with that
 * failure). The window opens with a batch's first key and is a wait on the injected Clock, so tests and the bench run
 * it in simulated time; Microsoft's batching pattern for custom functions does the same with a timer
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-batching).
 *
 * What this adds to DataLoader, whose own memo cache is off (the engine and the team relay keep answers themselves,
 * for their data period): a key asked again while it waits or is in flight joins it, so two identical cells share
 * one answer; each waiter may leave on its own (its cell was cancelled); a batch whose waiters all left is not sent
 * while it gathers, and is dropped while it waits for its turn; once sent it is never aborted: it finishes, its
 * answers are kept (`send` caches them), and the same keys asked meanwhile join it. Excel cancels and calls a
 * function again on Ctrl+Alt+F9, an edited input, inserted rows or columns (office-js #3332, #3911), and calls again
 * at once, while the first request is in flight: aborting it would pay twice for the same answer. Every key's turn is
 * its batch's, so a query's deadline counts a fair wait in the pacer's queue. A window ends on the clock and, when
 * `gathered` is given, once the keys of the same recalculation still on their way have arrived (at most
 * `maxGatherMs` more), so a timer that fires late or keys that come late never split one recalculation into more
 * batches. Each key carries the context of whoever asked it first (the engine's settings and account, the relay's
 * member), handed to `send` with the keys, so nothing on the side has to remember who opened a batch. The engine's
 * lookups (src/engine/lookup.ts) and the team relay's (src/server/team/shared-lookup.ts) batch with it, a batcher per
 * group of keys that may share a call (./batcher-registry.ts).
 */
import DataLoader from "dataloader";
import type { Clock } from "./clock";

/** A request's turn to send: when it was granted (null until then); a batch's, and every pacing turn of the engine. */
export interface Turn {
  grantedAt: number | null;
}

export interface BatcherOptions<V, C> {
  clock: Clock;
  /** How long a batch waits for more keys after its first. */
  windowMs: number;
  /** The most keys one call takes. */
  max: number;
  /**
   * One call for `keys`, with each key's context (`contexts[i]` is who asked `keys[i]` first): each key's value, or an
   * Error for that key alone; a rejection fails them all.
   */
  send: (
    keys: readonly string[],
    contexts: readonly C[],
    signal: AbortSignal,
    turn: Turn,
  ) => Promise<readonly (V | Error)[]>;
  /** Settles once the keys asked at about the same moment are all here (src/engine/arrivals.ts). */
  gathered?: () => Promise<void>;
  /** The longest a window waits for `gathered` after it ends. */
  maxGatherMs?: number;
  /** What the keys of a batch dropped before its turn settle with (the caller's own cancellation error). */
  cancelled: () => Error;
  /** Called when the last waiting key has settled or left (./batcher-registry.ts drops a batcher idle long enough). */
  onIdle?: () => void;
}

/** Past this, a window that waits for the stragglers of its recalculation leaves without them. */
const DEFAULT_MAX_GATHER_MS = 2_000;

/** A key waiting for its batch or its answer. */
interface Pending<V, C> {
  readonly turn: Turn;
  /** Who asked the key first. */
  readonly context: C;
  waiters: number;
  promise: Promise<V>;
  batch?: Sent<V, C>;
}

/** A batch handed to `send`. */
interface Sent<V, C> {
  readonly controller: AbortController;
  readonly keys: readonly string[];
  readonly entries: readonly Pending<V, C>[];
  /** Granted a turn: the request went out. */
  readonly turn: Turn;
}

export interface Loaded<V> {
  readonly promise: Promise<V>;
  /** The key's pacing turn (its batch's, once the batch is sent). */
  readonly turn: Turn;
  /** The key was already pending: this waiter joined it. */
  readonly joined: boolean;
}

export class Batcher<V, C> {
  private readonly pending = new Map<string, Pending<V, C>>();
  private readonly loader: DataLoader<string, V>;

  constructor(private readonly options: BatcherOptions<V, C>) {
    this.loader = new DataLoader<string, V>((keys) => this.dispatch(keys), {
      maxBatchSize: options.max,
      batchScheduleFn: (dispatch) =>
        void options.clock
          .sleep(options.windowMs)
          .then(() => this.gathered())
          .then(dispatch),
      cache: false,
    });
  }

  /** The keys of this moment are here, or `maxGatherMs` passed; never rejects. */
  private async gathered(): Promise<void> {
    if (!this.options.gathered) return;
    const stop = new AbortController();
    const cap = this.options.clock.sleep(this.options.maxGatherMs ?? DEFAULT_MAX_GATHER_MS, stop.signal);
    try {
      await Promise.race([this.options.gathered().catch(() => undefined), cap.catch(() => undefined)]);
    } finally {
      stop.abort();
    }
  }

  /**
   * Waits for `key`'s value, joining the key when it is already pending (its first asker's `context` stays the key's);
   * `signal`, when given, lets this waiter leave.
   */
  load(key: string, context: C, signal?: AbortSignal): Loaded<V> {
    let entry = this.pending.get(key);
    const joined = entry !== undefined;
    if (!entry) {
      const created: Pending<V, C> = { turn: { grantedAt: null }, context, waiters: 0, promise: this.loader.load(key) };
      const forget = () => {
        if (this.pending.get(key) === created) this.forget(key);
      };
      created.promise.then(forget, forget);
      this.pending.set(key, created);
      entry = created;
    }
    entry.waiters++;
    return { promise: this.wait(entry, signal), turn: entry.turn, joined };
  }

  /** A key no longer pending; the last one makes the batcher idle. */
  private forget(key: string): void {
    this.pending.delete(key);
    if (this.pending.size === 0) this.options.onIdle?.();
  }

  private wait(entry: Pending<V, C>, signal: AbortSignal | undefined): Promise<V> {
    if (!signal) return entry.promise.finally(() => entry.waiters--);
    return new Promise<V>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener("abort", onAbort);
        entry.waiters--;
      };
      const onAbort = () => {
        leave();
        reject(signal.reason);
        this.abandon(entry);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      entry.promise.finally(leave).then(resolve, reject);
    });
  }

  /**
   * A batch waiting for its turn whose every key lost its waiters is dropped; its keys are asked afresh next time.
   * One already sent goes on (see above).
   */
  private abandon(entry: Pending<V, C>): void {
    const batch = entry.batch;
    if (!batch || batch.turn.grantedAt !== null || batch.entries.some((e) => e.waiters > 0)) return;
    batch.keys.forEach((key, i) => {
      if (this.pending.get(key) === batch.entries[i]) this.forget(key);
    });
    batch.controller.abort(this.options.cancelled());
  }

  private async dispatch(keys: readonly string[]): Promise<readonly (V | Error)[]> {
    const entries = keys.map((key) => this.pending.get(key)!);
    // Every cell of this batch was cancelled while it gathered: nothing is sent.
    if (entries.every((e) => e.waiters === 0)) return keys.map(() => this.options.cancelled());
    // The batch's turn is every key's: granting it grants them all.
    const turn: Turn = {
      get grantedAt() {
        return entries[0].turn.grantedAt;
      },
      set grantedAt(at: number | null) {
        for (const entry of entries) entry.turn.grantedAt = at;
      },
    };
    const batch: Sent<V, C> = { controller: new AbortController(), keys, entries, turn };
    for (const entry of entries) entry.batch = batch;
    const contexts = entries.map((e) => e.context);
    return this.options.send(keys, contexts, batch.controller.signal, turn);
  }
}
