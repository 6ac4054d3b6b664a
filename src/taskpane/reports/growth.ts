/** What a refresh or a snapshot asks the person when new rows need cells that hold something. */
import type { TableGrowth } from "../report-model/cells";

/** A table whose fresh rows need cells below it that hold something: the person decides what happens. */
export interface GrowthConflict {
  /** A history's new rows (cells inserted below that table only), rather than a refreshed table's. */
  readonly history?: boolean;
  readonly tableName: string;
  /** Rows the table would have. */
  readonly rows: number;
  /** The cells in the way (the first few). */
  readonly occupied: readonly string[];
  /** Other tables in the way: only inserting rows makes room (office-js #1199), so overwriting is not offered. */
  readonly tables?: readonly string[];
}

/** What the person chose for a table that needs the cells below it: a way to grow, or keep the cells. */
export type GrowthDecision = TableGrowth | "keep";
