/** Per-client rate limiting of relay calls: a fixed one-minute window per client address, kept in memory. */
export interface RateDecision {
  ok: boolean;
  /** Seconds until the client's window resets (when refused). */
  retryAfterSeconds: number;
}

const WINDOW_MS = 60_000;

export class ClientRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(client);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    window.count++;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    return { ok: window.count <= this.perMinute, retryAfterSeconds };
  }

  /** Forgets finished windows once a minute, so memory follows the clients of the last minute only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [client, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(client);
  }
}
