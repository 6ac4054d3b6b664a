/**
 * Batchers by group (./batcher.ts): one per group of keys that may share a call (the engine's: an account's lookups of
 * one operation with the same other parameters; the team relay's: the team's), made on the group's first key and
 * dropped once none of its keys has waited for `idleMs`, so a relay that runs for months does not keep a batcher for
 * every group it ever saw. Each key is loaded with the context of who asked it (the engine's settings and account, the
 * relay's member); a batch is sent with its keys' contexts, so nothing on the side remembers who opened it.
 *
 * Eviction has no timer of its own: it reads the injected Clock whenever the registry is used (a key loaded, a
 * batcher gone idle, its size read), and drops the groups idle longest first, so a registry in tests runs on the
 * test's clock and a process never waits on it to exit.
 */
import { Batcher, type BatcherOptions, type Loaded } from "./batcher";
import type { Clock } from "./clock";

interface BatcherRegistryOptions<V, C> {
  clock: Clock;
  /** How long a group's batcher is kept once no key of it waits (0: dropped as soon as it is idle). */
  idleMs: number;
  /** A new group's batcher, made for its first key's context (keep nothing of it but what the group shares). */
  batcher: (first: C) => Omit<BatcherOptions<V, C>, "clock" | "onIdle">;
}

export class BatcherRegistry<V, C> {
  private readonly groups = new Map<string, Batcher<V, C>>();
  /** The groups no key waits in, with when they went idle: oldest first (a Map keeps insertion order). */
  private readonly idleSince = new Map<string, number>();

  constructor(private readonly options: BatcherRegistryOptions<V, C>) {}

  /** Waits for `key`'s value in `group`'s batcher (./batcher.ts `load`), made when the group has none. */
  load(group: string, key: string, context: C, signal?: AbortSignal): Loaded<V> {
    this.sweep();
    let batcher = this.groups.get(group);
    if (!batcher) {
      const made: Batcher<V, C> = new Batcher<V, C>({
        ...this.options.batcher(context),
        clock: this.options.clock,
        onIdle: () => this.idled(group, made),
      });
      this.groups.set(group, made);
      batcher = made;
    }
    this.idleSince.delete(group);
    return batcher.load(key, context, signal);
  }

  /** The groups kept (idle ones included until their time is up). */
  get size(): number {
    this.sweep();
    return this.groups.size;
  }

  private idled(group: string, batcher: Batcher<V, C>): void {
    if (this.groups.get(group) !== batcher) return;
    this.idleSince.delete(group);
    this.idleSince.set(group, this.options.clock.now());
    this.sweep();
  }

  /** Drops the groups idle for `idleMs` or more. */
  private sweep(): void {
    const now = this.options.clock.now();
    for (const [group, since] of this.idleSince) {
      if (now - since < this.options.idleMs) break;
      this.idleSince.delete(group);
      this.groups.delete(group);
    }
  }
}
