/**
 * The book of alerts on the team relay (messages/<locale>/alerts.ts): refusals, run notes and the messages it
 * delivers, each worded in its alert's language (`t.in(locale)`), whatever the server's own. Read on the server
 * only; the relay loads every language at start (loadLocale).
 */
import { defineBook } from "./book";
import { alerts } from "./messages/en/alerts";

export type AlertMessageId = keyof typeof alerts & string;

/** An alert's text; `t.in(locale)` in that language. */
export const t = defineBook(alerts, {
  "zh-CN": () => import("./messages/zh-CN/alerts").then((m) => m.alerts),
});
