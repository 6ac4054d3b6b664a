/**
 * The preview page's language, decided as the add-in decides its own (src/taskpane/shared/language.ts): the
 * choice stored as `mad.language`, else the display language the preview plays Office's (`?lang=zh-CN`, else the
 * browser's). The page's switch works like changing Office's language: it stores the choice and reloads, so the
 * add-in starts again in it; a switch in the task pane changes the page's words at once.
 */
import { currentLocale, localeOf, setLocale, storedLocale, type Locale } from "../i18n/locale";
import { localizePage, t } from "../i18n/preview";
import type { StorageStandIn } from "./stand-ins";

export const LANGUAGE_KEY = "mad.language";

/** The display language the preview plays: `?lang=` when given, else the browser's. */
export function displayLanguageOf(location: Location, navigatorLanguage: string): string {
  return new URLSearchParams(location.search).get("lang") ?? navigatorLanguage;
}

async function apply(locale: Locale): Promise<void> {
  await setLocale(locale);
  document.documentElement.lang = currentLocale();
  localizePage(document);
}

/**
 * Speaks the page's language, fills the switch and wires it; resolves once the page reads in it, with `follow`,
 * to call when the add-in stores another choice (the task pane's switch).
 */
export async function startPageLanguage(
  storage: StorageStandIn,
  select: HTMLSelectElement,
  displayLanguage: string,
): Promise<{ follow: () => Promise<void> }> {
  const office = localeOf(displayLanguage);
  const chosen = storedLocale(await storage.getItem(LANGUAGE_KEY));
  await apply(chosen ?? office);
  const fill = (choice: Locale | "office") => {
    const names: Record<Locale, string> = { en: t("page.language.en"), "zh-CN": t("page.language.zh-CN") };
    const options: [string, string, string | undefined][] = [
      ["office", t("page.language.office", { language: names[office] }), undefined],
      ["en", names.en, "en"],
      ["zh-CN", names["zh-CN"], "zh-CN"],
    ];
    select.replaceChildren(
      ...options.map(([value, text, lang]) => {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = text;
        if (lang) option.lang = lang;
        option.selected = value === choice;
        return option;
      }),
    );
  };
  fill(chosen ?? "office");
  select.addEventListener("change", () => {
    const value = storedLocale(select.value);
    void (value ? storage.setItem(LANGUAGE_KEY, value) : storage.removeItem(LANGUAGE_KEY)).then(() =>
      window.location.reload(),
    );
  });
  return {
    // The task pane stored another choice: the page's words follow at once (the pane and cells do by themselves).
    follow: async () => {
      const now = storedLocale(await storage.getItem(LANGUAGE_KEY));
      await apply(now ?? office);
      fill(now ?? "office");
    },
  };
}
