/**
 * Task pane entry (bundled as taskpane.js, loaded after functions.js in the shared runtime page). The only place
 * that waits for Office; it decides the runtime's language (the stored choice, else Office's display language:
 * cells computed meanwhile wait for it, src/i18n/locale.ts), picks the host adapter (the preview page's, or Office.js
 * in Excel) and hands the shared engine and formula registry (the functions' own instances) to the pane. A workbook set to
 * refresh when opened is refreshed from here, as the runtime starts with it (reports/on-open.ts).
 */
import { createRoot } from "react-dom/client";
import { systemClock } from "../lib/clock";
import { getSharedEngine, getFormulaRegistry, detectStore } from "../engine";
import { chooseLocale, currentLocale, localeReady, onLocaleChange } from "../i18n";
import { App } from "./App";
import { learnDataTypes } from "./shared/data-type-start";
import { languageSettings } from "./shared/language";
import { officeDisplayLanguage } from "./host/display-language";
import { pickHost } from "./host/pick-host";
import { loadServiceLabels } from "../i18n/labels";
import { loadCatalogTexts } from "../api/words/texts";
import type { PaneServices } from "./shared/services";

// Decided at once (before any cell asks), from what Office says once it is ready.
const language = Office.onReady().then(() => languageSettings(detectStore(), officeDisplayLanguage()));
chooseLocale(language.then((settings) => settings.current()));

/** The page's language follows the add-in's: screen readers pronounce, and browsers pick fonts, by it. */
const markLanguage = () => void (document.documentElement.lang = currentLocale());

Office.onReady(async () => {
  const container = document.getElementById("root");
  if (!container) return;
  const settings = await language;
  // The catalog's words (titles, labels, help), which the bundles are built without, and the English names of the
  // service's Chinese labels: chunks of their own. Without them the pane still works, operations and fields reading
  // as their API names, labels as the service sends them.
  await Promise.all([
    localeReady(),
    loadCatalogTexts().catch(() => undefined),
    loadServiceLabels().catch(() => undefined),
  ]);
  markLanguage();
  onLocaleChange(markLanguage);
  const { host, preview } = pickHost();
  const services = {
    host,
    engine: getSharedEngine(),
    registry: getFormulaRegistry(),
    clock: systemClock,
    preview,
    language: settings,
  };
  createRoot(container).render(<App services={services} />);
  // Whether this Excel really takes data types (retail perpetual Office claims them and refuses, office-js #4750),
  // learnt at start so MAD.PRODUCT spills its labelled row there, the cells shown so far too (shared/data-type-start.ts).
  void learnDataTypes(host, services.registry);
  void refreshIfAsked(services);
});

/**
 * Loads what a workbook asks for as it opens, only then: the days its schedules' relay took while it was closed
 * (reports/relay-backfill.ts), first, so a refresh's snapshot of today follows them; then refresh when opened.
 * Never rejects.
 */
async function refreshIfAsked(services: PaneServices): Promise<void> {
  try {
    const options = await services.host.workbookOptions();
    if (Object.keys(options.schedules ?? {}).length) {
      const { backfillWhenOpened } = await import(/* webpackChunkName: "relay-backfill" */ "./reports/relay-backfill");
      await backfillWhenOpened(services);
    }
    if (!options.refreshOnOpen) return;
    const { refreshWhenOpened } = await import(/* webpackChunkName: "notices" */ "./reports/on-open");
    await refreshWhenOpened(services);
  } catch {
    // No document settings (not in Excel yet): the Reports tab still refreshes on demand.
  }
}
