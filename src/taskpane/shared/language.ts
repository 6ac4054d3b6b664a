/**
 * The add-in's language for the whole runtime: the person's choice in the pane (stored as `mad.language` in the
 * runtime's storage, beside the other settings, never in the workbook), else Office's display language (zh-* is
 * Simplified Chinese, anything else English). The choice applies at once to the pane and to cells calculated from
 * then on: the custom functions share this runtime and its locale (src/i18n/locale.ts).
 */
import { localeOf, setLocale, storedLocale, type Locale } from "../../i18n";
import { SETTINGS_KEYS, type KeyValueStore } from "../../engine";

/** A language, or `office`: follow Office's display language. */
export type LanguageChoice = Locale | "office";

export interface LanguageSettings {
  /** Office's display language, as a language of the add-in. */
  readonly office: Locale;
  /** What the person chose (`office` when nothing is stored). */
  chosen(): Promise<LanguageChoice>;
  /** The language to speak now: the choice, else Office's. */
  current(): Promise<Locale>;
  /** Stores the choice and makes its language active; resolves with that language. */
  choose(choice: LanguageChoice): Promise<Locale>;
}

export function languageSettings(store: KeyValueStore, officeLanguage: string | undefined): LanguageSettings {
  const office = localeOf(officeLanguage);
  const chosen = async (): Promise<LanguageChoice> => {
    try {
      return storedLocale(await store.getItem(SETTINGS_KEYS.language)) ?? "office";
    } catch {
      return "office";
    }
  };
  return {
    office,
    chosen,
    current: async () => {
      const choice = await chosen();
      return choice === "office" ? office : choice;
    },
    choose: async (choice) => {
      if (choice === "office") await store.removeItem(SETTINGS_KEYS.language);
      else await store.setItem(SETTINGS_KEYS.language, choice);
      const locale = choice === "office" ? office : choice;
      await setLocale(locale);
      return locale;
    },
  };
}
