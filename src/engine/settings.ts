/**
 * Settings in the key-value store. The secret lives only under `mad.secret` (OfficeRuntime.storage: per add-in,
 * outside the workbook file), never in a cell, a document setting or a cache item.
 */
import { DEFAULT_BASE_URL, SETTINGS_KEYS, type KeyValueStore } from "./key-value-store";
import type { Settings } from "./types";

/** Settings plus the optional tuning the store may hold. */
export interface StoredSettings extends Settings {
  cacheTtlHours: number | null;
  perMinute: number | null;
  /** false only when a person turned last good answers off (`mad.lastGoodValues` = "off"). */
  lastGoodValues: boolean;
}

/** How `mad.lastGoodValues` is stored: "off" turns it off; anything else (or nothing) leaves it on. */
export const OFF = "off";

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

/** Trailing slashes and a trailing /v1 are dropped; empty means unset. */
export function normalizeBaseUrl(text: string | null | undefined): string | null {
  const trimmed = (text ?? "").trim().replace(/\/+$/, "").replace(/\/v1$/i, "");
  return trimmed ? trimmed : null;
}
