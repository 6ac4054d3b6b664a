/** A data type in a preview cell: the shape the preview's cells, formulas and card share (no imports, so no circle). */

/**
 * A data type a function returned (Microsoft's entity value JSON: `{type: "Entity", text, properties, layouts}`,
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-entity-card): the cell shows its text,
 * and its card lists its properties.
 */
export interface EntityValue {
  readonly type: "Entity";
  readonly text: string;
  readonly properties: Readonly<Record<string, EntityProperty>>;
  readonly layouts?: {
    readonly card?: {
      readonly title?: { readonly property: string };
      readonly mainImage?: { readonly property: string };
      readonly sections?: readonly { readonly title?: string; readonly properties: readonly string[] }[];
    };
  };
}

/** One property of an entity: a typed cell value (String, Double with a number format, Boolean, WebImage). */
export interface EntityProperty {
  readonly type: string;
  readonly basicValue?: string | number | boolean;
  readonly numberFormat?: string;
  /** A WebImage's address and its text for people who do not see it. */
  readonly address?: string;
  readonly altText?: string;
}
