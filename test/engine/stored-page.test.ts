import { NO_CAP, PageCache, type PageData } from "../../src/engine/page-cache";
import { memoryStore, type KeyValueStore } from "../../src/engine/key-value-store";

const NOW = Date.UTC(2026, 10, 25, 9);
const clock = { now: () => NOW, sleep: () => Promise.resolve() };

function cacheOver(store: KeyValueStore): PageCache {
  return new PageCache({ store, clock, capMs: NO_CAP, maxEntries: 500, maxBytes: 2_000_000 });
}

/** A page of product records as the service answers them: the same fields in the same order, nested badges. */
function productPage(count: number): PageData {
  const rows = Array.from({ length: count }, (_, i) => ({
    asin: `B0TEST${String(i).padStart(4, "0")}`,
    title: `Yoga mat ${i} – 防滑瑜伽垫`,
    price: 19.99 + i,
    bsr: i === 3 ? null : 1000 + i,
    ratingsCount: 12 * i,
    badge: { bestSeller: i % 2 === 0, amazonChoice: false },
    sellerCountry: "CN",
    availableDate: 1_700_000_000_000 + i,
  }));
  return { rows, total: 240, stats: { avgPrice: 25.5 } };
}

/** A workbook reopened: a new cache over the same storage reads what the first one wrote. */
async function reopened(data: PageData): Promise<{ page: PageData | undefined; text: string }> {
  const store = memoryStore();
  const first = cacheOver(store);
  first.put("acct", "product_research|US|yoga", { data, fetchedAt: NOW - 1000, expiresAt: NOW + 3_600_000 });
  await first.flush();
  const text = (await store.getItem(PageCache.storageKey("acct", "product_research|US|yoga"))) ?? "";
  const page = await cacheOver(store).get("acct", "product_research|US|yoga");
  return { page: page?.data, text };
}

describe("cached pages in storage", () => {
  it("names a page's fields once, so about twice as many answers survive a restart, and reads back the same rows", async () => {
    const data = productPage(100);
    const { page, text } = await reopened(data);
    expect(page).toEqual(data);
    expect(Object.keys(page!.rows[0] as object)).toEqual(Object.keys(data.rows[0] as object));
    const asRecords = JSON.stringify({ k: "product_research|US|yoga", t: NOW - 1000, r: data }).length;
    expect(text.length).toBeLessThan(asRecords * 0.75);
  });

  it("keeps rows whose fields differ exactly as answered: a field absent stays absent, not null", async () => {
    const data: PageData = {
      rows: [{ asin: "B0A", price: 10 }, { asin: "B0B" }, { asin: "B0C", price: null }, { price: 3, asin: "B0D" }],
      total: 4,
    };
    const { page } = await reopened(data);
    expect(page).toEqual(data);
    expect("price" in (page!.rows[1] as object)).toBe(false);
    expect((page!.rows[2] as { price: unknown }).price).toBeNull();
    expect(Object.keys(page!.rows[3] as object)).toEqual(["price", "asin"]);
  });

  it("keeps bare lists and a single record as they are", async () => {
    for (const data of [
      { rows: [202401, 202402], total: 2 },
      { rows: [{ nodeIdPath: "1:2", products: 40 }], total: 1 },
      { rows: [], total: 0 },
    ]) {
      expect((await reopened(data)).page).toEqual(data);
    }
  });

  it("reads pages an earlier version wrote as records", async () => {
    const data = productPage(3);
    const id = PageCache.storageKey("acct", "product_research|US|old");
    const store = memoryStore({
      [id]: JSON.stringify({ k: "product_research|US|old", t: NOW - 1000, e: NOW + 3_600_000, r: data }),
      "mad.cacheIndex": JSON.stringify([[id, NOW - 1000, 5_000, 1, NOW + 3_600_000]]),
    });
    expect((await cacheOver(store).get("acct", "product_research|US|old"))?.data).toEqual(data);
  });
});
