/**
 * What the backfill as the workbook opened says (relay-backfill.ts), for the pane's message bar above its tabs
 * (PaneNotices.tsx): adding the relay's days, then how many went where, or what failed. A store of its own, so the
 * bar's chunk carries none of the backfill's code.
 */
import type { Outcome } from "../shared/use-action";

export class BackfillNotice {
  private current: Outcome | null = null;
  private readonly listeners = new Set<() => void>();

  get state(): Outcome | null {
    return this.current;
  }

  set(outcome: Outcome | null): void {
    this.current = outcome;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** This runtime's one notice. */
export const backfillNotice = new BackfillNotice();
