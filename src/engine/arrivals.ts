/**
 * Lookups on their way to the batcher. A cell of one recalculation may first wait for the runtime's language, a
 * chunk loaded on demand or a storage read (OfficeRuntime.storage answers in tens to hundreds of milliseconds), so
 * the keys of one recalculation reach the batcher spread out; a batch that left when its 50 ms window ended would
 * leave the stragglers to batches of their own. Each lookup is announced when its cell starts (the runner) or its
 * query does (the engine), and is done once every key of it has been answered from the cache or handed to the
 * batcher; a batch leaves after its window once no announced lookup is still on its way (src/lib/batcher.ts). So the
 * batching never depends on a short timer firing on time: WebView2 runs the timers of a hidden pane about a second
 * late (WebView2Feedback #3070), and a late window only gathers more.
 */

/** One lookup on its way; `done` may be called any number of times, the first counts. */
export interface Arrival {
  done(): void;
}

export class Arrivals {
  private count = 0;
  private waiting: (() => void)[] = [];

  /** A lookup starts on its way. */
  begin(): Arrival {
    this.count++;
    let open = true;
    return {
      done: () => {
        if (!open) return;
        open = false;
        if (--this.count === 0) this.release();
      },
    };
  }

  /** Settles once no lookup is on its way. */
  quiet(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
