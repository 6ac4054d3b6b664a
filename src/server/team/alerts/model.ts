/**
 * What the team relay keeps of alerts (issue 30), in the team's store beside schedules: the alert as its member set
 * it (with its destinations' URLs and secrets, never shown back), its run status, the values its last run compared,
 * and the outbox of deliveries. Shapes only; the steps on them are TeamStore's (../team-store.ts).
 */
import type { AlertEvery, AlertRun, ReceiverFormat } from "../../../api/alerts";
import type { Locale } from "../../../i18n/locale";

export interface StoredDestination {
  /** Stable for this URL and secret: `keep` names it, deliveries point at it. */
  readonly id: string;
  /** `https://…` (or `http://` where MAD_ALERTS_ALLOW_PRIVATE=1), `mailto:…`. */
  readonly url: string;
  readonly format: ReceiverFormat;
  readonly secret?: string;
}

export interface StoredAlert {
  readonly id: string;
  readonly member: string;
  readonly name: string;
  readonly query: string;
  readonly when: string;
  readonly every: AlertEvery;
  readonly digest: boolean;
  readonly language: Locale;
  readonly muted: boolean;
  readonly destinations: readonly StoredDestination[];
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Of the query and `when`: a run of an older version never commits over a newer one, nor is compared with it. */
  readonly version: string;
}

export interface AlertStatus {
  readonly nextRunAt: number;
  readonly lastRun?: AlertRun;
  readonly lastFiredAt?: number;
}

/** What a run remembers of a row, for the next: the values the condition reads, and whether it held. */
export interface RowMemory {
  readonly values: Readonly<Record<string, number | null>>;
  readonly holds: boolean;
}

export interface AlertState {
  readonly version: string;
  readonly at: number;
  readonly rows: Readonly<Record<string, RowMemory>>;
}

/** One value that changed, for the message: the field as its header shows it, before → after. */
export interface FiredEntry {
  readonly field: string;
  /** The field's header label in the alert's language, when it has one. */
  readonly label?: string;
  readonly before: number | null;
  readonly after: number | null;
}

export interface FiredRow {
  readonly key: string;
  readonly change: "new" | "gone" | "row";
  readonly entries: readonly FiredEntry[];
}

/** What one run found to tell: the rows that fired (or, for a digest, every row that holds). */
export interface Firing {
  readonly id: string;
  readonly alertId: string;
  readonly at: number;
  readonly digest: boolean;
  readonly rows: readonly FiredRow[];
}

/** One firing to one destination: written to the outbox before anything is sent, removed once delivered. */
export interface Delivery {
  /** `<firing>.<destination>`: the idempotency key every attempt carries. */
  readonly id: string;
  readonly alertId: string;
  readonly destinationId: string;
  readonly firing: Firing;
  readonly createdAt: number;
  readonly attempts: number;
  readonly nextAt: number;
  readonly lastError?: string;
}

/** A delivery given up (refused by its receiver, or still failing after 24 hours): reported to admins. */
export interface FailedDelivery extends Delivery {
  readonly failedAt: number;
  readonly reason: string;
}

/** What a run commits in one step: its status, what it compared, and its deliveries. */
export interface AlertCommit {
  readonly id: string;
  readonly version: string;
  readonly dueAt: number;
  readonly owner: string;
  readonly status: AlertStatus;
  /** Absent: keep the values of the last run that read rows (this one read none: refused, failed). */
  readonly state?: AlertState;
  readonly deliveries: readonly Delivery[];
}

/** How a leased delivery ended. */
export type DeliverySettlement =
  | { readonly kind: "delivered" }
  | { readonly kind: "retry"; readonly delivery: Delivery }
  | { readonly kind: "failed"; readonly delivery: FailedDelivery }
  | { readonly kind: "dropped" };
