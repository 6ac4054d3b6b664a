/**
 * What each receiver gets, held to its vendor's documented payload and size limit (the docs are cited beside each
 * test), with far more rows than fit: the message names the alert, what changed (before → after), when, and links
 * back; what does not fit is counted ("…and N more rows"). Text from the service is never markup.
 *
 * - WeCom group robot: https://developer.work.weixin.qq.com/document/path/91770 (markdown类型: msgtype, markdown.content,
 *   最长不超过4096个字节)
 * - DingTalk custom robot: https://open.dingtalk.com/document/orgapp/custom-bot-send-message-type (msgtype markdown,
 *   markdown.title and .text), signing: https://open.dingtalk.com/document/orgapp/customize-robot-security-settings
 *   (timestamp + "\n" + secret, HmacSHA256, Base64, urlEncode), body over 20000 bytes refused (errcode 460101)
 * - Feishu custom bot: https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (msg_type post,
 *   content.post.zh_cn.title/content as rows of {tag:"text"|"a"}; 请求体大小不能超过20K; 签名校验: timestamp (s) +
 *   "\n" + secret as the HmacSHA256 key of an empty text, Base64)
 * - Slack incoming webhook: https://api.slack.com/messaging/webhooks (text, blocks),
 *   https://api.slack.com/reference/block-kit/blocks#section (section text at most 3000 characters, 50 blocks),
 *   https://api.slack.com/reference/surfaces/formatting#escaping (& < > escaped)
 * - Microsoft Teams workflow: https://learn.microsoft.com/en-us/connectors/teams/#microsoft-teams-webhook ({"type":
 *   "message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive","contentUrl":null,"content":
 *   {AdaptiveCard}}]}; a message at most about 28 KB, "Known issues and limitations")
 */
import { createHmac } from "node:crypto";
import { dingtalkSigned, feishuSigned } from "../../../src/server/team/alerts/deliver";
import { mailContent, webhookBody } from "../../../src/server/team/alerts/formats";
import type { Firing, FiredRow, StoredAlert } from "../../../src/server/team/alerts/model";
import { noticeOf } from "../../../src/server/team/alerts/notice";
import { loadLocale } from "../../../src/i18n/locale";

beforeAll(() => loadLocale("zh-CN"));

const AT = Date.UTC(2025, 8, 15, 7, 0);
const alert = (language: "en" | "zh-CN" = "en"): StoredAlert => ({
  id: "price-drop-0001",
  member: "alice",
  name: "Yoga mats under $20",
  query: '=MAD.PRODUCTRESEARCH("US","keyword=yoga mat")',
  when: "price < 20 or price change <= -15%",
  every: "daily",
  digest: false,
  language,
  muted: false,
  destinations: [],
  createdAt: AT,
  updatedAt: AT,
  version: "v1",
});
const row = (i: number, language: "en" | "zh-CN"): FiredRow => ({
  key: `B0${String(i).padStart(8, "0")}`,
  change: i === 0 ? "new" : "row",
  entries: [{ field: "price", label: language === "en" ? "Price" : "价格", before: 24.99 + i, after: 18.5 }],
});
const firing = (rows: number, language: "en" | "zh-CN" = "en"): Firing => ({
  id: `price-drop-0001.${AT}`,
  alertId: "price-drop-0001",
  at: AT,
  digest: false,
  rows: Array.from({ length: rows }, (_, i) => row(i, language)),
});
const PUBLIC = "https://relay.example.com";
const bytes = (value: unknown) => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value));
const notice = (rows: number, language: "en" | "zh-CN" = "en") =>
  noticeOf(alert(language), firing(rows, language), PUBLIC);

