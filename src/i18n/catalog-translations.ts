/**
 * The operation catalog's texts in other languages: titles, descriptions, parameter and field docs, labels and
 * option labels, keyed by their English as the catalog (src/api, the single source of truth) writes them, one file
 * per language (catalog-texts/<locale>.ts), loaded on demand like the message catalogs. Keyed by the English text,
 * so a reworded English text is a new key: its translation is reported missing (test/i18n/catalog-texts.test.ts)
 * instead of silently saying the old thing. Not ICU messages: texts are shown as they are.
 */
import { currentLocale, registerTranslations, type Locale, type OtherLocale } from "./locale";

export type CatalogTextTable = Readonly<Record<string, string>>;

const LOADERS: { readonly [L in OtherLocale]: () => Promise<CatalogTextTable> } = {
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh-CN-catalog" */ "./catalog-texts/zh-CN").then((m) => m.texts),
};

const tables = new Map<OtherLocale, CatalogTextTable>();
const loading = new Map<OtherLocale, Promise<void>>();

registerTranslations((locale) => {
  let load = loading.get(locale);
  if (!load) {
    load = LOADERS[locale]().then((table) => void tables.set(locale, table));
    loading.set(locale, load);
    load.catch(() => loading.delete(locale));
  }
  return load;
});

/**
 * A catalog text in the active language (or `locale`, once loaded); the English as written when the language has no translation of it (an
 * operation added after the last translation shows English until the guard's list is translated).
 */
export function catalogText(english: string, locale: Locale = currentLocale()): string {
  if (locale === "en") return english;
  return tables.get(locale)?.[english] ?? english;
}
