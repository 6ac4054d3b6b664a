/**
 * The live MAD formulas of this session, for the task pane's reports panel: which cell asked for what, whether
 * it worked, how many rows it spilled and when its data was fetched. One registry per window, published on
 * globalThis (like the engine), so the functions bundle and the task pane bundle of the shared runtime see the
 * same entries. Formula value previews are not recorded. Never holds the secret (parameters never contain it).
 */
import type { OperationCode } from "../api/catalog";
import type { LastGood } from "./types";

type FormulaStatus = "running" | "ok" | "error" | "cancelled";

export interface FormulaEntry {
  /** The calling cell (`Sheet1!B2`) when Excel gave it, else `MAD.<NAME> <cacheKey>`. */
  readonly id: string;
  readonly address: string | null;
  /** `MAD.COMPETITORS`. */
  readonly functionName: string;
  readonly operation: OperationCode;
  /** The wire parameters as parsed from the arguments (before the validator's normalization). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly limit?: number;
  /** The engine's key of the normalized query (identical queries share it); null until the query validated. */
  readonly cacheKey: string | null;
  readonly status: FormulaStatus;
  /** Data rows spilled (header excluded); 0 unless status is ok. */
  readonly rows: number;
  /** When the data shown was fetched from the service (epoch ms); null before the first success. */
  readonly lastRefreshed: number | null;
  /** When the formula last ran (epoch ms). */
  readonly lastEvaluated: number;
  readonly callsSpent: number;
  readonly fromCache: boolean;
  /** The message the cell shows, for status error or cancelled. */
  readonly errorMessage: string | null;
  /** Set when the cell shows its query's last good answer because the service failed: why (see ./last-good.ts). */
  readonly lastGood?: LastGood;
  /** Rows and columns the result spills into (header included), once it showed one. */
  readonly spill?: { readonly rows: number; readonly columns: number };
}

export type RegistryListener = (entries: readonly FormulaEntry[]) => void;

/** Evaluations in one session are bounded; the oldest entries go first. */
const MAX_ENTRIES = 2000;

export class FormulaRegistry {
  private readonly entries = new Map<string, FormulaEntry>();
  private readonly listeners = new Set<RegistryListener>();

  /** Every entry, most recently evaluated last. */
  list(): FormulaEntry[] {
    return [...this.entries.values()];
  }

  get(id: string): FormulaEntry | undefined {
    return this.entries.get(id);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forget an entry (the task pane found its cell no longer holds a MAD formula). */
  remove(id: string): void {
    if (this.entries.delete(id)) this.emit();
  }

  clear(): void {
    this.entries.clear();
    this.emit();
  }

  /** Adds or replaces the entry with this id (the runner calls it when a formula starts and when it settles). */
  record(entry: FormulaEntry): void {
    this.entries.delete(entry.id); // re-insert: Map order = evaluation order
    this.entries.set(entry.id, entry);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.emit();
  }

  private emit(): void {
    const snapshot = this.list();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A failing panel must not break formulas.
      }
    }
  }
}

const SLOT = Symbol.for("mad.formulaRegistry");

/** The registry of this window (created on first use). */
export function getFormulaRegistry(): FormulaRegistry {
  const holder = globalThis as unknown as Record<symbol, FormulaRegistry | undefined>;
  return (holder[SLOT] ??= new FormulaRegistry());
}
