/**
 * F6 and Shift+F6 move focus between the page's regions as in Excel: grid → formula bar → task pane → grid (and
 * back). The task pane runs in a frame, so the keys are listened for in the frame's document too.
 */

export interface FocusRegion {
  readonly name: string;
  /** True when focus (the document's active element) is in this region. */
  contains(active: Element | null): boolean;
  focus(): void;
  /** Called before focus leaves the region through F6. */
  leave?(): void;
}

/** The element the keyboard would reach first inside a document: what F6 focuses in the task pane. */
export function firstFocusable(doc: Document): HTMLElement | undefined {
  const candidates = doc.querySelectorAll<HTMLElement>(
    'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])',
  );
  return [...candidates].find(
    (element) =>
      !element.hasAttribute("disabled") &&
      element.tabIndex >= 0 &&
      !element.closest("[aria-hidden='true'], [hidden], [inert]") &&
      element.getClientRects().length > 0,
  );
}

export class FocusCycle {
  constructor(private readonly regions: readonly FocusRegion[]) {}

  /** Listens for F6 / Shift+F6 in `doc`; `regionOf` says which region has focus there (undefined: none). */
  listen(doc: Document, regionOf: () => number | undefined): void {
    doc.addEventListener(
      "keydown",
      (event) => {
        if (event.key !== "F6" || event.ctrlKey || event.altKey || event.metaKey) return;
        event.preventDefault();
        this.move(regionOf(), event.shiftKey ? -1 : 1);
      },
      true,
    );
  }

  /** The index of the region holding `active`, if any. */
  regionIndex(active: Element | null): number | undefined {
    const index = this.regions.findIndex((region) => region.contains(active));
    return index < 0 ? undefined : index;
  }

  private move(from: number | undefined, step: 1 | -1): void {
    const count = this.regions.length;
    if (from !== undefined) this.regions[from].leave?.();
    const to = from === undefined ? (step === 1 ? 0 : count - 1) : (from + step + count) % count;
    this.regions[to].focus();
  }
}
