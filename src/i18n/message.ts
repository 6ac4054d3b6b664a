/**
 * One message of the catalog: its ICU MessageFormat text and the arguments it takes, declared with their kinds so
 * that `t` is typed by them and a test can check every translation uses the same arguments.
 */
export type ArgKind = "number" | "text" | "date";

export type ArgKinds = Readonly<Record<string, ArgKind>>;

export interface Message<A extends ArgKinds = ArgKinds> {
  /** ICU MessageFormat: `{name}`, `{count, plural, one {# call} other {# calls}}`, `{at, date, medium}`. */
  readonly text: string;
  readonly args: A;
}

/** A value for an argument of that kind. */
export type ArgValue<K> = K extends "number" ? number : K extends "date" ? Date | number : string;

export function message(text: string): Message<Record<never, ArgKind>>;
export function message<const A extends ArgKinds>(text: string, args: A): Message<A>;
export function message(text: string, args: ArgKinds = {}): Message {
  return { text, args };
}
