/**
 * Settings in the key-value store. The secret lives only under `mad.secret` (OfficeRuntime.storage: per add-in,
 * outside the workbook file), never in a cell, a document setting or a cache item.
 */
import { ValidationError } from "../api/errors";
import { t } from "../i18n/cells";
import { DEFAULT_BASE_URL, PRODUCTION_BASE_URL, SETTINGS_KEYS, type KeyValueStore } from "./key-value-store";
import type { Preferences, Settings } from "./types";

/** Settings plus the optional tuning the store may hold. */
export interface StoredSettings extends Settings {
  cacheTtlHours: number | null;
  perMinute: number | null;
  /** false only when a person turned last good answers off (`mad.lastGoodValues` = "off"). */
  lastGoodValues: boolean;
}

/** How `mad.lastGoodValues` is stored: "off" turns it off; anything else (or nothing) leaves it on. */
const OFF = "off";

function positiveNumber(text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export async function readStoredSettings(store: KeyValueStore): Promise<StoredSettings> {
  const [baseUrl, secret, ttl, perMinute, lastGood] = await Promise.all([
    store.getItem(SETTINGS_KEYS.baseUrl),
    store.getItem(SETTINGS_KEYS.secret),
    store.getItem(SETTINGS_KEYS.cacheTtlHours),
    store.getItem(SETTINGS_KEYS.perMinute),
    store.getItem(SETTINGS_KEYS.lastGoodValues),
  ]);
  const cleanSecret = secret?.trim() ?? "";
  return {
    baseUrl: normalizeBaseUrl(baseUrl) ?? DEFAULT_BASE_URL,
    secret: cleanSecret ? cleanSecret : null,
    cacheTtlHours: positiveNumber(ttl),
    perMinute: positiveNumber(perMinute),
    lastGoodValues: lastGood?.trim().toLowerCase() !== OFF,
  };
}

/** Writes the preferences the patch names. */
export async function writePreferences(store: KeyValueStore, patch: Partial<Preferences>): Promise<void> {
  if (patch.lastGoodValues === true) await store.removeItem(SETTINGS_KEYS.lastGoodValues);
  if (patch.lastGoodValues === false) await store.setItem(SETTINGS_KEYS.lastGoodValues, OFF);
}

/** Trailing slashes and a trailing /v1 are dropped; empty means unset. */
function normalizeBaseUrl(text: string | null | undefined): string | null {
  const trimmed = (text ?? "").trim().replace(/\/+$/, "").replace(/\/v1$/i, "");
  return trimmed ? trimmed : null;
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
