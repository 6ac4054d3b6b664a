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

/**
 * The pane's layouts, one spacing scale for every tab: a stack of blocks (a tab, a form; `Tight` for the fields of a
 * section, `Loose` for a tab's sections), a row of buttons or badges that wraps in a narrow pane, a grid row of cells
 * aligned at their top (its columns are the caller's), and the muted words that explain a control.
 */
export const useLayoutStyles = makeStyles({
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  stackTight: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  stackLoose: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  wrapRow: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  wrapRowCentered: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  gridRow: { display: "grid", gap: tokens.spacingHorizontalS, alignItems: "start" },
  hint: { color: tokens.colorNeutralForeground2 },
});
