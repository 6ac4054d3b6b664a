/**
 * The page cache: every page the service answered, in memory (least recently used first out) and persisted in
 * the key-value store so a reopened workbook recalculates without spending calls.
 *
 * A page is current until the end of its operation's data period (`expiresAt`: the service recomputes product data
 * daily, ABA weekly, markets and keyword research monthly; src/api/data-period.ts), and never longer than `capMs`
 * (`mad.cacheTtlHours`, a bound a person may set). A page past that is no longer served as current, but it is kept,
 * within the same bounds, as the query's last good answer: when the service cannot answer, the engine may show it,
 * saying so (./last-good.ts). Bounds evict pages past their period first, then the least recently used.
 *
 * Persisted layout: one item per page under `mad.cache.<account>.<hash of the page key>` holding
 * `{k: page key, t: fetched at, e: current until}` and its rows (as columns where records share their fields:
 * ./stored-page.ts), plus one index item (`mad.cacheIndex`) listing every
 * entry's storage key, fetch time, size, use and end of period, so bounds can be enforced without reading every
 * entry. OfficeRuntime.storage holds 10 MB per domain, shared by every add-in of that domain
 * (https://learn.microsoft.com/javascript/api/office-runtime/officeruntime.storage), and the settings and the
 * secret live there too: the persisted total is kept under `maxBytes` (2 MB by default), counted in UTF-8 bytes
 * (a CJK character weighs three), and `maxEntries`, dropping the least recently used entries first. A write the
 * storage refuses costs cached pages only, never another key.
 */
import type { Clock } from "../lib/clock";
import { shortHash } from "./keys";
import { CACHE_KEY_PREFIX, type KeyValueStore } from "./key-value-store";
import { dataOf, parseStored, toStored, type PageData, type StoredPage } from "./stored-page";

const CACHE_INDEX_KEY = "mad.cacheIndex";
/** How long a page cached without an end of period (by an earlier version) stays current. */
const LEGACY_PAGE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** No bound of a person's beyond each operation's data period. */
export const NO_CAP = Number.POSITIVE_INFINITY;
/** Room for a watch of 2,000 products (a lookup keeps one entry per ASIN) besides a workbook's other pages. */
export const DEFAULT_MAX_CACHE_ENTRIES = 2_500;
export const DEFAULT_MAX_CACHE_BYTES = 2_000_000;

const encoder = new TextEncoder();
/** UTF-8 bytes of a text: what storage holds, not JavaScript's UTF-16 length (measured when a page is written). */
const utf8Length = (text: string): number => encoder.encode(text).length;

/**
 * Pages are written to storage once the answers stop arriving for this long: serializing a page (its columns, its
 * JSON) takes as long as reading it, and a query of 20 pages must not wait for 19 writes between its answers (the
 * bench's paging scenario). A page is in memory, and answers identical queries, the moment it arrives.
 */
const PERSIST_AFTER_QUIET_MS = 100;

export type { PageData } from "./stored-page";

export interface CachedPage {
  data: PageData;
  fetchedAt: number;
  /** When the answer stops being current: the end of its operation's data period (epoch ms). */
  expiresAt?: number;
}

export interface PageCacheOptions {
  store: KeyValueStore;
  clock: Clock;
  /** The longest a page stays current whatever its period (NO_CAP: its period alone). */
  capMs: number;
  maxEntries: number;
  /** Persisted budget in UTF-8 bytes of key + value. */
  maxBytes: number;
}

/** A row's size in memory until its page is written and measured (product rows weigh about a kilobyte). */
const ROW_BYTES_ESTIMATE = 1_000;

interface MemoryEntry extends CachedPage {
  bytes: number;
}

/** [storage key, fetched at, size in UTF-8 bytes, use sequence (higher = used more recently), current until?] */
type IndexRow = [string, number, number, number, number?];

const pageOf = (stored: StoredPage): CachedPage => ({
  data: dataOf(stored),
  fetchedAt: stored.t,
  ...(stored.e === undefined ? {} : { expiresAt: stored.e }),
});

