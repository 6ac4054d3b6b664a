/**
 * Task pane entry (bundled as taskpane.js, loaded after functions.js in the shared runtime page). The only place
 * that waits for Office; it picks the host adapter (the preview page's, or Office.js in Excel) and hands the
 * shared engine and formula registry (the functions' own instances) to the pane.
 */
import { createRoot } from "react-dom/client";
import { systemClock } from "../api/clock";
import { getSharedEngine } from "../engine";
import { getFormulaRegistry } from "../engine/formula-registry";
import { App } from "./shared/App";
import { pickHost } from "./host/pick-host";
import { loadCatalogTexts } from "../api/texts";

Office.onReady(async () => {
  const container = document.getElementById("root");
  if (!container) return;
  // The catalog's words (titles, labels, help), which the functions bundle is built without: a chunk of their own.
  // Without them the pane still works, operations and fields reading as their API names.
  await loadCatalogTexts().catch(() => undefined);
  const { host, preview } = pickHost();
  createRoot(container).render(
    <App services={{ host, engine: getSharedEngine(), registry: getFormulaRegistry(), clock: systemClock, preview }} />,
  );
});
