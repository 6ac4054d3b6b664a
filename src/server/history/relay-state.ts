/**
 * A single relay without Redis keeps its members' schedules and alerts in its embedded database
 * (`mad_relay_state`), so a restart finds them again: the memory store loads them at start and writes each change
 * through (../team/memory-store.ts). Only what members set is kept: schedules (with their next and last run) and
 * alerts' definitions; the cache, pacer and usage stay in memory, as the README says of a relay without Redis.
 */
import type { Schedule } from "../../relay-api/schedules";
import type { StoredAlert } from "../team/alerts/model";
import type { Database } from "./database";

type RelayStateKind = "schedule" | "alert";

export interface RelayState {
  save(kind: RelayStateKind, id: string, value: Schedule | StoredAlert): Promise<void>;
  delete(kind: RelayStateKind, id: string): Promise<void>;
  load(): Promise<{ schedules: Schedule[]; alerts: StoredAlert[] }>;
}

export function relayState(database: Database): RelayState {
  return {
    async save(kind, id, value) {
      await database.query(
        `INSERT INTO mad_relay_state (kind, id, value) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (kind, id) DO UPDATE SET value = excluded.value`,
        [kind, id, JSON.stringify(value)],
      );
    },
    async delete(kind, id) {
      await database.query("DELETE FROM mad_relay_state WHERE kind = $1 AND id = $2", [kind, id]);
    },
    async load() {
      const rows = await database.query<{ kind: RelayStateKind; value: unknown }>(
        "SELECT kind, value FROM mad_relay_state WHERE kind IN ('schedule', 'alert') ORDER BY kind, id",
      );
      return {
        schedules: rows.filter((r) => r.kind === "schedule").map((r) => r.value as Schedule),
        alerts: rows.filter((r) => r.kind === "alert").map((r) => r.value as StoredAlert),
      };
    },
  };
}
