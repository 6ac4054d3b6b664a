/**
 * The first rows of a query in the pane. Cells are React text nodes only: API text is escaped by React and never
 * interpreted as HTML. The table scrolls sideways inside the narrow pane and is reachable by keyboard.
 */
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import type { Cell } from "../../table/cells";
import { formatNumber, t } from "../../i18n";

const useStyles = makeStyles({
  scroller: {
    overflowX: "auto",
    maxHeight: "360px",
    overflowY: "auto",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cell: { whiteSpace: "nowrap", maxWidth: "220px", overflow: "hidden", textOverflow: "ellipsis" },
  // Fluent's table is fixed at 100% of the pane: 53 columns would get 6 px each. Each column keeps a readable width
  // and the region scrolls sideways.
  table: { minWidth: "100%" },
});

/** Width of one column: a price, a date or the start of a title reads at this width. */
const COLUMN_REM = 8;

const cellText = (cell: Cell) =>
  typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : typeof cell === "number" ? formatNumber(cell) : cell;

export function PreviewTable(props: {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  caption: string;
}) {
  const styles = useStyles();
  if (!props.header.length) return <Text>{t("preview.noRows")}</Text>;
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={t("preview.rows")}>
      <Table
        size="extra-small"
        aria-label={props.caption}
        className={styles.table}
        style={{ width: `${props.header.length * COLUMN_REM}rem` }}
      >
        <TableHeader>
          <TableRow>
            {props.header.map((name, i) => (
              <TableHeaderCell key={i} className={styles.cell}>
                {name}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((cell, c) => (
                <TableCell key={c} className={styles.cell} title={cellText(cell)}>
                  {cellText(cell)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
