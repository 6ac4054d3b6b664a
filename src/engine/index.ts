/**
 * The request engine's face for the add-in (dedupe, cache, pacing and paging between the faces and the client):
 * what the functions, the formula layer and the task pane use, the one way in from outside src/engine. Tests and the
 * benchmark reach the modules they exercise directly.
 */
export { getSharedEngine } from "./shared";
export { DEFAULT_BASE_URL, HOSTED_BASE_URL, SETTINGS_KEYS, detectStore, type KeyValueStore } from "./key-value-store";
export { getFormulaRegistry, type FormulaEntry, type FormulaRegistry } from "./formula-registry";
export type { Engine, LastGood, Preferences, QueryOptions, QueryResult, Settings, UsageSnapshot } from "./types";
