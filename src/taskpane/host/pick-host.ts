/**
 * Which HostAdapter the task pane writes through: the preview page's (it sets a global before the pane's script
 * runs) or Office.js in Excel. The name must match src/preview/stand-ins.ts (a unit test checks it).
 */
import type { HostAdapter } from "./host-adapter";
import { createOfficeHost, followReportSheets, settleStartupBehavior } from "./office-host";

export const PREVIEW_HOST_GLOBAL = "__madPreviewHost";

const METHODS: readonly (keyof HostAdapter)[] = [
  "getActiveCell",
  "writeValues",
  "writeFormula",
  "createTable",
  "replaceTableRows",
  "listTables",
  "listMadFormulas",
  "recalculate",
];

export function isHostAdapter(value: unknown): value is HostAdapter {
  return (
    typeof value === "object" &&
    value !== null &&
    METHODS.every((m) => typeof (value as Record<string, unknown>)[m] === "function")
  );
}

export function pickHost(scope: unknown = globalThis): { host: HostAdapter; preview: boolean } {
  const candidate = (scope as Record<string, unknown>)[PREVIEW_HOST_GLOBAL];
  if (isHostAdapter(candidate)) return { host: candidate, preview: true };
  const host = createOfficeHost();
  void followReportSheets(host);
  void settleStartupBehavior();
  return { host, preview: false };
}
