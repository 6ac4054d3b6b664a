/**
 * The columns a function spills and `fields` picks: a history's (`date` and its figures) for an operation with a
 * history form, else its record's. The docs, the wrappers' help and the task pane's column picker all read them
 * here.
 */
import type { AnyOperation } from "../api/catalog";
import { recordColumns, type Column } from "./columns";
import { historyColumns } from "./history";

export const functionColumns = (op: AnyOperation): readonly Column[] =>
  op.history ? historyColumns(op.history) : recordColumns(op);
