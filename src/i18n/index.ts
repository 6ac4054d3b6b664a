/**
 * The text a person reads, from one catalog keyed by message id (`en.ts`), formatted with FormatJS's
 * intl-messageformat (ICU MessageFormat: plurals, numbers and dates by the locale's rules). The lowest layer: every
 * other layer may import it, it imports none of them.
 *
 * A second language is one more catalog of the same ids (`Catalog`, checked by the compiler for completeness and by
 * test/i18n/catalog.test.ts for the same arguments) and one more entry in CATALOGS.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { en } from "./en";
import type { ArgKinds, ArgValue } from "./message";

export type MessageId = keyof typeof en;

type ArgsOf<Id extends MessageId> = (typeof en)[Id]["args"];

/** The values a message takes, typed by the kinds its catalog entry declares. */
export type MessageValues<Id extends MessageId> = { readonly [K in keyof ArgsOf<Id>]: ArgValue<ArgsOf<Id>[K]> };

/** A translation: every message id of the English catalog, in ICU MessageFormat with the same arguments. */
export type Catalog = Readonly<Record<MessageId, string>>;

const english: Catalog = Object.fromEntries(Object.entries(en).map(([id, m]) => [id, m.text])) as Catalog;

/** The catalogs by locale (BCP 47). */
export const CATALOGS = { en: english } as const satisfies Readonly<Record<string, Catalog>>;
export type Locale = keyof typeof CATALOGS;

/** The arguments each message declares (for the catalog tests). */
export const MESSAGE_ARGS: Readonly<Record<MessageId, ArgKinds>> = Object.fromEntries(
  Object.entries(en).map(([id, m]) => [id, m.args]),
) as Record<MessageId, ArgKinds>;

const locale: Locale = "en";
const formats = new Map<MessageId, IntlMessageFormat>();

function formatOf(id: MessageId): IntlMessageFormat {
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGS[locale][id], locale);
    formats.set(id, format);
  }
  return format;
}

/** The text of message `id`, with its values; a message without arguments takes none. */
export function t<Id extends MessageId>(
  id: Id,
  ...values: keyof ArgsOf<Id> extends never ? [] : [MessageValues<Id>]
): string {
  return String(formatOf(id).format(values[0] as Record<string, string | number | Date> | undefined));
}
