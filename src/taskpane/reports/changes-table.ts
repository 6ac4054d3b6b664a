/**
 * The Changes table of a history sheet as laid out (snapshot-sheet.ts places it right of the rows tables): its key,
 * header and formats. What goes in it: snapshot-changes.ts.
 */
import { t } from "../../i18n";
import { DATE_FORMAT } from "../../table/columns";

/** The Changes table's key in the layout. */
export const CHANGES_KEY = "changes";

/** The Changes table's header and formats: the days compared, the query, the row, what changed and by how much. */
export function changesColumns(): { header: string[]; formats: string[] } {
  return {
    header: [
      t("snapshot.column.taken"),
      t("changes.column.comparedWith"),
      t("changes.column.query"),
      t("changes.column.key"),
      t("changes.column.change"),
      t("changes.column.field"),
      t("changes.column.before"),
      t("changes.column.after"),
      t("changes.column.percent"),
    ],
    formats: [DATE_FORMAT, DATE_FORMAT, "@", "@", "@", "@", "General", "General", "0.00%"],
  };
}
