/**
 * One message of a catalog: its ICU MessageFormat text and the arguments it takes, declared with their kinds so
 * that `t` is typed by them and a test can check every translation uses the same arguments.
 *
 * The build hands intl-messageformat each text already parsed (webpack/icu-catalog-loader.js replaces the text of
 * every catalog under src/i18n/messages/ with its AST), so no ICU parser ships in the add-in; tests parse at run time.
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export type ArgKind = "number" | "text" | "date";

export type ArgKinds = Readonly<Record<string, ArgKind>>;

export interface Message<A extends ArgKinds = ArgKinds> {
  /** ICU MessageFormat: `{name}`, `{count, plural, one {# call} other {# calls}}`, `{at, date, medium}`. */
  readonly text: string;
  readonly args: A;
}

/** A catalog's messages by id (the English one: the ids, the texts and the arguments). */
export type Messages = Readonly<Record<string, Message>>;

/** A translation of a catalog: every id, in ICU MessageFormat with the same arguments. */
export type Translation<M extends Messages> = { readonly [Id in keyof M]: string };

/**
 * A message text as the code receives it: as written (tests), or parsed at build time with its literal elements
 * as plain strings (the bundles: webpack/icu-catalog-loader.js).
 */
export type CompiledText = string | readonly (string | MessageFormatElement)[];

/** A value for an argument of that kind. */
export type ArgValue<K> = K extends "number" ? number : K extends "date" ? Date | number : string;

export function message(text: string): Message<Record<never, ArgKind>>;
export function message<const A extends ArgKinds>(text: string, args: A): Message<A>;
export function message(text: string, args: ArgKinds = {}): Message {
  return { text, args };
}