export class PageCache {
  private readonly memory = new Map<string, MemoryEntry>();
  /** Store reads under way: identical cells after a restart share one read and one JSON.parse. */
  private readonly reading = new Map<string, Promise<StoredPage | undefined>>();
  private memoryBytes = 0;
  private index: Map<string, IndexRow> | null = null;
  private indexLoading: Promise<Map<string, IndexRow>> | null = null;
  /** Persistence runs one step at a time so the index and the items never disagree. */
  private writes: Promise<void> = Promise.resolve();
  private pendingSteps = 0;
  /** The writes of pages put and not yet written, by storage key (made once answers stop arriving). */
  private readonly unwritten = new Map<string, () => void>();
  /**
   * Pages put whose write has not reached the index yet (waiting for a quiet moment, or for a storage that answers
   * late), by storage key: they answer as the page did when it came, even once memory's bound has let them go, so
   * whether an answer counts never depends on how soon this machine wrote it. Held anyway by their pending writes.
   */
  private readonly notYetStored = new Map<string, { readonly pageKey: string; readonly page: CachedPage }>();
  private puts = 0;
  private quiet: Promise<void> | null = null;
  private indexDirty = false;
  private useSeq = 0;
  capMs: number;

  constructor(private readonly options: PageCacheOptions) {
    this.capMs = options.capMs;
  }

  /** The storage key of a page of one account. */
  static storageKey(account: string, pageKey: string): string {
    return `${CACHE_KEY_PREFIX}${account}.${shortHash(pageKey)}`;
  }

  /** Until when a page is current: the end of its data period, within the cap. */
  currentUntil(page: Pick<CachedPage, "fetchedAt" | "expiresAt">): number {
    const periodEnd = page.expiresAt ?? page.fetchedAt + LEGACY_PAGE_LIFETIME_MS;
    return Math.min(periodEnd, page.fetchedAt + this.capMs);
  }

  private fresh(page: Pick<CachedPage, "fetchedAt" | "expiresAt">): boolean {
    const now = this.options.clock.now();
    // A fetch time ahead of the clock (the clock was set back) counts as current rather than as never fetched.
    return now < page.fetchedAt || now < this.currentUntil(page);
  }

  /** A page from memory, current or not (re-inserted: Map order is the LRU order). */
  private fromMemory(id: string): CachedPage | undefined {
    const entry = this.memory.get(id);
    if (!entry) return undefined;
    this.memory.delete(id);
    this.memory.set(id, entry);
    this.touch(id);
    return { data: entry.data, fetchedAt: entry.fetchedAt, ...(entry.expiresAt ? { expiresAt: entry.expiresAt } : {}) };
  }

  /** A current page from memory only (synchronous; used right before deciding to send). */
  peek(account: string, pageKey: string): CachedPage | undefined {
    const id = PageCache.storageKey(account, pageKey);
    const entry = this.memory.get(id);
    return entry && this.fresh(entry) ? this.fromMemory(id) : undefined;
  }

  /**
   * A current page from memory or the store; undefined when missing or past its period. Whether a stored page is
   * current is decided from the index (its fetch time and end of period) before the page itself is read: a workbook
   * reopened after its data period reads no page it would not use, so its cells reach the batcher together instead
   * of one storage read apart each (OfficeRuntime.storage answers in tens to hundreds of milliseconds).
   */
  async get(account: string, pageKey: string): Promise<CachedPage | undefined> {
    const id = PageCache.storageKey(account, pageKey);
    if (!this.memory.has(id)) {
      const row = (await this.loadIndex()).get(id);
      if (!row || !this.fresh({ fetchedAt: row[1], expiresAt: row[4] })) {
        // A page put meanwhile (another cell's answer) is in memory, or on its way to storage: it counts.
        const put = this.fromMemory(id) ?? this.notStoredYet(id, pageKey);
        return put && this.fresh(put) ? put : undefined;
      }
    }
    const page = await this.lastGood(account, pageKey);
    return page && this.fresh(page) ? page : undefined;
  }

  /**
   * The page as last answered, current or not: what the engine shows, saying so, when the service cannot answer.
   * Undefined when it was never answered (or the bounds have let it go).
   */
  async lastGood(account: string, pageKey: string): Promise<CachedPage | undefined> {
    const id = PageCache.storageKey(account, pageKey);
    const hit = this.fromMemory(id) ?? this.notStoredYet(id, pageKey);
    if (hit) return hit;
    const index = await this.loadIndex();
    const row = index.get(id);
    if (!row) return undefined;
    const stored = await this.readStored(id);
    if (!stored || stored.k !== pageKey) return undefined;
    const again = this.fromMemory(id);
    if (again) return again;
    const page = pageOf(stored);
    this.remember(id, page, row[2]);
    this.touch(id);
    return page;
  }

