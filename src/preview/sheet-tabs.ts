/**
 * The sheet tabs under the grid, as in Excel: a tablist with one tab per sheet, the active one selected. Click a tab
 * or move along them with the arrow keys, Home and End (the sheet follows the focused tab); the grid is the tab
 * panel they control.
 */
import { t } from "../i18n/preview";
import type { Workbook } from "./workbook";

export class SheetTabs {
  private renderedNames = "";

  constructor(
    private readonly workbook: Workbook,
    private readonly list: HTMLElement,
    /** The grid's container: the tab panel the tabs control. */
    private readonly panel: HTMLElement,
  ) {
    list.setAttribute("role", "tablist");
    list.setAttribute("aria-label", t("grid.sheets"));
    panel.setAttribute("role", "tabpanel");
    list.addEventListener("click", (event) => {
      const tab = (event.target as HTMLElement).closest<HTMLElement>("[role=tab]");
      if (tab?.dataset.sheet) workbook.activate(tab.dataset.sheet);
    });
    list.addEventListener("keydown", (event) => this.onKey(event));
    workbook.onChange(() => this.render());
    this.render();
  }

  private tabs(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>("[role=tab]")];
  }

  private onKey(event: KeyboardEvent): void {
    const tabs = this.tabs();
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    let next: number;
    switch (event.key) {
      case "ArrowRight":
        next = (current + 1) % tabs.length;
        break;
      case "ArrowLeft":
        next = (current - 1 + tabs.length) % tabs.length;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    this.workbook.activate(tabs[next].dataset.sheet as string);
    this.tabs()[next]?.focus();
  }

  private render(): void {
    const sheets = this.workbook.sheets();
    const names = sheets.map((sheet) => `${sheet.id}:${sheet.name}`).join("\n");
    if (names !== this.renderedNames) {
      this.renderedNames = names;
      this.list.replaceChildren(
        ...sheets.map((sheet) => {
          const tab = document.createElement("button");
          tab.type = "button";
          tab.className = "sheet-tab";
          tab.id = `sheet-tab-${sheet.id}`;
          tab.setAttribute("role", "tab");
          tab.setAttribute("aria-controls", this.panel.id);
          tab.dataset.sheet = sheet.name;
          tab.textContent = sheet.name;
          return tab;
        }),
      );
    }
    const active = this.workbook.activeSheet();
    for (const tab of this.tabs()) {
      const selected = tab.id === `sheet-tab-${active.id}`;
      tab.setAttribute("aria-selected", String(selected));
      // One tab stop for the whole list: the selected tab (arrow keys reach the others).
      tab.tabIndex = selected ? 0 : -1;
      if (selected && this.panel.getAttribute("aria-labelledby") !== tab.id) {
        this.panel.setAttribute("aria-labelledby", tab.id);
        // Only when the selection moved: every recalculation renders the tabs, and must not scroll the page.
        tab.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    }
  }
}
