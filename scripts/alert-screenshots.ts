/**
 * `npm run screenshots:alerts`: docs/alerts.md's pictures of a delivered message, taken from a real delivery rather
 * than drawn. Starts a team relay in-process (memory store) in front of a small stand-in of the service whose
 * prices drop from one day to the next, a real SMTP server on loopback (smtp-server; the relay sends with nodemailer
 * over STARTTLS), sets an alert by its HTTP API in each language, runs it on two days (a VirtualClock moves the day),
 * takes the HTML part of each e-mail the SMTP server received, and renders it in Chromium: docs/images/alert-email.png
 * and docs/images/alert-email.zh-CN.png. Then the task pane's Alerts tab (docs/images/alert-pane.png and
 * alert-pane.zh-CN.png): the relay also serves the built preview (dist/, built when stale), a member signed in types
 * a MAD formula, uses it in Alert me… and builds a condition with the picker, beside the alerts that ran above.
 * Chinese needs CJK fonts (fonts-noto-cjk on Debian).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { VirtualClock } from "../test/support/virtual-clock";
import { createHostingServer, listen } from "../src/server/hosting";
import { fingerprintOf } from "../src/server/team/keys-file";
import { MemoryStore } from "../src/server/team/memory-store";
import { startTeamMode } from "../src/server/team/setup";
import { hashToken, newToken } from "../src/server/team/tokens";
import type { Browser, FrameLocator } from "playwright-core";
import { DIST, ensureBuilt } from "../test/browser/support/built-addin";
import { launchChromium } from "../test/browser/support/chromium";
import { enter, goTo } from "../test/browser/support/preview";
import { startSmtp } from "../test/server/support/alert-receivers";

const IMAGES = path.resolve(__dirname, "..", "docs", "images");
const SECRET = "shots0secret0000000000000000wxyz";
const DAY = 86_400_000;

const DAYS = [
  [
    { asin: "B07Z82895W", title: "Yoga mat, 6 mm, non-slip", price: 24.99, bsr: 310 },
    { asin: "B0DGVP84B5", title: "Travel yoga mat, foldable", price: 32.5, bsr: 1_240 },
    { asin: "B08KTV71Q9", title: "Cork yoga mat with strap", price: 45, bsr: 2_015 },
  ],
  [
    { asin: "B07Z82895W", title: "Yoga mat, 6 mm, non-slip", price: 19.99, bsr: 180 },
    { asin: "B0DGVP84B5", title: "Travel yoga mat, foldable", price: 26.9, bsr: 990 },
    { asin: "B08KTV71Q9", title: "Cork yoga mat with strap", price: 44, bsr: 2_100 },
    { asin: "B0CX7RLM3D", title: "Thick exercise mat, 10 mm", price: 21.49, bsr: 4_400 },
  ],
];

function requireCjkFonts(): void {
  let families = "";
  try {
    families = execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
  } catch {
    // no fontconfig: reported below
  }
  if (!families.trim()) throw new Error("No Chinese (CJK) font is installed: apt-get install fonts-noto-cjk.");
}

async function main(): Promise<void> {
  requireCjkFonts();
  const state = { day: 0 };
  const upstream = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const items = DAYS[state.day];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "OK", message: "成功", data: { items, total: items.length, page: 1, size: 50 } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const smtp = await startSmtp();
  const clock = new VirtualClock({ autoAdvance: false, start: Date.UTC(2025, 8, 15, 7, 0) });
  const store = new MemoryStore();
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const team = await startTeamMode({
    upstream: upstreamUrl,
    upstreamTimeoutMs: 10_000,
    maxAnswerBytes: 1_000_000,
    keys: [{ name: "main", secret: SECRET, fingerprint: fingerprintOf(SECRET), perMinute: 40, monthlyBudget: 15_000 }],
    store,
    clock,
    log: () => undefined,
    schedulerTickMs: 0,
    alerts: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      publicUrl: "https://relay.example.com",
    },
  });
  const csp = { reportOnly: true }; // the preview frames its pane from a blob: page, which the policy would block
  const hosting = createHostingServer({ upstream: upstreamUrl, team, log: () => undefined, staticDir: DIST, csp });
  const base = await listen(hosting, 0, "127.0.0.1");
  const browser = await launchChromium();
  try {
    const token = newToken();
    await store.addMember(
      { name: "alice", role: "member", monthlyBudget: null, createdAt: clock.now() },
      hashToken(token),
    );
    const alerts = [
      { id: "yoga-mats-en", language: "en", name: "Yoga mats: price drops" },
      { id: "yoga-mats-zh", language: "zh-CN", name: "瑜伽垫降价" },
    ];
    for (const alert of alerts) {
      const reply = await fetch(`${base}/v1/alerts/${alert.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          name: alert.name,
          query: '=MAD.PRODUCTRESEARCH("US","keyword=yoga mat")',
          when: "price change <= -10% or new rows",
          language: alert.language,
          deliver: ["mailto:buyer@example.com"],
        }),
      });
      if (reply.status !== 200) throw new Error(`PUT ${alert.id}: ${reply.status} ${await reply.text()}`);
    }
    await team.alerts.tick(); // the first day: what every later day is compared with
    state.day = 1;
    await clock.advance(DAY);
    await team.alerts.tick();
    mkdirSync(IMAGES, { recursive: true });
    for (const [i, file] of ["alert-email.png", "alert-email.zh-CN.png"].entries()) {
      const mail = smtp.mails.find((m) => m.subject.startsWith(alerts[i].name));
      if (!mail) throw new Error(`no e-mail of ${alerts[i].id} arrived`);
      const page = await browser.newPage({ viewport: { width: 720, height: 520 }, deviceScaleFactor: 1 });
      await page.setContent(mail.html, { waitUntil: "load" });
      await page.screenshot({ path: path.join(IMAGES, file), fullPage: true });
      await page.close();
      console.log(`wrote docs/images/${file} (${mail.subject})`);
    }
    await panePictures(browser, base.replace(/\/$/, ""), token);
  } finally {
    await browser.close();
    await hosting.stop(0);
    await smtp.stop();
    upstream.close();
  }
}

/** What the pane's picture is driven by, in each language: the names a person reads. */
const PANE_WORDS = [
  {
    lang: "en-US",
    file: "alert-pane.png",
    tab: "Alerts",
    useCell: "Use the active cell",
    kind: "Condition 1: when",
    changeBy: "A column changes by…",
    column: "Condition 1: column",
    comparison: "Condition 1: comparison",
    atMost: "at most (<=)",
    percent: "Condition 1: change since the last run",
    add: "Add a condition",
    kind2: "Condition 2: when",
    newRows: "New rows appear",
    deliver: "Send to",
    cost: /^About \d+ calls? a month: /,
  },
  {
    lang: "zh-CN",
    file: "alert-pane.zh-CN.png",
    tab: "提醒",
    useCell: "使用活动单元格",
    kind: "条件 1：何时",
    changeBy: "某列的变化幅度…",
    column: "条件 1：列",
    comparison: "条件 1：比较",
    atMost: "不大于 (<=)",
    percent: "条件 1：与上次运行相比的变化",
    add: "添加条件",
    kind2: "条件 2：何时",
    newRows: "出现新行",
    deliver: "发送到",
    cost: /^每月约 .*：运行/,
  },
] as const;

