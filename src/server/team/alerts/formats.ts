/**
 * A notice (./notice.ts) in each receiver's own message format, within its documented size limit: as many rows as
 * fit, then "…and N more rows". Text from the service (keys, values) and from the member (the alert's name, query
 * and condition) is never markup here: characters a receiver's markdown reads are replaced by look-alikes, Slack's
 * `& < >` escaped as its docs ask, e-mail's HTML escaped.
 *
 * The formats and limits, from each vendor's documentation:
 * - WeCom group robot: `{"msgtype":"markdown","markdown":{"content"}}`, content at most 4096 bytes of UTF-8
 *   (https://developer.work.weixin.qq.com/document/path/91770, "markdown类型": 最长不超过4096个字节).
 * - DingTalk custom robot: `{"msgtype":"markdown","markdown":{"title","text"}}`; the request body at most 20000
 *   bytes (errcode 460101 "message too long, exceed 20000 bytes";
 *   https://open.dingtalk.com/document/orgapp/custom-bot-send-message-type).
 * - Feishu/Lark custom bot: `{"msg_type":"post","content":{"post":{"zh_cn"|"en_us":{"title","content"}}}}`, the
 *   request body at most 20 KB (https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot: 请求体大小不能超过20K).
 * - Slack incoming webhook: `{"text", "blocks"}`, a section block's text at most 3000 characters, at most 50 blocks
 *   (https://api.slack.com/reference/block-kit/blocks#section, https://api.slack.com/messaging/webhooks).
 * - Microsoft Teams workflow ("When a Teams webhook request is received"): `{"type":"message","attachments":[{
 *   "contentType":"application/vnd.microsoft.card.adaptive","contentUrl":null,"content":<Adaptive Card>}]}`, a
 *   message at most about 28 KB (https://learn.microsoft.com/en-us/connectors/teams/#microsoft-teams-webhook and
 *   its "Known issues and limitations").
 * - Generic JSON (any other host): the issue's `{"alert":{id,name},"query","at","fired":[{key,field,before,after}]}`,
 *   kept under 256 KB of our own choosing.
 * - E-mail: no protocol limit that matters here (providers take 10 to 25 MB); kept under 512 KB.
 */
import type { ReceiverFormat } from "../../../relay-api/alerts";
import { fitLines, lineText, type Notice, type NoticeLine } from "./notice";
import type { Firing, StoredAlert } from "./model";

const SIZE_LIMITS: Readonly<Record<ReceiverFormat, number>> = {
  wecom: 4096,
  dingtalk: 20_000,
  feishu: 20_000,
  slack: 3000,
  teams: 28_000,
  json: 256_000,
  email: 512_000,
};
/** Slack's section blocks are counted in characters, the others in bytes of UTF-8. */
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * Markdown's markup as look-alike characters: a product title's `*` or `[` stays text. A `<` only where it would open
 * a tag (`<b`, `</`, `<!`) and a `>` only where it would start a quote: a condition's `price < 20` reads as written.
 */
const markdownSafe = (text: string) =>
  text
    .replace(/<(?=[A-Za-z/!?])/g, "‹")
    .replace(/^(\s*)>/gm, "$1›")
    .replace(
      /[*_`#[\]~|]/g,
      (c) => ({ "*": "∗", _: "＿", "`": "'", "#": "＃", "[": "［", "]": "］", "~": "∼", "|": "｜" })[c]!,
    );
/** Slack's mrkdwn: escape & < > (https://api.slack.com/reference/surfaces/formatting#escaping), and its markup. */
const slackSafe = (text: string) =>
  markdownSafe(text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
const htmlSafe = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const markdownLine = (line: NoticeLine) => `- ${markdownSafe(lineText(line))}`;

function markdownText(notice: Notice, lines: readonly NoticeLine[], left: number, heading: string): string {
  return [
    `${heading}${markdownSafe(notice.subject)}`,
    markdownSafe(notice.headline),
    ...lines.map(markdownLine),
    ...(left ? [markdownSafe(notice.more(left))] : []),
    markdownSafe(notice.checked),
    ...(notice.link ? [`[${markdownSafe(notice.link.text)}](${notice.link.url})`] : []),
  ].join("\n\n");
}

function wecom(notice: Notice): unknown {
  const content = (lines: readonly NoticeLine[], left: number) => markdownText(notice, lines, left, "### ");
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.wecom, (l, n) => bytes(content(l, n)));
  return { msgtype: "markdown", markdown: { content: content(shown, left) } };
}

function dingtalk(notice: Notice): unknown {
  const body = (lines: readonly NoticeLine[], left: number) => ({
    msgtype: "markdown",
    markdown: { title: notice.subject.slice(0, 100), text: markdownText(notice, lines, left, "#### ") },
  });
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.dingtalk, (l, n) => bytes(JSON.stringify(body(l, n))));
  return body(shown, left);
}

