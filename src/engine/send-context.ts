/**
 * What one send of the engine (./send.ts) is made with, in a module of its own so the per-minute wait
 * (./minute-retry.ts, loaded on demand by ./send.ts) reads these types without importing its loader.
 */
import type { OperationCode } from "../api/catalog";
import type { Clock } from "../lib/clock";
import type { AccountGate } from "./account-gate";
import type { RequestClient } from "./metered-client";
import type { Pacer } from "./pacer";
import type { StoredSettings } from "./settings";

/** Who sends and what: the operation, with whose settings, for which account. */
export interface SendContext {
  readonly code: OperationCode;
  readonly settings: StoredSettings & { secret: string };
  readonly account: string;
}

export interface SendParts {
  clock: Clock;
  totalTimeoutMs: number;
  pacer: Pacer;
  gate: AccountGate;
  requestClient: RequestClient;
}
