/**
 * A count in the operator's commands (`npm run team`, which speak English): "1 delivery", "2 deliveries", chosen by
 * the language's plural rules (Intl.PluralRules, ICU's data) rather than a hand-built "s".
 */
const ENGLISH = new Intl.PluralRules("en");

export function counted(count: number, one: string, other: string): string {
  return `${count} ${ENGLISH.select(count) === "one" ? one : other}`;
}
