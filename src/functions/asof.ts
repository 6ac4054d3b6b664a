/**
 * MAD.ASOF's entry (the generated wrapper calls it): the work itself (asof-time.ts) loads on demand, a chunk of its
 * own, the first time a MAD.ASOF runs. Excel loads the functions bundle when a workbook opens, and most workbooks
 * have no MAD.ASOF.
 */
import type { AsOfInvocation } from "./asof-time";

export const runAsOf = (cell: unknown, invocation?: AsOfInvocation): Promise<number[][]> =>
  import(/* webpackChunkName: "asof" */ "./asof-time").then((m) => m.runAsOf(cell, invocation));
