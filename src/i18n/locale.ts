/**
 * The language the add-in speaks: one for the whole shared runtime (task pane, cells, help), English until the
 * runtime decides (chooseLocale: the person's choice stored as `mad.language`, else Office's display language).
 * English is in every bundle; another language's catalogs load on demand (registerTranslations), so a locale is
 * active only once all of them are loaded, and whoever shows text can wait for that (localeReady).
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
/** The languages besides English: each catalog has a loader for each. */
export type OtherLocale = Exclude<Locale, "en">;

/** A BCP 47 tag (Office's display language, a stored choice) to a language of the add-in: zh-* is zh-CN. */
export function localeOf(tag: string | null | undefined): Locale {
  return /^zh(-|_|$)/i.test((tag ?? "").trim()) ? "zh-CN" : "en";
}

/** A stored choice, or undefined when it is not one of the add-in's languages (then Office's language counts). */
export function storedLocale(value: string | null | undefined): Locale | undefined {
  return LOCALES.find((l) => l === value);
}

let active: Locale = "en";
const loaders = new Set<(locale: OtherLocale) => Promise<void>>();
const listeners = new Set<(locale: Locale) => void>();
let ready: Promise<void> = Promise.resolve();

export const currentLocale = (): Locale => active;

/**
 * A catalog's loader of its translations (called once per language; the catalog keeps what it loaded). A catalog
 * registered while another language is active loads it at once, showing English meanwhile.
 */
export function registerTranslations(load: (locale: OtherLocale) => Promise<void>): void {
  loaders.add(load);
  if (active !== "en") void load(active).catch(() => undefined);
}

/** Loads every catalog's translation into `locale` without making it active (to read a text written in it). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale !== "en") await Promise.all([...loaders].map((load) => load(locale)));
}

/** Makes `locale` the language of every catalog, once each has loaded it; listeners hear of it then. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (active === locale) return;
  active = locale;
  for (const listener of listeners) listener(locale);
}

export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The runtime's start: the language it decides on (it may have to wait for Office), made active. Until then
 * localeReady() waits for it, so a cell computed at once does not speak English to a Chinese reader. A language
 * that fails to load leaves English.
 */
export function chooseLocale(decision: Promise<Locale>): Promise<void> {
  ready = decision.then(setLocale).catch(() => undefined);
  return ready;
}

/** Settles once the runtime's language is active (at once when nothing is being decided). */
export const localeReady = (): Promise<void> => ready;

/**
 * Runs `work` with `locale` active and then the runtime's language again: for a server that words each request in
 * its own language (the team relay's alerts). `work` must be synchronous (nothing else runs meanwhile) and the
 * language loaded beforehand (loadLocale); listeners are not told, the switch ends with `work`.
 */
export function inLocale<T>(locale: Locale, work: () => T): T {
  const before = active;
  active = locale;
  try {
    return work();
  } finally {
    active = before;
  }
}
