/**
 * `=A2.Price`: a cell that reads one property of the data type in another cell, as Excel's dot notation does
 * (`=A2.[Monthly units]` for a name with spaces; FIELDVALUE's page, https://support.microsoft.com/excel/functions/fieldvalue-function,
 * describes both and the #FIELD! error). The preview parses it into a call of an internal function (a name no add-in can
 * register) whose arguments are the reference and the property's name, and evaluates it itself: the property's
 * value with its number format; #VALUE! when the cell holds no data type; #FIELD! when the card has no such field.
 */
import { t } from "../i18n/preview";
import type { FunctionOutcome } from "./cell-types";
import type { EntityValue } from "./entity-value";

export { FIELD_FUNCTION } from "./formula";

/** What a field reference shows, from the data type in the cell it reads (undefined: no data type there). */
export function fieldOutcome(entity: EntityValue | undefined, field: string, where: string): FunctionOutcome {
  if (!entity) return { kind: "error", error: { code: "#VALUE!", message: t("field.noEntity", { where, field }) } };
  const name = Object.keys(entity.properties).find((key) => key.toLowerCase() === field.toLowerCase());
  const property = name === undefined ? undefined : entity.properties[name];
  if (!property) return { kind: "error", error: { code: "#FIELD!", message: t("field.noField", { where, field }) } };
  const value = property.type === "WebImage" ? (property.altText ?? "") : (property.basicValue ?? "");
  return { kind: "rows", rows: [[{ value, ...(property.numberFormat ? { format: property.numberFormat } : {}) }]] };
}