  /**
   * Keeps a page in memory now and persists it once answers stop arriving (PERSIST_AFTER_QUIET_MS; see flush). Its
   * size in memory is an estimate from its rows (the memory bound is a loose one, four times the stored one).
   */
  put(account: string, pageKey: string, page: CachedPage): void {
    const id = PageCache.storageKey(account, pageKey);
    this.remember(id, page, ROW_BYTES_ESTIMATE * page.data.rows.length);
    this.unwritten.set(id, () => this.persist(id, pageKey, page));
    this.notYetStored.set(id, { pageKey, page });
    this.puts++;
    // One wait at a time, again whenever a page came during it (counted, not timed: a test's clock may stand still).
    this.quiet ??= (async () => {
      for (let seen = -1; seen !== this.puts;) {
        seen = this.puts;
        await this.options.clock.sleep(PERSIST_AFTER_QUIET_MS);
      }
      this.quiet = null;
      this.writeUnwritten();
    })();
  }

  /** Serializes each page put and not yet written, and queues its write. */
  private writeUnwritten(): void {
    const writes = [...this.unwritten.values()];
    this.unwritten.clear();
    for (const write of writes) write();
  }

  private persist(id: string, pageKey: string, page: CachedPage): void {
    const head =
      page.expiresAt === undefined
        ? { k: pageKey, t: page.fetchedAt }
        : { k: pageKey, t: page.fetchedAt, e: page.expiresAt };
    const text = JSON.stringify(toStored(head, page.data));
    const bytes = utf8Length(id) + utf8Length(text);
    this.enqueue(async () => {
      try {
        await this.writeStored(id, page, text, bytes);
      } finally {
        // Stored, or let go (a huge answer, the bounds, a refusing storage) as a stored page would be: from now on
        // memory and the index answer for it.
        if (this.notYetStored.get(id)?.page === page) this.notYetStored.delete(id);
      }
    });
  }

  /** One page's write: the item, then its index row, within the bounds. */
  private async writeStored(id: string, page: CachedPage, text: string, bytes: number): Promise<void> {
    const index = await this.loadIndex();
    if (bytes > this.options.maxBytes / 4) {
      // One huge answer would push out everything else; it stays in memory only.
      await this.removeStored(index, id);
      return;
    }
    index.delete(id);
    try {
      await this.options.store.setItem(id, text);
      const row: IndexRow = [id, page.fetchedAt, bytes, ++this.useSeq];
      if (page.expiresAt !== undefined) row[4] = page.expiresAt;
      index.set(id, row);
    } catch {
      // Storage full or unavailable: the page is still in memory; make room for the next one.
      await this.evictStored(index, Math.max(1, Math.ceil(index.size / 10)));
    }
    await this.enforceBounds(index);
    this.indexDirty = true;
  }

  /** A page put and not yet in the index, when it is this page key's (a hash collision is another page). */
  private notStoredYet(id: string, pageKey: string): CachedPage | undefined {
    const pending = this.notYetStored.get(id);
    return pending?.pageKey === pageKey ? pending.page : undefined;
  }

  /** Drops every page of one account, or of all accounts. */
  clear(account?: string): Promise<void> {
    const prefix = account === undefined ? CACHE_KEY_PREFIX : `${CACHE_KEY_PREFIX}${account}.`;
    for (const id of [...this.memory.keys()]) if (id.startsWith(prefix)) this.dropMemory(id);
    for (const id of [...this.unwritten.keys()]) if (id.startsWith(prefix)) this.unwritten.delete(id);
    for (const id of [...this.notYetStored.keys()]) if (id.startsWith(prefix)) this.notYetStored.delete(id);
    return this.enqueue(async () => {
      const index = await this.loadIndex();
      const keys = new Set([...index.keys()].filter((id) => id.startsWith(prefix)));
      // Entries written by an older index (or another runtime) are found through getKeys where the store has it.
      const all = (await this.options.store.getKeys?.().catch(() => [] as string[])) ?? [];
      for (const key of all) if (key.startsWith(prefix)) keys.add(key);
      for (const id of keys) {
        index.delete(id);
        await this.options.store.removeItem(id).catch(() => undefined);
      }
      this.indexDirty = true;
    });
  }

  /** Resolves when everything put so far is persisted (with the latest use order). */
  flush(): Promise<void> {
    this.writeUnwritten();
    return this.enqueue(async () => {
      this.indexDirty = true;
    });
  }

  /** Entries and UTF-8 bytes held in memory and persisted (for tests and the task pane). */
  async size(): Promise<{ memoryEntries: number; memoryBytes: number; storedEntries: number; storedBytes: number }> {
    await this.flush();
    const index = await this.loadIndex();
    let storedBytes = 0;
    for (const row of index.values()) storedBytes += row[2];
    return { memoryEntries: this.memory.size, memoryBytes: this.memoryBytes, storedEntries: index.size, storedBytes };
  }

