/**
 * `npm run screenshots:history`: docs/history-feeds.md's pictures, taken from the built preview (built first when
 * stale) served by a real team relay that keeps history (its embedded database), rather than drawn. Behind the relay a
 * small stand-in of the service answers a product research whose prices move from day to day. In each language a
 * member keeps a table's history, schedules it on the relay with Keep history on the relay, and the relay runs it on
 * the next two days; then docs/images/feed-dialog(.zh-CN).png (Share as a feed… with a feed just made) and, the
 * workbook reopened, docs/images/history-relay(.zh-CN).png (the history sheet with the relay's days, their Source
 * ending with relay, and the Changes table). Chinese needs CJK fonts (fonts-noto-cjk on Debian).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { t } from "../src/i18n";
import { setLocale, type Locale } from "../src/i18n/locale";
import { launchChromium } from "../test/browser/support/chromium";
import { goTo } from "../test/browser/support/preview";
import {
  openSignedIn,
  relayRuns,
  reopen,
  scheduledWithHistory,
  startRelayHistoryStack,
  tableItem,
  TABLE_NAME,
} from "../test/browser/support/relay-history";

const IMAGES = path.resolve(__dirname, "..", "docs", "images");
const SECRET = "historyshots0secret000000000wxyz";
/** The listing day of each product, as the service stamps it (midnight China time). */
const LISTED = Date.UTC(2024, 2, 4, 16);

/** Each day's answer: prices move, a product enters, one leaves. */
const DAYS = [
  [
    ["B07Z82895W", 24.99, 310],
    ["B0DGVP84B5", 32.5, 1_240],
    ["B08KTV71Q9", 45, 2_015],
    ["B09M8KX2QF", 18.99, 3_380],
  ],
  [
    ["B07Z82895W", 21.99, 260],
    ["B0DGVP84B5", 32.5, 1_180],
    ["B08KTV71Q9", 45, 2_015],
    ["B09M8KX2QF", 18.99, 3_120],
  ],
  [
    ["B07Z82895W", 19.99, 180],
    ["B0DGVP84B5", 29.9, 990],
    ["B08KTV71Q9", 44, 2_100],
    ["B0CX7RLM3D", 21.49, 4_400],
  ],
] as const;

const QUERY = {
  operation: "product_research",
  params: { marketplace: "US", keyword: "yoga mat" },
  fields: ["asin", "price", "bsr"],
  limit: 10,
};

function requireCjkFonts(): void {
  let families = "";
  try {
    families = execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
  } catch {
    // no fontconfig: reported below
  }
  if (!families.trim()) throw new Error("No Chinese (CJK) font is installed: apt-get install fonts-noto-cjk.");
}

/** The stand-in service: today's answer to whatever is asked (the relay asks a product research only). */
async function standIn(state: { day: number }): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const items = DAYS[state.day].map(([asin, price, bsr]) => ({ asin, price, bsr, availableDate: LISTED }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data: { items, total: items.length, page: 1, size: 50 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** One language's two pictures. */
async function pictures(browser: Browser, locale: Locale, suffix: string): Promise<void> {
  await setLocale(locale);
  const state = { day: 0 };
  const service = await standIn(state);
  const stack = await startRelayHistoryStack(SECRET, service.url);
  try {
    const signed = await openSignedIn(browser, stack, await stack.relay.member("alice"), {
      language: locale === "en" ? "en-US" : "zh-CN",
      viewport: { width: 1280, height: 1000 },
    });
    const { page, pane } = signed;
    await scheduledWithHistory(signed, QUERY);
    state.day = 1;
    await relayRuns(stack, [1]);
    state.day = 2;
    await relayRuns(stack, [2]);
    await pane.getByRole("button", { name: t("reports.rescan") }).click();
    await pane.getByRole("button", { name: t("feeds.shareLabel", { name: tableItem() }) }).click();
    await pane.getByRole("button", { name: t("feeds.create") }).click();
    await pane.getByText(t("feeds.created")).waitFor({ timeout: 60_000 });
    await page.locator("#task-pane").screenshot({ path: path.join(IMAGES, `feed-dialog${suffix}.png`) });
    console.log(`wrote docs/images/feed-dialog${suffix}.png`);
    await pane.getByRole("button", { name: t("feeds.close") }).click();

    await page.setViewportSize({ width: 2400, height: 900 });
    const reopened = await reopen(page);
    const sheet = t("snapshot.sheetName", { name: TABLE_NAME });
    await reopened.getByText(t("backfill.done", { days: 2, sheet })).waitFor({ timeout: 60_000 });
    await page.getByRole("tab", { name: sheet }).click();
    await goTo(page, "A1");
    await page.screenshot({ path: path.join(IMAGES, `history-relay${suffix}.png`) });
    console.log(`wrote docs/images/history-relay${suffix}.png`);
    await signed.context.close();
  } finally {
    await stack.stop();
    service.close();
  }
}

async function main(): Promise<void> {
  requireCjkFonts();
  mkdirSync(IMAGES, { recursive: true });
  const browser = await launchChromium();
  try {
    await pictures(browser, "en", "");
    await pictures(browser, "zh-CN", ".zh-CN");
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
