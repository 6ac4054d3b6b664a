/**
 * A product as an Excel data type: an entity value (a card) with a web image, the title, brand, price, rank and
 * category, rating and count, last month's units and revenue, the listing date and a link to the listing, each a
 * typed property, so `=A2.Price` and the card's field picker work. The shape is Microsoft's: an entity is
 * `{type: "Entity", text, properties, layouts: {card: {title, mainImage, sections}}}` whose properties are cell
 * values (`String`, a formatted number, `WebImage`), per
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-entity-card and
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts (a custom function
 * returns the same JSON).
 * A formatted number (a price in its currency, "Listed on" as a date) takes the form this Excel reads
 * (`CardNumbers`, data-type-support.ts): a Double with its numberFormat from ExcelApi 1.19, a FormattedNumber below.
 * JSON Excel on the web refuses where desktop takes it (office-js #5794) is never written: an image only over
 * https ("This image must be hosted on a server that supports HTTPS", Excel.WebImageCellValue.address), sections
 * only of the documented "List" layout and never without properties.
 * Where Excel takes no entities from a custom function (CustomFunctionsRuntime before 1.4), the same facts spill
 * as one labelled row instead (`productRow`). Kept lean: the functions bundle carries it.
 */

import { t } from "../i18n/lookups";
import type { CardNumbers } from "./data-type-support";

/** The facts a card shows, from whichever record carries them (details, sales trend, product research). */
export interface ProductFacts {
  readonly asin: string;
  readonly marketplace: string;
  readonly title: string | null;
  readonly brand: string | null;
  readonly imageUrl: string | null;
  readonly url: string | null;
  readonly price: number | null;
  readonly bsr: number | null;
  readonly category: string | null;
  readonly categoryPath: string | null;
  readonly rating: number | null;
  readonly ratings: number | null;
  readonly monthlyUnits: number | null;
  readonly monthlyRevenue: number | null;
  /** The listing day (midnight China time, as the service stamps it), epoch ms. */
  readonly listedAt: number | null;
  /** Facts only the product's details hold, present when asked for (MAD.PRODUCT's `details`). */
  readonly details?: Partial<Record<DetailFact, string | null>>;
}

/** The card's facts only the product's details (asin_detail) hold: fetched only when a formula names them. */
export const DETAIL_FACTS = ["Bullet points", "Variants"] as const;
export type DetailFact = (typeof DETAIL_FACTS)[number];

/** The detail facts of an ASIN's details record: its bullet points and its variants, one per line. */
export function detailFactsOf(
  record: unknown,
  names: readonly DetailFact[],
): Partial<Record<DetailFact, string | null>> {
  const r = (typeof record === "object" && record !== null ? record : {}) as Json;
  const lines = (v: unknown, line: (item: unknown) => string | null) =>
    Array.isArray(v)
      ? v
          .map(line)
          .filter((x): x is string => x !== null)
          .join("\n") || null
      : null;
  const facts: Record<DetailFact, string | null> = {
    "Bullet points": lines(r.features, text),
    Variants: lines(r.variationList, (item) => {
      const v = (typeof item === "object" && item !== null ? item : {}) as Json;
      const id = text(v.asin);
      return id && text(v.attribute) ? `${id} (${String(v.attribute)})` : id;
    }),
  };
  return Object.fromEntries(names.map((name) => [name, facts[name]]));
}

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v !== -1 ? v : null);
const first = <T>(...values: (T | null)[]) => values.find((v) => v !== null) ?? null;

const DOMAINS: Readonly<Record<string, string>> = {
  US: "www.amazon.com",
  UK: "www.amazon.co.uk",
  DE: "www.amazon.de",
  FR: "www.amazon.fr",
  IT: "www.amazon.it",
  ES: "www.amazon.es",
  JP: "www.amazon.co.jp",
  CA: "www.amazon.ca",
  IN: "www.amazon.in",
  MX: "www.amazon.com.mx",
  BR: "www.amazon.com.br",
  AU: "www.amazon.com.au",
  AE: "www.amazon.ae",
};
/**
 * A price's format per market, in Excel's format codes: `$`, `£`, `€` and `¥` go in as they are; any other text is
 * quoted (`"C$"`) or is a currency item in brackets (`[$AED]`), or Excel refuses the format ("Number format codes",
 * https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68: text characters are
 * enclosed in double quotation marks or preceded by a backslash; test/table/number-formats.test.ts holds every
 * format the add-in writes to those rules).
 */
const CURRENCY_FORMATS: Readonly<Record<string, string>> = {
  US: "$#,##0.00",
  CA: '"C$"#,##0.00',
  MX: "$#,##0.00",
  AU: '"A$"#,##0.00',
  UK: "£#,##0.00",
  DE: "#,##0.00 €",
  FR: "#,##0.00 €",
  IT: "#,##0.00 €",
  ES: "#,##0.00 €",
  JP: "¥#,##0",
  IN: '"₹"#,##0.00',
  BR: '"R$"#,##0.00',
  AE: "[$AED] #,##0.00",
};

