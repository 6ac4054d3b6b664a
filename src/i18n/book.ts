/**
 * A catalog of messages ("book"): its English texts and a loader per other language, formatted with FormatJS's
 * intl-messageformat in the active locale (plurals, numbers and dates by the locale's rules). Each face has its
 * book (cells.ts, index.ts for the task pane, preview.ts), so a bundle carries only the words it shows; `t` of a
 * book is typed by its English catalog, values by the kinds each message declares.
 */
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { currentLocale, registerTranslations, type Locale, type OtherLocale } from "./locale";
import type { ArgValue, CompiledText, Messages, Translation } from "./message";

type ArgsOf<M extends Messages, Id extends keyof M> = M[Id]["args"];

/** The values a message takes, typed by the kinds its catalog entry declares. */
type MessageValues<M extends Messages, Id extends keyof M> = {
  readonly [K in keyof ArgsOf<M, Id>]: ArgValue<ArgsOf<M, Id>[K]>;
};

/** `t`'s values: none for a message without arguments. */
type ValuesOf<M extends Messages, Id extends keyof M> = keyof ArgsOf<M, Id> extends never ? [] : [MessageValues<M, Id>];

type Translate<M extends Messages> = <Id extends keyof M & string>(id: Id, ...values: ValuesOf<M, Id>) => string;

/** Each other language's translation, loaded on demand (a dynamic import: its own chunk). */
export type TranslationLoaders<M extends Messages> = {
  readonly [L in OtherLocale]: () => Promise<Translation<M>>;
};

/** Tags are not markup here: `<` in a message is text (the build parses with the same option). */
const PARSE_OPTIONS = { ignoreTag: true } as const;

/** A message of text only, parsed at build time: its text, shown without a formatter. */
function literalOf(text: CompiledText): string | undefined {
  if (typeof text === "string" || !text.every((part) => typeof part === "string")) return undefined;
  return text.join("");
}

/** The AST intl-messageformat takes, from the build's compact one (literal elements as plain strings). */
function expanded(elements: readonly (string | MessageFormatElement)[]): MessageFormatElement[] {
  return elements.map((element): MessageFormatElement => {
    if (typeof element === "string") return { type: TYPE.literal, value: element };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: expanded(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: expanded(element.children) };
    return element;
  });
}

type Values = Record<string, string | number | Date>;

/** A formatter of a text, as written or as the build compiled it. */
const formatterOf = (text: CompiledText, locale: Locale) =>
  new IntlMessageFormat(typeof text === "string" ? text : expanded(text), locale, undefined, PARSE_OPTIONS);

/**
 * A text formatted once: the build check holds the compiled texts to the written ones with it (test/i18n/precompiled).
 * @public
 */
export const formatText = (text: CompiledText, locale: Locale, values?: Values): string =>
  literalOf(text) ?? String(formatterOf(text, locale).format(values));

/** An English catalog entry's text: `message()`'s as written, or what the build left of it (the text alone). */
const textOf = (entry: unknown): CompiledText =>
  typeof entry === "object" && entry !== null && !Array.isArray(entry)
    ? (entry as { text: CompiledText }).text
    : (entry as CompiledText);

/** A book's `t`, and the same in a given language (loaded beforehand with loadLocale, else English). */
export type Book<M extends Messages> = Translate<M> & { readonly in: (locale: Locale) => Translate<M> };

export function defineBook<M extends Messages>(english: M, loaders: TranslationLoaders<M>): Book<M> {
  const texts = new Map<Locale, Readonly<Record<string, CompiledText>>>([
    ["en", Object.fromEntries(Object.entries(english).map(([id, m]) => [id, textOf(m)]))],
  ]);
  const loading = new Map<OtherLocale, Promise<void>>();
  const formats = new Map<string, IntlMessageFormat>();
  registerTranslations((locale) => {
    let load = loading.get(locale);
    if (!load) {
      load = loaders[locale]().then(
        (translation) => void texts.set(locale, translation as Record<string, CompiledText>),
      );
      loading.set(locale, load);
      load.catch(() => loading.delete(locale));
    }
    return load;
  });

  const translate =
    (wanted: () => Locale): Translate<M> =>
    (id, ...values) =>
      format(wanted(), id, values[0] as Values | undefined);
  return Object.assign(translate(currentLocale), { in: (locale: Locale) => translate(() => locale) });

  function format(wanted: Locale, id: keyof M & string, values: Values | undefined) {
    const locale = texts.has(wanted) ? wanted : "en";
    const text = texts.get(locale)?.[id] ?? textOf(english[id]);
    const literal = literalOf(text);
    if (literal !== undefined) return literal;
    const key = `${locale}\u0000${id}`;
    let formatter = formats.get(key);
    if (!formatter) formats.set(key, (formatter = formatterOf(text, locale)));
    return String(formatter.format(values));
  }
}