function feishu(notice: Notice): unknown {
  const text = (value: string) => [{ tag: "text", text: value }];
  const body = (lines: readonly NoticeLine[], left: number) => ({
    msg_type: "post",
    content: {
      post: {
        [notice.language === "zh-CN" ? "zh_cn" : "en_us"]: {
          title: notice.subject,
          content: [
            text(notice.headline),
            ...lines.map((line) => text(`• ${lineText(line)}`)),
            ...(left ? [text(notice.more(left))] : []),
            text(notice.checked),
            ...(notice.link ? [[{ tag: "a", text: notice.link.text, href: notice.link.url }]] : []),
          ],
        },
      },
    },
  });
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.feishu, (l, n) => bytes(JSON.stringify(body(l, n))));
  return body(shown, left);
}

function slack(notice: Notice): unknown {
  const rows = (lines: readonly NoticeLine[], left: number) =>
    [...lines.map((l) => `• ${slackSafe(lineText(l))}`), ...(left ? [slackSafe(notice.more(left))] : [])].join("\n");
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.slack, (l, n) => rows(l, n).length);
  const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text: text.slice(0, 3000) } });
  const context = [
    slackSafe(notice.checked),
    ...(notice.link ? [`<${notice.link.url}|${slackSafe(notice.link.text)}>`] : []),
  ];
  return {
    text: slackSafe(notice.subject),
    blocks: [
      section(`*${slackSafe(notice.subject)}*\n${slackSafe(notice.headline)}`),
      ...(shown.length || left ? [section(rows(shown, left))] : []),
      { type: "context", elements: context.map((text) => ({ type: "mrkdwn", text })) },
    ],
  };
}

function teams(notice: Notice): unknown {
  const block = (text: string, extra: Record<string, unknown> = {}) => ({
    type: "TextBlock",
    text,
    wrap: true,
    ...extra,
  });
  const body = (lines: readonly NoticeLine[], left: number) => ({
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            block(markdownSafe(notice.subject), { weight: "Bolder", size: "Medium" }),
            block(markdownSafe(notice.headline)),
            ...(lines.length
              ? [
                  {
                    type: "FactSet",
                    facts: lines.map((l) => ({
                      title: markdownSafe(l.key),
                      value: markdownSafe(lineText({ ...l, key: "" }).replace(/^: /, "")),
                    })),
                  },
                ]
              : []),
            ...(left ? [block(markdownSafe(notice.more(left)))] : []),
            block(markdownSafe(notice.checked), { isSubtle: true, size: "Small" }),
          ],
          ...(notice.link
            ? { actions: [{ type: "Action.OpenUrl", title: notice.link.text, url: notice.link.url }] }
            : {}),
        },
      },
    ],
  });
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.teams, (l, n) => bytes(JSON.stringify(body(l, n))));
  return body(shown, left);
}

