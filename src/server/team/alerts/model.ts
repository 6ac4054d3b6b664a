/**
 * What the team relay keeps of alerts (issue 30), in the team's store beside schedules: the alert as its member set
 * it (with its destinations' URLs and secrets, never shown back), its run status, the values its last run compared,
 * and the outbox: firings, each stored once, and the deliveries that refer to them. Shapes only; the steps on them
 * are TeamStore's (../team-store.ts).
 */
import type { AlertEvery, AlertRun, ReceiverFormat } from "../../../relay-api/alerts";
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
  /**
   * The member's `createdAt` when they saved it: an alert of a member revoked and added again since (by another
   * process, in a members file) is the former member's, and goes. Absent on alerts saved before it was kept.
   */
  readonly memberSince?: number;
  readonly name: string;
  readonly query: string;
  readonly when: string;
  readonly every: AlertEvery;
  readonly digest: boolean;
  readonly language: Locale;
  readonly muted: boolean;
  /** The member's time zone, its messages' times worded in it (absent: UTC; instants are UTC either way). */
  readonly timeZone?: string;
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
  /** "first": the alert's first run, which has nothing to compare with (the row meets the condition now). */
  readonly change: "new" | "gone" | "row" | "first";
  readonly entries: readonly FiredEntry[];
}

/** What one run found to tell: the rows that fired (or, for a digest, every row that holds). Stored once a firing. */
export interface Firing {
  readonly id: string;
  readonly alertId: string;
  readonly at: number;
  readonly digest: boolean;
  readonly rows: readonly FiredRow[];
}

/**
 * One firing to one destination: written to the outbox before anything is sent, removed once delivered. It refers
 * to its firing (stored once for all of the alert's destinations) and counts against its member's bound.
 */
export interface Delivery {
  /** `<firing>.<destination>`: the idempotency key every attempt carries. */
  readonly id: string;
  readonly alertId: string;
  /** Whose outbox it counts in (MAD_ALERTS_MAX_PENDING). */
  readonly member: string;
  readonly destinationId: string;
  readonly firingId: string;
  readonly createdAt: number;
  readonly attempts: number;
  readonly nextAt: number;
  readonly lastError?: string;
}

/**
 * What a replica asks of the outbox: up to `limit` deliveries due at `now` (any, with `anyTime`; the ids `only`, due
 * or not: an operator's "try now"), leased to `owner` until `now + leaseMs`.
 */
export interface OutboxLeaseAsk {
  readonly now: number;
  readonly owner: string;
  readonly leaseMs: number;
  readonly limit: number;
  readonly anyTime: boolean;
  readonly only?: readonly string[];
}

/** A delivery as a lease hands it out: with its firing read by id. */
export interface LeasedDelivery extends Delivery {
  readonly firing: Firing;
}

/** A delivery given up (refused by its receiver, or still failing after 24 hours): reported to admins. */
export interface FailedDelivery extends Delivery {
  readonly failedAt: number;
  readonly reason: string;
  /** The rows its firing held (the firing itself is not kept for it). */
  readonly rows: number;
}

/** Deliveries given up are kept for admins this long, and at most this many (the newest). */
export const FAILED_KEEP_MS = 7 * 86_400_000;
export const MAX_FAILED = 200;

/** A member's outbox is bounded: past either bound, their oldest deliveries are dropped (and counted per alert). */
export interface OutboxLimits {
  /** Deliveries pending (MAD_ALERTS_MAX_PENDING, default 200). */
  readonly maxPending: number;
  /** Bytes of the firings they refer to. */
  readonly maxBytes: number;
}

export const DEFAULT_MAX_PENDING = 200;
export const DEFAULT_MAX_PENDING_BYTES = 4_000_000;

/** An alert's deliveries waiting, and those dropped because its member's outbox was full. */
export interface OutboxCount {
  readonly pending: number;
  readonly dropped: number;
}

/** What a run commits in one step: its status, what it compared, its firing and its deliveries. */
export interface AlertCommit {
  readonly id: string;
  readonly version: string;
  readonly dueAt: number;
  readonly owner: string;
  readonly now: number;
  /** The alert's member: whose outbox the deliveries count in. */
  readonly member: string;
  readonly status: AlertStatus;
  /** Absent: keep the values of the last run that read rows (this one read none: refused, failed). */
  readonly state?: AlertState;
  /** Stored once; each delivery refers to it. A newer digest replaces one still pending for the same destination. */
  readonly firing?: Firing;
  readonly deliveries: readonly Delivery[];
  readonly limits: OutboxLimits;
}

/** How a leased delivery ended. */
export type DeliverySettlement =
  | { readonly kind: "delivered" }
  | { readonly kind: "retry"; readonly delivery: Delivery }
  | { readonly kind: "failed"; readonly delivery: FailedDelivery }
  | { readonly kind: "dropped" };
