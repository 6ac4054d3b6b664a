/**
 * The settings a query runs with, read from the store: a storm of queries started together reads it once, bounded
 * by the query's total time (runtime storage that stops answering must not hold every cell at #BUSY!), and the
 * pacing of the last minute before a restart is restored before the first send. Stored per-minute and cache-time
 * settings apply unless the engine was given its own. The account a secret belongs to is computed once per secret.
 */
import { CLEARED, type Clock } from "../lib/clock";
import { TimeoutError } from "../api/errors";
import { MissingSecretError } from "./errors";
import { accountId } from "./keys";
import { restorePacing } from "./minute-limit";
import { NO_CAP, type PageCache } from "./page-cache";
import type { Pacer } from "./pacer";
import { readStoredSettings, type StoredSettings } from "./settings";
import type { EngineOptions } from "./types";

const HOUR_MS = 60 * 60 * 1000;

export interface SettingsReader {
  current(): Promise<StoredSettings>;
  accountOf(settings: { baseUrl: string; secret: string }): Promise<string>;
  /** A new secret or sign-out: the account is computed again. */
  forgetAccount(): void;
}

/** The settings, or MissingSecretError when there is no secret to send with. */
export function withSecret(settings: StoredSettings): StoredSettings & { secret: string } {
  if (!settings.secret) throw new MissingSecretError();
  return settings as StoredSettings & { secret: string };
}

export function settingsReader(
  options: Pick<EngineOptions, "store" | "perMinute" | "cacheTtlMs">,
  defaults: { perMinute: number; totalTimeoutMs: number },
  clock: Clock,
  pacer: Pacer,
  cache: PageCache,
): SettingsReader {
  const { store } = options;
  /** Read once, before the first send: the sends of the last minute before a restart still count. */
  let pacingRestored: Promise<void> | null = null;
  let settingsRead: Promise<StoredSettings> | null = null;
  let lastAccount: { baseUrl: string; secret: string; id: Promise<string> } | null = null;

  const boundedRead = (): Promise<StoredSettings> => {
    const stop = new AbortController();
    const expired = clock.sleep(defaults.totalTimeoutMs, stop.signal).then(() => {
      throw new TimeoutError("total", defaults.totalTimeoutMs);
    });
    expired.catch(() => undefined);
    return Promise.race([readStoredSettings(store), expired]).finally(() => stop.abort(CLEARED));
  };

  return {
    current() {
      pacingRestored ??= restorePacing(store, pacer);
      settingsRead ??= Promise.all([boundedRead(), pacingRestored])
        .then(([settings]) => settings)
        .then(
          (settings) => {
            settingsRead = null;
            if (options.perMinute === undefined) pacer.setPerMinute(settings.perMinute ?? defaults.perMinute);
            if (options.cacheTtlMs === undefined)
              cache.capMs = settings.cacheTtlHours !== null ? settings.cacheTtlHours * HOUR_MS : NO_CAP;
            return settings;
          },
          (error: unknown) => {
            settingsRead = null;
            throw error;
          },
        );
      return settingsRead;
    },
    accountOf(settings) {
      if (!lastAccount || lastAccount.baseUrl !== settings.baseUrl || lastAccount.secret !== settings.secret) {
        lastAccount = {
          baseUrl: settings.baseUrl,
          secret: settings.secret,
          id: accountId(settings.baseUrl, settings.secret),
        };
      }
      return lastAccount.id;
    },
    forgetAccount() {
      lastAccount = null;
    },
  };
}
