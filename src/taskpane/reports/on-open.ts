/**
 * Refresh when opened: a workbook whose option is on (`mad.options`, off by default) refreshes its MAD formulas and
 * tables as it opens. Excel loads the add-in with such a workbook (Office.addin.setStartupBehavior(load), set when
 * the option is turned on; SharedRuntime 1.1: https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open),
 * so this runs from the add-in's start whether the pane shows or not. Non-volatile custom functions keep their
 * saved values when a workbook opens (only volatile ones are calculated again:
 * https://github.com/OfficeDev/Excel-Custom-Functions/issues/368), so without it Monday shows Friday's numbers.
 *
 * Only what is past its data period is fetched (an answer still current for its period is read from the cache),
 * counted first: a refresh above the usual threshold (20 calls) or above what is left this month shows the pane and
 * asks; otherwise it runs and the pane's message bar says what it spent. Reports with history get their snapshot.
 */
import { t } from "../../i18n";
import type { PaneServices } from "../shared/services";
import type { Outcome } from "../shared/use-action";
import { refreshAndRecord } from "./actions";
import { describePlan, planRefresh, type RefreshPlan } from "./refresh-plan";
import { refreshTargetsNow } from "./refresh-targets";
import { rowsOf, scanWorkbook } from "./workbook-scan";

export type OpenRefreshState =
  | { readonly kind: "idle" }
  | { readonly kind: "counting" }
  | { readonly kind: "asking"; readonly question: string }
  | { readonly kind: "running"; readonly text: string }
  | { readonly kind: "done"; readonly outcome: Outcome };

/** The state of this session's refresh when opened, for the pane's message bar. */
export class OpenRefreshStore {
  private current: OpenRefreshState = { kind: "idle" };
  private readonly listeners = new Set<(state: OpenRefreshState) => void>();
  private answer: ((go: boolean) => void) | undefined;

  get state(): OpenRefreshState {
    return this.current;
  }

  set(state: OpenRefreshState): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }

  subscribe(listener: (state: OpenRefreshState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the person's answer to the question shown. */
  ask(question: string): Promise<boolean> {
    this.set({ kind: "asking", question });
    return new Promise((resolve) => (this.answer = resolve));
  }

  reply(go: boolean): void {
    const answer = this.answer;
    this.answer = undefined;
    answer?.(go);
  }

  dismiss(): void {
    this.set({ kind: "idle" });
  }
}

/** This runtime's one store (the pane's bar and the start-up share it). */
export const openRefresh = new OpenRefreshStore();

/** What the message bar says once done. */
function outcomeOf(items: number, calls: number, failures: number, snapshots: number): Outcome {
  const text = failures
    ? t("onOpen.failed", { failed: failures, items, calls })
    : t("onOpen.done", { items, calls, snapshots });
  return { kind: failures ? "error" : "success", text };
}

/** Counts, asks when it must, refreshes. Never rejects: a failure becomes the bar's outcome. */
export async function refreshWhenOpened(
  services: Pick<PaneServices, "host" | "engine" | "registry" | "clock">,
  store: OpenRefreshStore = openRefresh,
): Promise<void> {
  const { host, engine, registry, clock } = services;
  try {
    if (!(await host.workbookOptions()).refreshOnOpen) return;
    store.set({ kind: "counting" });
    const scan = await scanWorkbook(host, registry);
    const { rows, groups } = rowsOf(scan, registry);
    if (!rows.length) {
      store.set({ kind: "done", outcome: { kind: "info", text: t("onOpen.nothing") } });
      return;
    }
    const now = await refreshTargetsNow(host, rows, groups);
    const count = (remaining: number | null): Promise<RefreshPlan> =>
      planRefresh(engine, now.targets, { remainingThisMonth: remaining, due: true });
    let plan = await count(engine.usage().remainingThisMonth);
    if (plan.calls > 0 && engine.usage().remainingThisMonth === null) {
      // What is left this month decides whether to ask: one free look (GET /v1/visits) before spending.
      await engine.checkConnection();
      plan = await count(engine.usage().remainingThisMonth);
    }
    const described = describePlan(plan, now.targets);
    if (plan.needsConfirmation) {
      await host.showPane?.().catch(() => undefined);
      const go = await store.ask(t("onOpen.ask", { reason: plan.reason ?? "", plan: described }));
      if (!go) {
        store.set({ kind: "done", outcome: { kind: "info", text: t("onOpen.declined", { calls: plan.calls }) } });
        return;
      }
    }
    store.set({ kind: "running", text: t("onOpen.running", { plan: described }) });
    const refreshed = await refreshAndRecord(engine, host, scan, groups, { plan, rows, inputs: now.inputs }, () =>
      clock.now(),
    );
    const failed = Object.keys(refreshed.failures).length + refreshed.snapshotFailures.length;
    store.set({ kind: "done", outcome: outcomeOf(rows.length, refreshed.callsSpent, failed, refreshed.snapshots) });
  } catch (error) {
    store.set({
      kind: "done",
      outcome: {
        kind: "error",
        text: t("onOpen.error", { reason: error instanceof Error ? error.message : String(error) }),
      },
    });
  }
}