test("WeCom: markdown content within 4096 bytes of UTF-8, even in Chinese with 2,000 rows", () => {
  const small = webhookBody("wecom", notice(2), alert(), firing(2)) as {
    msgtype: string;
    markdown: { content: string };
  };
  expect(Object.keys(small)).toEqual(["msgtype", "markdown"]);
  expect(small.msgtype).toBe("markdown");
  expect(small.markdown.content).toContain("Yoga mats under $20: 2 changes");
  expect(small.markdown.content).toContain("B000000001: price: 25.99 → 18.5");
  expect(small.markdown.content).toContain("B000000000 (new row)");
  expect(small.markdown.content).toContain("Sep 15, 2025");
  expect(small.markdown.content).toContain(
    "[Open the alert](https://relay.example.com/taskpane.html?alert=price-drop-0001)",
  );
  const big = webhookBody("wecom", notice(2000, "zh-CN"), alert("zh-CN"), firing(2000)) as {
    markdown: { content: string };
  };
  expect(bytes(big.markdown.content)).toBeLessThanOrEqual(4096);
  expect(big.markdown.content).toMatch(/……另有 \d+ 行/);
  expect(big.markdown.content).toContain("价格 (price): 25.99 → 18.5");
  // A member's longest query and condition are cut in the headline, so the rows still have room.
  const long = {
    ...alert("zh-CN"),
    query: `=MAD.PRODUCTRESEARCH("US","keyword=${"瑜".repeat(1_900)}")`,
    when: "价格 < 20 or ".repeat(80),
  };
  const cut = webhookBody("wecom", noticeOf(long, firing(50, "zh-CN"), PUBLIC), long, firing(50)) as {
    markdown: { content: string };
  };
  expect(bytes(cut.markdown.content)).toBeLessThanOrEqual(4096);
  expect(cut.markdown.content).toContain("B000000003");
});

test("DingTalk: markdown title and text, body within 20000 bytes; the signature is HmacSHA256(timestamp + \\n + secret) in the URL", () => {
  const body = webhookBody("dingtalk", notice(2000), alert(), firing(2000)) as {
    msgtype: string;
    markdown: { title: string; text: string };
  };
  expect(body.msgtype).toBe("markdown");
  expect(body.markdown.title).toBe("Yoga mats under $20: 2,000 changes");
  expect(bytes(body)).toBeLessThanOrEqual(20_000);
  expect(body.markdown.text).toMatch(/…and [\d,]+ more rows/);
  const url = dingtalkSigned(
    new URL("https://oapi.dingtalk.com/robot/send?access_token=abc"),
    "SECxyz",
    1_700_000_000_000,
  );
  expect(url.searchParams.get("access_token")).toBe("abc");
  expect(url.searchParams.get("timestamp")).toBe("1700000000000");
  const expected = createHmac("sha256", "SECxyz").update("1700000000000\nSECxyz").digest("base64");
  expect(url.searchParams.get("sign")).toBe(expected);
  expect(url.search).toContain(`sign=${encodeURIComponent(expected).replace(/%20/g, "+")}`);
});

test("Feishu: a post in the alert's language within 20 KB; the signature is in the body, keyed by timestamp + \\n + secret", () => {
  const body = webhookBody("feishu", notice(2000, "zh-CN"), alert("zh-CN"), firing(2000)) as {
    msg_type: string;
    content: { post: { zh_cn: { title: string; content: { tag: string; text: string; href?: string }[][] } } };
  };
  expect(body.msg_type).toBe("post");
  const post = body.content.post.zh_cn;
  expect(post.title).toBe("Yoga mats under $20：2000 处变化");
  for (const paragraph of post.content) for (const element of paragraph) expect(["text", "a"]).toContain(element.tag);
  expect(post.content.at(-1)).toEqual([
    { tag: "a", text: "打开提醒", href: "https://relay.example.com/taskpane.html?alert=price-drop-0001" },
  ]);
  expect(bytes(body)).toBeLessThanOrEqual(20_000);
  const signed = feishuSigned(body, "s3cret", 1_700_000_000_123) as { timestamp: string; sign: string };
  expect(signed.timestamp).toBe("1700000000");
  expect(signed.sign).toBe(createHmac("sha256", "1700000000\ns3cret").update("").digest("base64"));
  const english = webhookBody("feishu", notice(1), alert(), firing(1)) as { content: { post: object } };
  expect(Object.keys(english.content.post)).toEqual(["en_us"]);
});

