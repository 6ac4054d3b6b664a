/** The workbook's own options for the add-in (document settings `mad.options`; never a secret), and the host's part. */

/** A workbook's own settings for the add-in. */
export interface WorkbookOptions {
  /** Refresh the workbook's MAD formulas and tables as it opens (off by default). */
  readonly refreshOnOpen: boolean;
  /** A team relay's schedule of each report or table (by the pane's key for it): the schedule's id on the relay. */
  readonly schedules?: Readonly<Record<string, string>>;
}

/** The workbook's own options for the add-in. */
export interface WorkbookOptionsHost {
  /** What the workbook keeps for the add-in besides its tables and reports (document settings; never a secret). */
  workbookOptions(): Promise<WorkbookOptions>;
  /** Saves workbook options; turning on refresh when opened asks Excel to load the add-in with the workbook. */
  setWorkbookOptions(patch: Partial<WorkbookOptions>): Promise<void>;
}
