/** Styles shared by the pane's controls. */
import { makeStyles, tokens } from "@fluentui/react-components";

export const useControlStyles = makeStyles({
  // Fluent's inputs and dropdowns have wide minimum widths; in a 320 px pane (and half of it for ranges) they shrink.
  control: { minWidth: 0, width: "100%", maxWidth: "100%", boxSizing: "border-box" },
  // A message bar's text wraps, long formulas and addresses included, instead of running out of the pane.
  message: { overflowWrap: "anywhere", minWidth: 0 },
  // A list of items (reports, feeds) as a column of blocks, without bullets or indent.
  plainList: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
});
