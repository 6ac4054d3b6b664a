/**
 * The busy → outcome → error pattern of the pane's buttons, once: while an action runs its label shows (and, for
 * long work, its pages and a Cancel); then its outcome, or the failure in plain words. A cancelled action has
 * written nothing (the actions check the signal before writing) and says so.
 */
import { useCallback, useRef, useState } from "react";
import { AbortError } from "../../api/errors";
import { t } from "../../i18n";
import { failureText } from "./services";

export interface Outcome {
  readonly kind: "success" | "error" | "info";
  readonly text: string;
}

/** What an action's work gets: a cancel signal, a progress report ("page 7 of 20") and a way to say what it does now. */
export interface ActionWork {
  readonly signal: AbortSignal;
  readonly onPage: (done: number, total: number) => void;
  readonly relabel: (label: string) => void;
}

interface ActionOptions {
  /** Keep the outcome shown before (a rescan after a refresh keeps the refresh's outcome). */
  readonly keepOutcome?: boolean;
}

export interface Action {
  /** What runs now ("Running the preview…"), or null when idle. */
  readonly busy: string | null;
  /** Pages (or steps) done of the running work; null before its first report. */
  readonly progress: { readonly done: number; readonly total: number } | null;
  /** The running work has reported progress and can be cancelled. */
  readonly cancellable: boolean;
  readonly outcome: Outcome | null;
  readonly setOutcome: (outcome: Outcome | null) => void;
  /** Runs `work` with the busy line on; its result (null: nothing to say) or its failure becomes the outcome. */
  readonly perform: (
    label: string,
    work: (work: ActionWork) => Promise<Outcome | null>,
    options?: ActionOptions,
  ) => Promise<void>;
  readonly cancel: () => void;
}

export function useAction(): Action {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<Action["progress"]>(null);
  const [cancellable, setCancellable] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const running = useRef<AbortController | null>(null);

  const perform = useCallback<Action["perform"]>(async (label, work, options = {}) => {
    const controller = new AbortController();
    running.current = controller;
    setBusy(label);
    setProgress(null);
    if (!options.keepOutcome) setOutcome(null);
    try {
      const result = await work({
        signal: controller.signal,
        onPage: (done, total) => {
          setCancellable(true);
          if (!controller.signal.aborted) setProgress({ done, total });
        },
        relabel: setBusy,
      });
      if (result) setOutcome(result);
    } catch (error) {
      setOutcome(
        controller.signal.aborted && error instanceof AbortError
          ? { kind: "info", text: t("action.cancelled") }
          : { kind: "error", text: failureText(error) },
      );
    } finally {
      if (running.current === controller) running.current = null;
      setCancellable(false);
      setProgress(null);
      setBusy(null);
    }
  }, []);
  const cancel = useCallback(() => running.current?.abort(new AbortError()), []);

  return { busy, progress, cancellable, outcome, setOutcome, perform, cancel };
}