/**
 * The facts of a record: a product row (competitor lookup's answer for one ASIN, MAD.PRODUCT's source: its 30-day
 * units and revenue are the child's `platformUnit`/`platformSales` where the service tells the variant apart, else
 * the parent's `units`/`revenue`), an ASIN's details, or a sales trend's `asin` with its months.
 */
export function productFactsOf(record: unknown, marketplace: string): ProductFacts | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const outer = record as Json;
  const r = (typeof outer.asin === "object" && outer.asin !== null ? outer.asin : outer) as Json;
  const asin = text(r.asin);
  if (!asin) return undefined;
  const months = Array.isArray(outer.salesTrendPoints) ? (outer.salesTrendPoints as Json[]) : [];
  const lastMonth = months.at(-1);
  const market = text(r.marketplace) ?? marketplace;
  const domain = DOMAINS[market.toUpperCase()];
  return {
    asin,
    marketplace: market,
    title: text(r.title),
    brand: text(r.brand),
    imageUrl: first(text(r.zoomImageUrl), text(r.imageUrl)),
    url: first(text(r.asinUrl), domain ? `https://${domain}/dp/${asin}` : null),
    price: num(r.price),
    bsr: first(num(r.bsrRank), num(r.bsr)),
    category: first(text(r.bsrLabel), text(r.nodeLabelPath)?.split(":")[0] ?? null),
    categoryPath: text(r.nodeLabelPath),
    rating: num(r.rating),
    ratings: num(r.ratings),
    monthlyUnits: first(num(lastMonth?.childUnitSales), num(r.platformUnit), num(r.units), num(r.totalUnits)),
    monthlyRevenue: first(num(lastMonth?.childSalesRevenue), num(r.platformSales), num(r.revenue), num(r.totalRevenue)),
    listedAt: num(r.availableDate),
  };
}

/** The card's first section: the figures a seller compares. */
const FIGURES = ["Price", "BSR", "Category", "Rating", "Ratings", "Monthly units", "Monthly revenue"] as const;
/** The card's second section: the listing itself. */
const LISTING = ["Brand", "ASIN", "Marketplace", "Listed on", "Category path", "Listing"] as const;

/** Property names in the card's order: what `=A2.<name>` and the field picker offer (in English; see cardLabel). */
export const CARD_PROPERTIES = ["Title", "Image", ...FIGURES, ...LISTING] as const;
/** A property of a card: one of CARD_PROPERTIES, or a detail fact where the formula asked for it. */
export type CardProperty = (typeof CARD_PROPERTIES)[number] | DetailFact;

const LABELS = {
  Title: "card.field.title",
  Image: "card.field.image",
  Price: "card.field.price",
  BSR: "card.field.bsr",
  Category: "card.field.category",
  Rating: "card.field.rating",
  Ratings: "card.field.ratings",
  "Monthly units": "card.field.monthlyUnits",
  "Monthly revenue": "card.field.monthlyRevenue",
  Brand: "card.field.brand",
  ASIN: "card.field.asin",
  Marketplace: "card.field.marketplace",
  "Listed on": "card.field.listedOn",
  "Category path": "card.field.categoryPath",
  Listing: "card.field.listing",
  "Bullet points": "card.field.bulletPoints",
  Variants: "card.field.variants",
} as const satisfies Record<CardProperty, string>;

/**
 * A field's name on the card, in the language the card is made in (issue 46): `Price` in English, `价格` in Chinese,
 * as Excel's own data types name theirs, so `=A2.价格` reads a card made in Chinese and `=A2.Price` one made in
 * English. The labelled row's header says the same.
 */
export const cardLabel = (name: CardProperty): string => t(LABELS[name]);

/** Properties keyed by their names on the card. */
const labelled = (props: Partial<Record<CardProperty, CellValue>>): Record<string, CellValue> =>
  Object.fromEntries(Object.entries(props).map(([name, value]) => [cardLabel(name as CardProperty), value!]));

/** An Excel date serial of a midnight-China stamp: its calendar day. */
const daySerial = (ms: number) => Math.floor((ms + 8 * 3_600_000) / 86_400_000) + 25569;

/**
 * A card property, in the shape of office-js's `Excel.StringCellValue`, `DoubleCellValue`,
 * `FormattedNumberCellValue` and `WebImageCellValue` (written out here: this layer holds no Office code;
 * test/functions/product-card.test.ts holds the card to `Excel.EntityCellValue` at compile time).
 */
type CellValue =
  | { readonly type: "String"; readonly basicValue: string }
  | { readonly type: "Double" | "FormattedNumber"; readonly basicValue: number; readonly numberFormat: string }
  | { readonly type: "WebImage"; readonly address: string; readonly altText: string };