  /**
   * Marks a persisted entry as just used. Only the in-memory index changes: the order reaches the store with the
   * next write, so reading never costs a storage write.
   */
  private touch(id: string): void {
    const row = this.index?.get(id);
    if (row) row[3] = ++this.useSeq;
  }

  private remember(id: string, page: CachedPage, bytes: number): void {
    this.dropMemory(id);
    this.memory.set(id, { ...page, bytes });
    this.memoryBytes += bytes;
    // Memory holds what the store holds and a little more (huge answers), within the same entry bound.
    const memoryBudget = this.options.maxBytes * 4;
    while (this.memory.size > this.options.maxEntries || (this.memoryBytes > memoryBudget && this.memory.size > 1)) {
      const oldest = this.memory.keys().next().value as string;
      this.dropMemory(oldest);
    }
  }

  private dropMemory(id: string): void {
    const entry = this.memory.get(id);
    if (!entry) return;
    this.memory.delete(id);
    this.memoryBytes -= entry.bytes;
  }

  /** Runs persistence steps one after another; the index is written once after a burst of steps, not per page. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.pendingSteps++;
    const next = this.writes
      .then(step)
      .catch(() => undefined)
      .then(async () => {
        this.pendingSteps--;
        if (this.pendingSteps === 0 && this.indexDirty && this.index) {
          this.indexDirty = false;
          await this.saveIndex(this.index);
        }
      });
    this.writes = next;
    return next;
  }

  private loadIndex(): Promise<Map<string, IndexRow>> {
    if (this.index) return Promise.resolve(this.index);
    this.indexLoading ??= this.options.store
      .getItem(CACHE_INDEX_KEY)
      .catch(() => null)
      .then((text) => {
        const index = new Map<string, IndexRow>();
        for (const row of parseIndex(text)) {
          index.set(row[0], row);
          this.useSeq = Math.max(this.useSeq, row[3]);
        }
        this.index = index;
        return index;
      });
    return this.indexLoading;
  }

  private readStored(id: string): Promise<StoredPage | undefined> {
    const pending = this.reading.get(id);
    if (pending) return pending;
    const read = this.readStoredOnce(id).finally(() => this.reading.delete(id));
    this.reading.set(id, read);
    return read;
  }

  private async readStoredOnce(id: string): Promise<StoredPage | undefined> {
    try {
      const text = await this.options.store.getItem(id);
      if (!text) return undefined;
      return parseStored(text);
    } catch {
      return undefined;
    }
  }

  /** Pages past their period first (kept only as last good answers), then the least recently used. */
  private evictionOrder(rows: Iterable<IndexRow>): IndexRow[] {
    const current = (row: IndexRow) => (this.fresh({ fetchedAt: row[1], expiresAt: row[4] }) ? 1 : 0);
    return [...rows].sort((a, b) => current(a) - current(b) || a[3] - b[3]);
  }

  private async enforceBounds(index: Map<string, IndexRow>): Promise<void> {
    let bytes = 0;
    for (const row of index.values()) bytes += row[2];
    const excessEntries = index.size - this.options.maxEntries;
    if (excessEntries <= 0 && bytes <= this.options.maxBytes) return;
    let removed = 0;
    for (const row of this.evictionOrder(index.values())) {
      if (removed >= excessEntries && bytes <= this.options.maxBytes) break;
      await this.removeStored(index, row[0]);
      bytes -= row[2];
      removed++;
    }
  }

  private async evictStored(index: Map<string, IndexRow>, count: number): Promise<void> {
    for (const row of this.evictionOrder(index.values()).slice(0, count)) await this.removeStored(index, row[0]);
  }

  private async removeStored(index: Map<string, IndexRow>, id: string): Promise<void> {
    index.delete(id);
    this.indexDirty = true;
    await this.options.store.removeItem(id).catch(() => undefined);
  }

  private async saveIndex(index: Map<string, IndexRow>): Promise<void> {
    await this.options.store.setItem(CACHE_INDEX_KEY, JSON.stringify([...index.values()])).catch(() => undefined);
  }
}

function parseIndex(text: string | null): IndexRow[] {
  if (!text) return [];
  try {
    const rows = JSON.parse(text) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.filter(
      (row): row is IndexRow =>
        Array.isArray(row) &&
        typeof row[0] === "string" &&
        row[0].startsWith(CACHE_KEY_PREFIX) &&
        typeof row[1] === "number" &&
        typeof row[2] === "number" &&
        typeof row[3] === "number" &&
        (row[4] === undefined || typeof row[4] === "number"),
    );
  } catch {
    return [];
  }
}
