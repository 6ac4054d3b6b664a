/**
 * Task pane entry (bundled as taskpane.js, loaded after functions.js in the shared runtime page). The only place
 * that waits for Office; it picks the host adapter (the preview page's, or Office.js in Excel) and hands the
 * shared engine and formula registry (the functions' own instances) to the pane. A workbook set to refresh when
 * opened is refreshed from here, as the runtime starts with it (reports/on-open.ts).
 */
import { createRoot } from "react-dom/client";
import { systemClock } from "../api/clock";
import { getSharedEngine } from "../engine";
import { getFormulaRegistry } from "../engine/formula-registry";
import { App } from "./shared/App";
import { pickHost } from "./host/pick-host";
import type { PaneServices } from "./shared/services";

Office.onReady(() => {
  const container = document.getElementById("root");
  if (!container) return;
  const { host, preview } = pickHost();
  const services = { host, engine: getSharedEngine(), registry: getFormulaRegistry(), clock: systemClock, preview };
  createRoot(container).render(<App services={services} />);
  void refreshIfAsked(services);
});

/** Loads refresh when opened only for a workbook that asks for it. Never rejects. */
async function refreshIfAsked(services: PaneServices): Promise<void> {
  try {
    if (!(await services.host.workbookOptions?.())?.refreshOnOpen) return;
    const { refreshWhenOpened } = await import(/* webpackChunkName: "notices" */ "./reports/on-open");
    await refreshWhenOpened(services);
  } catch {
    // No document settings (not in Excel yet): the Reports tab still refreshes on demand.
  }
}