/** The issue's generic JSON: one entry per changed field of each row (a new or gone row without fields: one). */
function json(notice: Notice, alert: StoredAlert, firing: Firing): unknown {
  const entries = firing.rows.flatMap(
    (row): { key: string; change: string; field: string | null; before: number | null; after: number | null }[] =>
      row.entries.length
        ? row.entries.map((e) => ({
            key: row.key,
            change: row.change,
            field: e.field,
            before: e.before,
            after: e.after,
          }))
        : [{ key: row.key, change: row.change, field: null, before: null, after: null }],
  );
  const body = (fired: readonly unknown[], left: number) => ({
    alert: { id: alert.id, name: alert.name },
    query: alert.query,
    when: alert.when,
    at: notice.at,
    digest: firing.digest,
    fired,
    ...(left ? { more: left } : {}),
    ...(notice.link ? { link: notice.link.url } : {}),
  });
  const { shown, left } = fitLines(entries, SIZE_LIMITS.json, (l, n) => bytes(JSON.stringify(body(l, n))));
  return body(shown, left);
}

/** A webhook's body in its receiver's format. */
export function webhookBody(
  format: Exclude<ReceiverFormat, "email">,
  notice: Notice,
  alert: StoredAlert,
  firing: Firing,
): unknown {
  switch (format) {
    case "wecom":
      return wecom(notice);
    case "dingtalk":
      return dingtalk(notice);
    case "feishu":
      return feishu(notice);
    case "slack":
      return slack(notice);
    case "teams":
      return teams(notice);
    case "json":
      return json(notice, alert, firing);
    default: {
      const unhandled: never = format;
      return unhandled;
    }
  }
}

export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** An e-mail: a plain text part and an HTML part (everything in it escaped), in the alert's language. */
export function mailContent(notice: Notice): MailContent {
  const text = (lines: readonly NoticeLine[], left: number) =>
    [
      notice.headline,
      "",
      ...lines.map((l) => `• ${lineText(l)}`),
      ...(left ? [notice.more(left)] : []),
      "",
      notice.checked,
      ...(notice.link ? [`${notice.link.text}: ${notice.link.url}`] : []),
      "",
      notice.footer,
    ].join("\n");
  const html = (lines: readonly NoticeLine[], left: number) => mailHtml(notice, lines, left);
  const { shown, left } = fitLines(notice.lines, SIZE_LIMITS.email / 2, (l, n) => bytes(html(l, n)));
  return { subject: notice.subject, text: text(shown, left), html: html(shown, left) };
}

function mailHtml(notice: Notice, lines: readonly NoticeLine[], left: number): string {
  const row = (line: NoticeLine) =>
    `<tr><td style="padding:6px 12px;font-weight:600;white-space:nowrap">${htmlSafe(line.key)}${line.change ? ` <span style="color:#8a6d00">(${htmlSafe(line.change)})</span>` : ""}</td><td style="padding:6px 12px">${line.changes.map(htmlSafe).join("<br>")}</td></tr>`;
  return `<!doctype html><html lang="${notice.language}"><head><meta charset="utf-8"><title>${htmlSafe(notice.subject)}</title></head>
<body style="font-family:'Segoe UI','Microsoft YaHei',Arial,sans-serif;color:#242424;margin:0;padding:24px;background:#f5f5f5">
<div style="max-width:640px;margin:auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e0e0e0">
<h1 style="font-size:20px;margin:0 0 8px">${htmlSafe(notice.subject)}</h1>
<p style="margin:0 0 16px;color:#424242">${htmlSafe(notice.headline)}</p>
<table style="border-collapse:collapse;width:100%;background:#fafafa;border:1px solid #e0e0e0">${lines.map(row).join("")}</table>
${left ? `<p style="color:#616161">${htmlSafe(notice.more(left))}</p>` : ""}
<p style="color:#616161;font-size:13px;margin:16px 0 0">${htmlSafe(notice.checked)}</p>
${notice.link ? `<p style="margin:16px 0 0"><a href="${htmlSafe(notice.link.url)}" style="background:#0f6cbd;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${htmlSafe(notice.link.text)}</a></p>` : ""}
<p style="color:#9e9e9e;font-size:12px;margin:24px 0 0">${htmlSafe(notice.footer)}</p>
</div></body></html>`;
}