/** A product's entity value: office-js's `Excel.EntityCellValue` with the layout a product card uses. */
export interface ProductCardValue {
  readonly type: "Entity";
  readonly text: string;
  /** Keyed by the fields' names in the card's language (cardLabel). */
  readonly properties: Readonly<Record<string, CellValue>>;
  readonly layouts: {
    readonly compact: { readonly icon: string };
    readonly card: {
      readonly title: { readonly property: string };
      readonly mainImage?: { readonly property: string };
      readonly sections: {
        readonly layout: "List";
        readonly title?: string;
        readonly collapsible?: boolean;
        readonly collapsed?: boolean;
        readonly properties: string[];
      }[];
    };
  };
  readonly provider: { readonly description: string };
}
const str = (value: string | null): CellValue | undefined =>
  value === null ? undefined : { type: "String", basicValue: value };
const formatted =
  (numbers: CardNumbers) =>
  (value: number | null, numberFormat: string): CellValue | undefined =>
    value === null
      ? undefined
      : { type: numbers === "double" ? "Double" : "FormattedNumber", basicValue: value, numberFormat };
/** A picture Excel shows: https only (Excel.WebImageCellValue); another address leaves the card without one. */
const image = (f: ProductFacts): CellValue | undefined =>
  f.imageUrl && /^https:\/\//i.test(f.imageUrl)
    ? { type: "WebImage", address: f.imageUrl, altText: f.title ?? f.asin }
    : undefined;

/** The card's properties (absent facts left out, so the card never shows a made-up 0). */
function properties(f: ProductFacts, numbers: CardNumbers): Partial<Record<CardProperty, CellValue>> {
  const money = CURRENCY_FORMATS[f.marketplace.toUpperCase()] ?? "#,##0.00";
  const dbl = formatted(numbers);
  const entries: [CardProperty, CellValue | undefined][] = [
    ["Title", str(f.title)],
    ["Image", image(f)],
    ["Price", dbl(f.price, money)],
    ["BSR", dbl(f.bsr, "#,##0")],
    ["Category", str(f.category)],
    ["Rating", dbl(f.rating, "0.0")],
    ["Ratings", dbl(f.ratings, "#,##0")],
    ["Monthly units", dbl(f.monthlyUnits, "#,##0")],
    ["Monthly revenue", dbl(f.monthlyRevenue, money)],
    ["Brand", str(f.brand)],
    ["ASIN", str(f.asin)],
    ["Marketplace", str(f.marketplace)],
    ["Listed on", f.listedAt === null ? undefined : dbl(daySerial(f.listedAt), "yyyy-mm-dd")],
    ["Category path", str(f.categoryPath)],
    ["Listing", str(f.url)],
    ...DETAIL_FACTS.map((name): [CardProperty, CellValue | undefined] => [name, str(f.details?.[name] ?? null)]),
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as Partial<Record<CardProperty, CellValue>>;
}

const present = (props: Partial<Record<CardProperty, CellValue>>, names: readonly CardProperty[]) =>
  names.filter((n) => props[n] !== undefined);

/** A section of the card: the documented "List" layout, left out when none of its facts is known (#5794). */
function section(props: Partial<Record<CardProperty, CellValue>>, names: readonly CardProperty[], title?: string) {
  const shown = present(props, names);
  if (!shown.length) return [];
  return [
    {
      layout: "List" as const,
      ...(title === undefined ? {} : { title, collapsible: true, collapsed: false }),
      properties: shown.map(cardLabel),
    },
  ];
}

/**
 * The entity value of a product: its cell shows the title (or the ASIN); its card shows every fact it has, its
 * numbers in the form this Excel reads (`numbers`).
 */
export function productCard(f: ProductFacts, numbers: CardNumbers): ProductCardValue {
  const props = properties(f, numbers);
  const cellText = (f.title ?? f.asin).slice(0, 100);
  return {
    type: "Entity",
    text: cellText,
    properties: labelled(props),
    layouts: {
      compact: { icon: "ShoppingBag" },
      card: {
        title: { property: cardLabel(props.Title ? "Title" : "ASIN") },
        ...(props.Image ? { mainImage: { property: cardLabel("Image") } } : {}),
        sections: [
          ...section(props, FIGURES),
          ...section(props, [...LISTING, ...DETAIL_FACTS], t("card.section.listing")),
        ],
      },
    },
    provider: { description: t("card.provider") },
  };
}

/**
 * The same facts as one labelled row, where Excel takes no entity from a custom function: a header of the
 * card's property names (in its language) and one row of values (blank where a fact is absent; the listing date an
 * Excel date).
 */
export function productRow(f: ProductFacts): (string | number)[][] {
  const props = properties(f, "double");
  // Detail facts are columns only where the formula asked for them.
  const asked = DETAIL_FACTS.filter((n) => f.details?.[n] !== undefined);
  const names: CardProperty[] = [...CARD_PROPERTIES.filter((n) => n !== "Image"), ...asked];
  const values = names.map((name) => {
    const cell = props[name];
    return cell === undefined || !("basicValue" in cell) ? "" : cell.basicValue;
  });
  return [
    [...names.map(cardLabel), cardLabel("Image")],
    [...values, f.imageUrl ?? ""],
  ];
}
