/** What the pane's components work with, handed in once at the entry (tests and the preview pass their own). */
import { createContext, useContext, useEffect, useState } from "react";
import type { Engine, UsageSnapshot, FormulaRegistry } from "../../engine";
import type { Clock } from "../../lib/clock";
import type { HostAdapter } from "../host/host-adapter";
import { currentLocale, onLocaleChange, t, type Locale } from "../../i18n";
import type { LanguageSettings } from "./language";

export interface PaneServices {
  readonly host: HostAdapter;
  readonly engine: Engine;
  readonly registry: FormulaRegistry;
  /** The one clock of the pane: date pickers and validation read it, the calls meter times its reads on it. */
  readonly clock: Clock;
  /** Running in the preview page (not Excel). */
  readonly preview: boolean;
  /** The add-in's language: Office's, the person's choice, and the switch (./language.ts). */
  readonly language: LanguageSettings;
}

const ServicesContext = createContext<PaneServices | null>(null);
export const ServicesProvider = ServicesContext.Provider;

export function useServices(): PaneServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("The task pane's services are not provided");
  return services;
}

/** The engine's usage counters, live. */
export function useUsage(engine: Engine): UsageSnapshot {
  const [usage, setUsage] = useState(() => engine.usage());
  useEffect(() => {
    setUsage(engine.usage());
    return engine.onUsage(setUsage);
  }, [engine]);
  return usage;
}

/**
 * The active language, re-rendering on a switch: the shell uses it, so every component below re-renders and
 * reads its words (`t`) again; models that cache words key them by it.
 */
export function useLocale(): Locale {
  const [locale, setLocale] = useState(currentLocale);
  useEffect(() => {
    setLocale(currentLocale());
    return onLocaleChange(setLocale);
  }, []);
  return locale;
}

/** Plain words for any failure (MadErrors carry advice on what to do). */
export function failureText(error: unknown): string {
  if (
    error &&
    typeof error === "object" &&
    "advice" in error &&
    typeof (error as { advice: unknown }).advice === "string"
  ) {
    const e = error as { message: string; advice: string };
    return e.advice && !e.message.includes(e.advice)
      ? t("pane.failure", { what: e.message, todo: e.advice })
      : e.message;
  }
  return error instanceof Error ? error.message : String(error);
}
