/**
 * Writing the settings and preferences a person keeps (the task pane's connection and reports tabs), apart from
 * reading them (./settings.ts): only the engine's on-demand chunk (./engine-pane.ts) writes, so the functions bundle
 * Excel loads at open carries none of it.
 */
import { ValidationError } from "../api/errors";
import { t } from "../i18n/cells";
import { PRODUCTION_BASE_URL, SETTINGS_KEYS, type KeyValueStore } from "./key-value-store";
import { normalizeBaseUrl, OFF } from "./settings";
import type { Preferences, Settings } from "./types";

/**
 * The store for what must be kept (settings, the secret): when a write is refused (storage full), room is made
 * with `free` (the page cache lets go of its pages) and the write tried once more. Cached pages are worth less than
 * a setting the person just entered.
 */
export function keepingFirst(store: KeyValueStore, free: () => Promise<void>): KeyValueStore {
  return {
    ...store,
    setItem: async (key, value) => {
      try {
        await store.setItem(key, value);
      } catch {
        await free();
        await store.setItem(key, value);
      }
    },
  };
}

/** Writes the preferences the patch names. */
export async function writePreferences(store: KeyValueStore, patch: Partial<Preferences>): Promise<void> {
  if (patch.lastGoodValues === true) await store.removeItem(SETTINGS_KEYS.lastGoodValues);
  if (patch.lastGoodValues === false) await store.setItem(SETTINGS_KEYS.lastGoodValues, OFF);
}

/** Writes what the patch names; null or empty removes the item (the base URL falls back to production). */
export async function writeStoredSettings(store: KeyValueStore, patch: Partial<Settings>): Promise<void> {
  if ("baseUrl" in patch) {
    const baseUrl = normalizeBaseUrl(patch.baseUrl);
    if (baseUrl === null) await store.removeItem(SETTINGS_KEYS.baseUrl);
    else {
      if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
        throw new ValidationError("baseUrl", "type", t("v.baseUrl", { example: PRODUCTION_BASE_URL }));
      }
      await store.setItem(SETTINGS_KEYS.baseUrl, baseUrl);
    }
  }
  if ("secret" in patch) {
    const secret = (patch.secret ?? "").trim();
    if (!secret) await store.removeItem(SETTINGS_KEYS.secret);
    else {
      // Refuse what no HTTP header can carry, without echoing the value.
      if (!/^[\x21-\x7e]+$/.test(secret)) {
        throw new ValidationError("secret", "type", t("v.secretCharacters"));
      }
      await store.setItem(SETTINGS_KEYS.secret, secret);
    }
  }
}
