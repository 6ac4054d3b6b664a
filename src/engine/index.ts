/**
 * The request engine's face for the add-in (dedupe, cache, pacing and paging between the faces and the client):
 * what the functions and the task pane use. Tests and the benchmark reach the modules they exercise directly.
 */
export { planPaging } from "../api/paging";
export { getSharedEngine } from "./shared";
export { DEFAULT_BASE_URL, HOSTED_BASE_URL } from "./key-value-store";
export type { Engine, LastGood, Preferences, QueryOptions, QueryResult, Settings, UsageSnapshot } from "./types";
