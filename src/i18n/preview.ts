/**
 * The preview page's book (messages/<locale>/preview.ts), and the words of its static page: elements marked
 * `data-i18n="<id>"` take the message as text, `data-i18n-<attribute>="<id>"` as that attribute.
 */
import { defineBook } from "./book";
import { preview } from "./messages/en/preview";

type PreviewMessageId = keyof typeof preview & string;

/** A text of the preview page, in the active language. */
export const t = defineBook(preview, {
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh-CN-preview" */ "./messages/zh-CN/preview").then((m) => m.preview),
});

const isMessageId = (id: string | undefined): id is PreviewMessageId => id !== undefined && id in preview;

/** Fills a page's marked elements with their words in the active language. */
export function localizePage(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>("*")) {
    for (const [key, id] of Object.entries(element.dataset)) {
      if (!key.startsWith("i18n") || !isMessageId(id)) continue;
      const attribute =
        key === "i18n"
          ? undefined
          : key
              .slice(4)
              .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
              .slice(1);
      // Only messages without arguments are marked in the page.
      const text = (t as unknown as (id: PreviewMessageId) => string)(id);
      if (attribute === undefined) element.textContent = text;
      else element.setAttribute(attribute, text);
    }
  }
}
