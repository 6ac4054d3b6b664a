/**
 * The preview page (preview.html): a grid and formula bar that evaluate the add-in's registered custom functions,
 * and the built task pane beside it, both running on stand-ins for the Office runtime. Served by `npm start` next
 * to the built add-in and the local simulator.
 */
import { DEMO_SECRET } from "../api/demo-secret";
import { FocusCycle, firstFocusable } from "./focus-cycle";
import { FunctionRuntime, FunctionsMetadata } from "./function-runtime";
import { ChartView } from "./chart-view";
import { GridView } from "./grid-view";
import { PreviewHost } from "./preview-host";
import {
  createCustomFunctionsStandIn,
  createOfficeStandIn,
  createStorageStandIn,
  FunctionRegistry,
  installStandIns,
  StorageStandIn,
} from "./stand-ins";
import { SheetTabs } from "./sheet-tabs";
import { loadTaskPane } from "./task-pane-frame";
import { displayLanguageOf, LANGUAGE_KEY, startPageLanguage } from "./page-language";
import { t } from "../i18n/preview";
import { Workbook } from "./workbook";

/** The manifest's custom functions namespace. */
const NAMESPACE = "MAD";

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`preview.html lacks #${id}`);
  return found as T;
}

/**
 * The preview talks to the simulator that serves it, with the simulator's demo secret, unless the person chose
 * other settings in the task pane (they persist in this browser's storage).
 */
async function seedSettings(storage: StorageStandIn): Promise<void> {
  if ((await storage.getItem("mad.baseUrl")) === null) await storage.setItem("mad.baseUrl", window.location.origin);
  if ((await storage.getItem("mad.secret")) === null) await storage.setItem("mad.secret", DEMO_SECRET);
}

async function loadMetadata(runtime: FunctionRuntime, status: HTMLElement): Promise<void> {
  const response = await fetch("functions.json");
  if (!response.ok) throw new Error(t("status.noMetadata", { status: String(response.status) }));
  runtime.setMetadata((await response.json()) as FunctionsMetadata);
  status.textContent = t("status.loadingAddin");
}

function showFunctionList(runtime: FunctionRuntime, list: HTMLElement, count: HTMLElement): void {
  const names = runtime.names();
  count.textContent = String(names.length);
  list.replaceChildren(
    ...names.map((name) => {
      const item = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = `${name}(${runtime.parameterList(name)})`;
      item.append(code);
      return item;
    }),
  );
}

/**
 * F6 / Shift+F6 cycle grid → formula bar → sheet tabs → task pane, from the page and from inside the task pane's
 * frame.
 */
function listenForF6(grid: GridView, frame: HTMLIFrameElement): () => void {
  const formulaBar = [element<HTMLInputElement>("formula-input"), element<HTMLInputElement>("name-box")];
  const sheetTabs = element("sheet-tabs");
  const cycle = new FocusCycle([
    { name: "grid", contains: () => grid.hasFocus(), focus: () => grid.focusSelected() },
    {
      name: "formula bar",
      contains: (active) => formulaBar.some((input) => input === active),
      focus: () => formulaBar[0].focus(),
      leave: () => grid.leaveFormulaBar(),
    },
    {
      name: "sheet tabs",
      contains: (active) => sheetTabs.contains(active),
      focus: () => sheetTabs.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    },
    {
      name: "task pane",
      contains: (active) => active === frame,
      focus: () => {
        const doc = frame.contentDocument;
        frame.focus();
        const target = doc ? firstFocusable(doc) : undefined;
        if (target) target.focus();
        else frame.contentWindow?.focus();
      },
    },
  ]);
  cycle.listen(document, () => cycle.regionIndex(document.activeElement));
  const listenInFrame = () => {
    if (frame.contentDocument) cycle.listen(frame.contentDocument, () => cycle.regionIndex(frame));
  };
  listenInFrame();
  return listenInFrame;
}

async function main(): Promise<void> {
  const status = element<HTMLElement>("status");
  // The task pane's language switch stores its choice: the page's own words follow it.
  const languageChanged = { follow: () => {} };
  const storage = createStorageStandIn(window.localStorage, undefined, (key) => {
    if (key === LANGUAGE_KEY) languageChanged.follow();
  });
  const displayLanguage = displayLanguageOf(window.location, navigator.language);
  const pageLanguage = await startPageLanguage(storage, element("language"), displayLanguage);
  languageChanged.follow = () => void pageLanguage.follow();
  const registry = new FunctionRegistry();
  const runtime = new FunctionRuntime(registry, NAMESPACE);
  const workbook = new Workbook(runtime);
  const grid = new GridView(workbook, {
    formulaInput: element("formula-input"),
    nameBox: element("name-box"),
    table: element("grid"),
    scroller: element("grid-scroll"),
    status,
    descriptions: element("cell-descriptions"),
  });
  new SheetTabs(workbook, element("sheet-tabs"), element("grid-scroll"));
  new ChartView(workbook, element("chart-layer"), (message) => (status.textContent = message));
  const standIns = {
    customFunctions: createCustomFunctionsStandIn(registry),
    storage,
    office: createOfficeStandIn(displayLanguage),
    hostAdapter: new PreviewHost(workbook, () => grid.selection()),
  };
  registry.onChange(() => {
    workbook.retryUnknownFunctions();
    showFunctionList(runtime, element("function-list"), element("function-count"));
  });
  await seedSettings(storage);
  await loadMetadata(runtime, status);
  const frame = element<HTMLIFrameElement>("task-pane");
  const load = () => loadTaskPane(frame, "taskpane.html", (target) => installStandIns(target, standIns));
  await load();
  const listenInFrame = listenForF6(grid, frame);
  // As opening the saved workbook in Excel: the add-in starts again (memory empty, storage kept), cells keep values.
  element<HTMLButtonElement>("reopen").addEventListener("click", () => {
    document.body.dataset.ready = "false";
    void load().then(() => {
      listenInFrame();
      document.body.dataset.ready = "true";
    });
  });
  document.body.dataset.ready = "true";
  grid.select({ row: 0, col: 0 });
}

main().catch((error: unknown) => {
  const status = document.getElementById("status");
  if (status)
    status.textContent = t("status.couldNotStart", { reason: error instanceof Error ? error.message : String(error) });
  document.body.dataset.ready = "failed";
});
