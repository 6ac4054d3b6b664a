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
 * one answer; each waiter may leave on its own (its cell was cancelled); a batch whose waiters all left is not sent,
 * or is aborted while it waits for its turn; and every key's turn is its batch's, so a query's deadline counts a
 * fair wait in the pacer's queue. The engine's lookups (src/engine/lookup.ts) and the team relay's
 * (src/server/team/shared-lookup.ts) batch with it.
 */
import DataLoader from "dataloader";
import { AbortError } from "./errors";
import type { Clock } from "./clock";

/** A batch's turn to send: when it was granted (null until then); the engine's pacing turns have this shape. */
export interface Turn {
  grantedAt: number | null;
}

export interface BatcherOptions<V> {
  clock: Clock;
  /** How long a batch waits for more keys after its first. */
  windowMs: number;
  /** The most keys one call takes. */
  max: number;
  /** One call for `keys`: each key's value, or an Error for that key alone; a rejection fails them all. */
  send: (keys: readonly string[], signal: AbortSignal, turn: Turn) => Promise<readonly (V | Error)[]>;
}

/** A key waiting for its batch or its answer. */
interface Pending<V> {
  readonly turn: Turn;
  waiters: number;
  promise: Promise<V>;
  batch?: Sent<V>;
}

/** A batch handed to `send`. */
interface Sent<V> {
  readonly controller: AbortController;
  readonly keys: readonly string[];
  readonly entries: readonly Pending<V>[];
}

export interface Loaded<V> {
  readonly promise: Promise<V>;
  /** The key's pacing turn (its batch's, once the batch is sent). */
  readonly turn: Turn;
  /** The key was already pending: this waiter joined it. */
  readonly joined: boolean;
}

export class Batcher<V> {
  private readonly pending = new Map<string, Pending<V>>();
  private readonly loader: DataLoader<string, V>;

  constructor(private readonly options: BatcherOptions<V>) {
    this.loader = new DataLoader<string, V>((keys) => this.dispatch(keys), {
      maxBatchSize: options.max,
      batchScheduleFn: (dispatch) => void options.clock.sleep(options.windowMs).then(dispatch),
      cache: false,
    });
  }

  /** No key waits: the batcher may be dropped. */
  get idle(): boolean {
    return this.pending.size === 0;
  }

  /** Waits for `key`'s value, joining the key when it is already pending; `signal` lets this waiter leave. */
  load(key: string, signal: AbortSignal): Loaded<V> {
    let entry = this.pending.get(key);
    const joined = entry !== undefined;
    if (!entry) {
      const created: Pending<V> = { turn: { grantedAt: null }, waiters: 0, promise: this.loader.load(key) };
      const forget = () => {
        if (this.pending.get(key) === created) this.pending.delete(key);
      };
      created.promise.then(forget, forget);
      this.pending.set(key, created);
      entry = created;
    }
    entry.waiters++;
    return { promise: this.wait(entry, signal), turn: entry.turn, joined };
  }

  private wait(entry: Pending<V>, signal: AbortSignal): Promise<V> {
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

  /** A batch under way whose every key lost its waiters stops; its keys are asked afresh next time. */
  private abandon(entry: Pending<V>): void {
    const batch = entry.batch;
    if (!batch || batch.entries.some((e) => e.waiters > 0)) return;
    batch.keys.forEach((key, i) => {
      if (this.pending.get(key) === batch.entries[i]) this.pending.delete(key);
    });
    batch.controller.abort(new AbortError());
  }

  private async dispatch(keys: readonly string[]): Promise<readonly (V | Error)[]> {
    const entries = keys.map((key) => this.pending.get(key)!);
    // Every cell of this batch was cancelled while it gathered: nothing is sent.
    if (entries.every((e) => e.waiters === 0)) return keys.map(() => new AbortError());
    const batch: Sent<V> = { controller: new AbortController(), keys, entries };
    for (const entry of entries) entry.batch = batch;
    // The batch's turn is every key's: granting it grants them all.
    const turn: Turn = {
      get grantedAt() {
        return entries[0].turn.grantedAt;
      },
      set grantedAt(at: number | null) {
        for (const entry of entries) entry.turn.grantedAt = at;
      },
    };
    return this.options.send(keys, batch.controller.signal, turn);
  }
}
