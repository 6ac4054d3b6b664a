/**
 * The vocabulary of a request parameter: marketplaces, option lists, text patterns, roles and the parameter spec
 * itself. Below both the parameter kinds (kinds/) and the catalog's types, so neither imports the other to read a
 * spec.
 */

/**
 * Marketplace codes the live service accepts. Its own ERROR_PARAM for a wrong code lists 13 (DE, AE, IN, JP, IT,
 * MX, FR, ES, BR, AU, UK, US, CA); the docs' table 1.2 lists the first nine below. Codes are case-sensitive on the
 * wire, so the add-in sends them upper-case whatever was typed. `GB` is what people type for `UK`.
 */
export const MARKETPLACES = [
  { code: "US", currency: "USD", label: "United States" },
  { code: "JP", currency: "JPY", label: "Japan" },
  { code: "UK", currency: "GBP", label: "United Kingdom" },
  { code: "DE", currency: "EUR", label: "Germany" },
  { code: "FR", currency: "EUR", label: "France" },
  { code: "IT", currency: "EUR", label: "Italy" },
  { code: "ES", currency: "EUR", label: "Spain" },
  { code: "CA", currency: "CAD", label: "Canada" },
  { code: "IN", currency: "INR", label: "India" },
  { code: "MX", currency: "MXN", label: "Mexico" },
  { code: "BR", currency: "BRL", label: "Brazil" },
  { code: "AU", currency: "AUD", label: "Australia" },
  { code: "AE", currency: "AED", label: "United Arab Emirates" },
] as const;
export type Marketplace = (typeof MARKETPLACES)[number]["code"];
export const MARKETPLACE_ALIASES: Readonly<Record<string, Marketplace>> = { GB: "UK" };

/** The marketplace a typed code names (`gb` -> `UK`), or undefined. */
function marketplaceOf(code: unknown): Marketplace | undefined {
  const text = String(code ?? "")
    .trim()
    .toUpperCase();
  const hit = MARKETPLACE_ALIASES[text] ?? MARKETPLACES.find((m) => m.code === text)?.code;
  return hit;
}

/** The marketplaces a marketplace parameter takes: its own `options` where its operation takes fewer, else all. */
export function marketplacesOf(spec: { readonly options?: readonly EnumOption[] }): readonly string[] {
  return spec.options?.map((o) => String(o.value)) ?? MARKETPLACES.map((m) => m.code);
}

/** The options that belong to a marketplace (all of them when none is chosen yet). */
export function optionsForMarket(options: readonly EnumOption[], market: unknown): readonly EnumOption[] {
  const chosen = marketplaceOf(market);
  return chosen ? options.filter((o) => !o.markets || o.markets.includes(chosen)) : options;
}

export type ScalarValue = string | number | boolean;

export interface EnumOption {
  /** The value as the live service spells it; what goes on the wire. */
  readonly value: string | number;
  readonly label: string;
  /** Other spellings users may type (the spec's neutral `PLT` for the service's `AMZ`); always sent as `value`. */
  readonly aliases?: readonly string[];
  /**
   * The marketplaces this value belongs to (size tiers differ per market); absent = every marketplace. The builder
   * offers the chosen market's values; validation accepts every listed value, since the service is the judge.
   */
  readonly markets?: readonly Marketplace[];
}

/** Text patterns a string (or each list item) must match. */
export type TextPattern = "asin" | "nodeIdPath" | "nodeId" | "office";

/** Why a parameter is there; the engine, the builder and the functions treat these roles specially. */
type ParamRole = "page" | "size" | "order" | "rangeMin" | "rangeMax";

/**
 * A request parameter as a catalog row describes it. `K` is its kind: `ParamSpec` (catalog-types.ts) fixes it to
 * the kinds of kinds/index.ts; the kinds themselves read any spec (`AnyParamSpec`), so they need not know the union.
 */
export interface ParamSpecOf<K extends string> {
  /** Wire name, exactly as the live service spells it (its official parameter table). */
  readonly name: string;
  /** Other names users may type (the spec's neutral names, e.g. `minPlatformUnit`); always sent as `name`. */
  readonly aliases?: readonly string[];
  readonly kind: K;
  /** One line for tooltips, builder help and docs. */
  readonly doc: string;
  readonly required?: boolean;
  /** The service's documented default. Informational: the client never sends a default it was not given. */
  readonly default?: ScalarValue;
  /** Allowed values. With `openOptions`, they are suggestions only (the service's set is not fully known). */
  readonly options?: readonly EnumOption[];
  readonly openOptions?: boolean;
  /** Numeric bounds (inclusive) for integer and number kinds. */
  readonly min?: number;
  readonly max?: number;
  /** The only value the service accepts (size of order-word lookup). */
  readonly fixed?: number;
  /** List length limit for stringList and csv. */
  readonly maxItems?: number;
  /** Length limit (characters) of a text, or of each item of a stringList or csv. */
  readonly maxLength?: number;
  /** Pattern for a string, or for each item of a stringList. */
  readonly pattern?: TextPattern;
  /** Words a date parameter takes besides its format (month `nearly`: the last 30 days, table 1.1). */
  readonly words?: readonly EnumOption[];
  /** For month kinds: how far back the service has data. */
  readonly maxMonthsBack?: number;
  /** For weekOrMonth: the parameter whose value picks the format, and the format per value. */
  readonly switchParam?: string;
  readonly formats?: Readonly<Record<string, "saturday" | "month">>;
  /** For order: sort fields and the documented default. */
  readonly sortFields?: readonly string[];
  readonly orderDefault?: { readonly field?: string; readonly desc: boolean };
  readonly role?: ParamRole;
  /** For rangeMin/rangeMax: the shared base name (`Price` for minPrice/maxPrice). */
  readonly range?: string;
  /** Where the builder puts the field. */
  readonly section?: "main" | "filters" | "ranges" | "paging";
}

/** A spec of any kind: what the parameter kinds read. */
export type AnyParamSpec = ParamSpecOf<string>;
