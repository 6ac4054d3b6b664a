/**
 * The preview's card of a data type (an entity value), as Excel opens one from a cell (its icon, or Ctrl+Shift+F5):
 * a modal dialog titled with the card's title property, its image with its alt text, and each section's
 * properties as a list of name and value (numbers in their number format). Everything from the service is text
 * (textContent, never markup); a link opens only when it is http(s). Escape or Close shuts it and focus goes back
 * to the cell; Tab stays within the dialog while it is open.
 */
import { t } from "../i18n/preview";
import type { EntityProperty, EntityValue } from "./cell-types";
import { formatValue } from "./format";

const DIALOG_ID = "entity-card";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const isWebLink = (text: string) => /^https?:\/\//i.test(text);

/** A property's value as the card shows it: formatted numbers, texts as text, links as links. */
function valueNode(property: EntityProperty): HTMLElement {
  if (property.type === "WebImage") return element("span", undefined, property.altText ?? "");
  const value = property.basicValue ?? "";
  const text = formatValue(value, property.numberFormat);
  if (typeof value === "string" && isWebLink(value)) {
    const link = element("a", undefined, text);
    link.href = value;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    return link;
  }
  return element("span", undefined, text);
}

/** The sections a card shows: its layout's, or every property when it has none. */
function sectionsOf(entity: EntityValue): { title?: string; properties: readonly string[] }[] {
  const card = entity.layouts?.card;
  const shown = new Set([card?.title?.property, card?.mainImage?.property]);
  if (card?.sections?.length) return [...card.sections];
  return [{ properties: Object.keys(entity.properties).filter((name) => !shown.has(name)) }];
}

/** Closes an open card (if any). */
function closeEntityCard(): void {
  document.getElementById(DIALOG_ID)?.dispatchEvent(new Event("close-card"));
}

/** Opens the card of an entity over the page; `returnTo` gets focus back when it closes. */
export function openEntityCard(entity: EntityValue, returnTo: HTMLElement | null): void {
  closeEntityCard();
  const card = entity.layouts?.card;
  const titleProperty = card?.title?.property;
  const title = (titleProperty && entity.properties[titleProperty]?.basicValue) ?? entity.text;
  const backdrop = element("div", "card-backdrop");
  const dialog = element("div", "entity-card");
  dialog.id = DIALOG_ID;
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", `${DIALOG_ID}-title`);
  const heading = element("h2", "card-title", String(title));
  heading.id = `${DIALOG_ID}-title`;
  dialog.append(heading);
  const imageProperty = card?.mainImage?.property;
  const image = imageProperty ? entity.properties[imageProperty] : undefined;
  if (image?.type === "WebImage" && image.address && isWebLink(image.address)) {
    const img = element("img", "card-image");
    img.src = image.address;
    img.alt = image.altText ?? String(title);
    // A picture that does not load (offline, or the simulator's made-up address) leaves its text.
    img.addEventListener("error", () => img.replaceWith(element("p", "card-section", img.alt)));
    dialog.append(img);
  }
  for (const section of sectionsOf(entity)) {
    const names = section.properties.filter((name) => entity.properties[name] !== undefined);
    if (!names.length) continue;
    if (section.title) dialog.append(element("h3", "card-section", section.title));
    const list = element("dl", "card-properties");
    for (const name of names) list.append(element("dt", undefined, name), element("dd"));
    names.forEach((name, i) => list.children[i * 2 + 1].append(valueNode(entity.properties[name])));
    dialog.append(list);
  }
  const close = element("button", "card-close", t("card.close"));
  close.type = "button";
  dialog.append(close);
  backdrop.append(dialog);
  document.body.append(backdrop);

  const shut = () => {
    backdrop.remove();
    returnTo?.focus();
  };
  const focusable = () => [...dialog.querySelectorAll<HTMLElement>("a[href], button")];
  dialog.addEventListener("close-card", shut);
  close.addEventListener("click", shut);
  backdrop.addEventListener("mousedown", (event) => {
    if (event.target === backdrop) shut();
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      shut();
    } else if (event.key === "Tab") {
      const items = focusable();
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : (index + 1) % items.length;
      event.preventDefault();
      items[next]?.focus();
    }
  });
  close.focus();
}
