/**
 * The plan limits of the live service: requests per minute (sliding 60-second window) and calls per calendar
 * month (UTC). Both read an injected clock, so tests move time instead of sleeping.
 */

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number | undefined,
    private readonly now: () => number,
  ) {}

  /** Records a request if the window has room; otherwise returns the seconds until it has. */
  acquire(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (!this.perMinute) return { ok: true };
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    if (recent.length >= this.perMinute) {
      this.hits.set(key, recent);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + WINDOW_MS - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  remaining(key: string): number | null {
    if (!this.perMinute) return null;
    const now = this.now();
    return Math.max(0, this.perMinute - (this.hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS).length);
  }
}

export interface QuotaSnapshot {
  /** yyyyMM of the current quota month (UTC). */
  month: string;
  used: number;
  /** null = no monthly quota configured. */
  quota: number | null;
  remaining: number | null;
}

export class MonthlyQuota {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly quota: number | undefined,
    private readonly now: () => number,
  ) {}

  private monthKey(key: string): string {
    const d = new Date(this.now());
    return `${key}|${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  }

  exhausted(key: string): boolean {
    return this.quota !== undefined && (this.used.get(this.monthKey(key)) ?? 0) >= this.quota;
  }

  consume(key: string): void {
    const k = this.monthKey(key);
    this.used.set(k, (this.used.get(k) ?? 0) + 1);
  }

  snapshot(key: string): QuotaSnapshot {
    const k = this.monthKey(key);
    const used = this.used.get(k) ?? 0;
    return {
      month: k.slice(-6),
      used,
      quota: this.quota ?? null,
      remaining: this.quota === undefined ? null : Math.max(0, this.quota - used),
    };
  }
}