test("Slack: text and blocks, every section within 3000 characters, service text escaped", () => {
  const body = webhookBody("slack", notice(2000), alert(), firing(2000)) as {
    text: string;
    blocks: { type: string; text?: { type: string; text: string }; elements?: { text: string }[] }[];
  };
  expect(body.text).toBe("Yoga mats under $20: 2,000 changes");
  expect(body.blocks.length).toBeLessThanOrEqual(50);
  for (const block of body.blocks.filter((b) => b.type === "section")) {
    expect(block.text!.type).toBe("mrkdwn");
    expect(block.text!.text.length).toBeLessThanOrEqual(3000);
  }
  expect(body.blocks[1].text!.text).toMatch(/…and [\d,]+ more rows$/);
  expect(body.blocks[0].text!.text).toContain("price &lt; 20 or price change &lt;= -15%");
  expect(body.blocks.at(-1)!.elements!.at(-1)!.text).toBe(
    "<https://relay.example.com/taskpane.html?alert=price-drop-0001|Open the alert>",
  );
});

test("Teams workflow: a message with one Adaptive Card attachment (contentUrl null) within 28 KB", () => {
  const body = webhookBody("teams", notice(2000), alert(), firing(2000)) as {
    type: string;
    attachments: { contentType: string; contentUrl: null; content: Record<string, unknown> }[];
  };
  expect(body.type).toBe("message");
  expect(body.attachments).toHaveLength(1);
  const [attachment] = body.attachments;
  expect(attachment.contentType).toBe("application/vnd.microsoft.card.adaptive");
  expect(attachment.contentUrl).toBeNull();
  expect(attachment.content).toMatchObject({
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
    actions: [{ type: "Action.OpenUrl", url: "https://relay.example.com/taskpane.html?alert=price-drop-0001" }],
  });
  const facts = (attachment.content.body as { type: string; facts?: { title: string; value: string }[] }[]).find(
    (b) => b.type === "FactSet",
  )!.facts!;
  expect(facts[1]).toEqual({ title: "B000000001", value: "price: 25.99 → 18.5" });
  expect(bytes(body)).toBeLessThanOrEqual(28_000);
});

test("generic JSON: the issue's {alert:{id,name}, query, at, fired:[{key, field, before, after}]}", () => {
  const body = webhookBody("json", notice(2), alert(), firing(2));
  expect(body).toEqual({
    alert: { id: "price-drop-0001", name: "Yoga mats under $20" },
    query: '=MAD.PRODUCTRESEARCH("US","keyword=yoga mat")',
    when: "price < 20 or price change <= -15%",
    at: "2025-09-15T07:00:00.000Z",
    digest: false,
    fired: [
      { key: "B000000000", change: "new", field: "price", before: 24.99, after: 18.5 },
      { key: "B000000001", change: "row", field: "price", before: 25.99, after: 18.5 },
    ],
    link: "https://relay.example.com/taskpane.html?alert=price-drop-0001",
  });
});

test("text from the service is never markup: not in a robot's markdown, not in Slack, not in an e-mail's HTML", () => {
  const hostile: Firing = {
    ...firing(1),
    rows: [{ key: "<script>x</script> **[bold](https://evil.example)** `x` #h", change: "row", entries: [] }],
  };
  const n = noticeOf({ ...alert(), name: "<b>name</b>" }, hostile, undefined);
  const wecom = (webhookBody("wecom", n, alert(), hostile) as { markdown: { content: string } }).markdown.content;
  expect(wecom).not.toMatch(/\[bold\]\(|\*\*\[|<script>|<b>|`x`/);
  const slack = JSON.stringify(webhookBody("slack", n, alert(), hostile));
  expect(slack).not.toMatch(/<script>|<https:\/\/evil/);
  const mail = mailContent(n);
  expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;");
  expect(mail.html).not.toContain("<script>");
  expect(mail.html).toContain("&lt;b&gt;name&lt;/b&gt;");
  expect(mail.subject).toBe("<b>name</b>: 1 change");
});