async function choose(pane: FrameLocator, field: string, option: string | RegExp): Promise<void> {
  await pane.getByRole("combobox", { name: field, exact: true }).click();
  await pane.getByRole("option", { name: option }).first().click();
}

/** The Alerts tab with Alert me… filled from a MAD formula cell, beside the alerts that ran: one picture. */
async function panePicture(browser: Browser, base: string, token: string, words: (typeof PANE_WORDS)[number]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 2300 }, locale: words.lang });
  // Signed in as the member: the Connection tab's team relay settings, in the preview's runtime storage.
  await context.addInitScript(
    ([url, secret]) => {
      localStorage.setItem("mad-preview:mad.baseUrl", url);
      localStorage.setItem("mad-preview:mad.secret", secret);
    },
    [base, token],
  );
  const page = await context.newPage();
  await page.goto(`${base}/preview.html?lang=${words.lang}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
  await enter(page, "A1", "US");
  await enter(page, "B1", "keyword");
  await enter(page, "C1", "yoga mat");
  await enter(page, "A3", "=MAD.PRODUCTRESEARCH(A1,B1:C1)");
  await goTo(page, "A3");
  const pane = page.frameLocator("#task-pane");
  await pane.getByRole("tab", { name: words.tab }).click();
  await pane.getByRole("button", { name: words.useCell }).click();
  await choose(pane, words.kind, words.changeBy);
  await choose(pane, words.column, /\(price\)|（price）/);
  await choose(pane, words.comparison, words.atMost);
  await pane.getByRole("textbox", { name: words.percent }).fill("-15");
  await pane.getByRole("button", { name: words.add }).click();
  await choose(pane, words.kind2, words.newRows);
  await pane.getByRole("textbox", { name: words.deliver }).fill("mailto:buyer@example.com");
  await pane.getByText(words.cost).first().waitFor({ timeout: 60_000 });
  await page.locator("#task-pane").screenshot({ path: path.join(IMAGES, words.file) });
  console.log(`wrote docs/images/${words.file}`);
  await context.close();
}

/** Both languages' pictures of the Alerts tab, from the built preview (built first when stale). */
async function panePictures(browser: Browser, base: string, token: string): Promise<void> {
  await ensureBuilt();
  for (const words of PANE_WORDS) await panePicture(browser, base, token, words);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
