/**
 * The rows of an alert's query: the relay's one page loop (../query-rows.ts), which scheduled refreshes read too.
 */
import type { Clock } from "../../../lib/clock";
import { fetchRows as readRows, type Fetched } from "../query-rows";
import type { SharedCaller } from "../shared-call";
import type { Member } from "../team-store";
import type { CompiledQuery } from "./query";

export type { Fetched } from "../query-rows";

export const fetchRows = (shared: SharedCaller, member: Member, query: CompiledQuery, clock: Clock): Promise<Fetched> =>
  readRows(shared, member, query, clock, "alert");
