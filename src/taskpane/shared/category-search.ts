/**
 * The category picker's search, without React: words typed into a nodeIdPath field are looked up with the category
 * lookup (product_node, the operation behind MAD.CATEGORIES) through the engine, after a pause in typing, at most
 * once per distinct market and words (the answers are kept for the session); a typed node path is a value, not a
 * search. Listeners get every state change, so the field can say "searching…", "no categories" or what failed.
 * Engine failures (no secret, quota) are shown as the pane shows every failure (failureText).
 */
import type { CategoryNodeRecord } from "../../api/records";
import type { Engine } from "../../engine";
import { currentLocale } from "../../i18n";

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 350;
/** Fewer characters than this are not searched (every category would match). */
const MIN_SEARCH_LENGTH = 2;
/** How the picker shows a label path: the service's ':' becomes a readable separator. */
const LABEL_SEPARATOR = " › ";

interface CategoryChoice {
  readonly nodeIdPath: string;
  /** "Sports & Outdoors › Fitness & Exercise Equipment › Yoga › Mats" */
  readonly label: string;
  /** The service's localized path (`nodeLabelPathLocale`, Chinese), when it sent one. */
  readonly localLabel: string | null;
  readonly products: number | null;
}

export type CategorySearchState =
  | { readonly status: "idle" }
  | { readonly status: "searching"; readonly words: string }
  | { readonly status: "done"; readonly words: string; readonly choices: readonly CategoryChoice[] }
  | { readonly status: "failed"; readonly words: string; readonly error: unknown };

/** Looks categories up; the engine's query in the pane, anything in tests. */
export type CategoryLookup = (market: string, keyword: string) => Promise<readonly CategoryNodeRecord[]>;

export interface Scheduler {
  schedule(run: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const TIMERS: Scheduler = {
  schedule: (run, ms) => setTimeout(run, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A node path as typed (`172282:281407`): the value itself, never a search. */
const looksLikeNodePath = (text: string): boolean => /^\d+(:\d+)*$/.test(text.trim());

const readable = (path: string) => path.split(":").join(LABEL_SEPARATOR);

const choiceOf = (node: CategoryNodeRecord): CategoryChoice => ({
  nodeIdPath: String(node.nodeIdPath ?? ""),
  label: readable(String(node.nodeLabelPath ?? node.nodeIdPath ?? "")),
  localLabel:
    typeof node.nodeLabelPathLocale === "string" && node.nodeLabelPathLocale.trim() !== ""
      ? readable(node.nodeLabelPathLocale)
      : null,
  products: typeof node.products === "number" ? node.products : null,
});

/**
 * A category as the active language reads it: a Chinese reader gets the Chinese path the service sends
 * (`nodeLabelPathLocale`, documented for the category lookup), everyone else the English one.
 */
export const choiceLabel = (choice: CategoryChoice): string =>
  currentLocale() === "zh-CN" && choice.localLabel ? choice.localLabel : choice.label;

/** The engine as a lookup: one product_node query per call (the engine caches and dedupes it too). */
export const engineLookup =
  (engine: Engine): CategoryLookup =>
  async (market, keyword) =>
    (await engine.query("product_node", { marketplace: market, keyword })).rows;

export class CategorySearch {
  private readonly answers = new Map<string, Promise<readonly CategoryChoice[]>>();
  private readonly listeners = new Set<(state: CategorySearchState) => void>();
  private pending: unknown;
  private latest = "";
  private current: CategorySearchState = { status: "idle" };

  constructor(
    private readonly lookup: CategoryLookup,
    private readonly scheduler: Scheduler = TIMERS,
    private readonly debounceMs = SEARCH_DEBOUNCE_MS,
  ) {}

  get state(): CategorySearchState {
    return this.current;
  }

  subscribe(listener: (state: CategorySearchState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The field's text changed: search it after the pause, unless it is a node path or too short. */
  type(market: string, text: string): void {
    if (this.pending !== undefined) this.scheduler.cancel(this.pending);
    this.pending = undefined;
    const words = text.trim().replace(/\s+/g, " ");
    this.latest = `${market}|${words.toLowerCase()}`;
    if (!market || words.length < MIN_SEARCH_LENGTH || looksLikeNodePath(words)) return this.set({ status: "idle" });
    const key = this.latest;
    this.pending = this.scheduler.schedule(() => {
      this.pending = undefined;
      void this.search(key, market, words);
    }, this.debounceMs);
  }

  /** Stops a pending search (the field is gone). */
  dispose(): void {
    if (this.pending !== undefined) this.scheduler.cancel(this.pending);
    this.pending = undefined;
    this.listeners.clear();
  }

  private async search(key: string, market: string, words: string): Promise<void> {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.lookup(market, words).then((nodes) => nodes.map(choiceOf));
      this.answers.set(key, answer);
      // A failed search may be tried again later (the next keystroke that asks for it).
      answer.catch(() => this.answers.delete(key));
    }
    if (key === this.latest) this.set({ status: "searching", words });
    try {
      const choices = await answer;
      if (key === this.latest) this.set({ status: "done", words, choices });
    } catch (error) {
      if (key === this.latest) this.set({ status: "failed", words, error });
    }
  }

  private set(state: CategorySearchState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
