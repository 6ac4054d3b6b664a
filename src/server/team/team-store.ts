/**
 * What the team relay keeps, and the atomic steps it takes on it. Two implementations hold the same behaviour:
 * Redis (`redis-store.ts`, Lua scripts, any number of replicas) and memory (`memory-store.ts`, one replica, the
 * default). The behaviour tests run against both.
 */

import type { Schedule } from "../../relay-api/schedules";
import type {
  AlertCommit,
  AlertState,
  AlertStatus,
  Delivery,
  DeliverySettlement,
  FailedDelivery,
  LeasedDelivery,
  OutboxCount,
  OutboxLeaseAsk,
  StoredAlert,
} from "./alerts/model";

type MemberRole = "member" | "admin";

export interface Member {
  readonly name: string;
  readonly role: MemberRole;
  /** Calls a month this member may cause; null = only the plan's budget applies. */
  readonly monthlyBudget: number | null;
  readonly createdAt: number;
}

/** A plan key as the pacer sees it: never the secret, only its name and fingerprint. */
export interface PacedKey {
  readonly name: string;
  /** A hash of the secret: key state (rate window, set aside) follows the secret, not the name. */
  readonly fingerprint: string;
  readonly perMinute: number;
  /** Calls a month; null = no budget of ours (the service's quota still applies). */
  readonly monthlyBudget: number | null;
}

/** A cached (or shared) answer of the service: its status and JSON text. */
export interface StoredAnswer {
  readonly status: number;
  readonly text: string;
  readonly retryAfter?: string;
  readonly fetchedAt: number;
  readonly expiresAt: number;
}

/** What `flightJoin` found: an answer to serve, the claim of the call, or another owner's flight to wait for. */
export type FlightStep =
  | { readonly answer: StoredAnswer; readonly source: "hit" | "shared" }
  | { readonly claimed: true }
  | { readonly busy: true };

export type Refusal = "member-budget" | "plan-budget" | "no-key";
export type Decision = { readonly granted: string } | { readonly refused: Refusal };

export interface QueuedTicket {
  readonly ticket: string;
  readonly member: string;
  /** The member's monthly budget at the time of asking; null = none. */
  readonly memberBudget: number | null;
  /** Past this time (ms) the ticket is dropped from the queue. */
  readonly deadline: number;
}

export interface PumpInput {
  readonly now: number;
  /** yyyyMM (UTC) of `now`: budgets and usage are counted per month. */
  readonly month: string;
  readonly windowMs: number;
  /**
   * The longest a granted call can take to reach the service (the upstream timeout and room to send it). A grant's
   * slot counts from grant + holdMs until `callEnded` says when the call really ended: a slow machine between the
   * grant and the send, or a slow call, never lets the next grant in while the service still counts this one.
   */
  readonly holdMs: number;
  readonly keys: readonly PacedKey[];
  /** Tickets of this replica whose decision it wants back (granted or refused, by this pump or an earlier one). */
  readonly mine: readonly string[];
}

export interface PumpResult {
  readonly decisions: ReadonlyMap<string, Decision>;
  /** When a key's window next has room, if tickets still wait; null = nothing to wait for. */
  readonly nextAt: number | null;
}

export type UsageField = "calls" | "cacheHits" | "refusals";

export interface UsageRow {
  readonly member: string;
  readonly operation: string;
  readonly calls: number;
  readonly cacheHits: number;
  readonly refusals: number;
}

/** A key the service refused: not used until `until` (null = until its secret changes in the keys file). */
export interface KeyAside {
  readonly key: string;
  readonly fingerprint: string;
  readonly code: string;
  readonly at: number;
  readonly until: number | null;
}

export interface Spent {
  readonly keys: Readonly<Record<string, number>>;
  readonly members: Readonly<Record<string, number>>;
}

export type StoreEvent = { readonly kind: "queue" } | { readonly kind: "flight"; readonly key: string };

export interface TeamStore {
  readonly kind: "redis" | "memory";
  /** Where the state lives, for logs and /readyz (never a password). */
  readonly describe: string;
  ping(): Promise<void>;

  addMember(member: Member, tokenHash: string): Promise<boolean>;
  revokeMember(name: string): Promise<boolean>;
  memberByToken(tokenHash: string): Promise<Member | undefined>;
  members(): Promise<Member[]>;

  cacheGet(key: string, now: number): Promise<StoredAnswer | undefined>;
  cacheSet(key: string, answer: StoredAnswer): Promise<void>;
  /**
   * One atomic step of the single flight for `key` across replicas: the cached answer, else the answer a finished
   * flight shared, else the claim of the one call for `owner` (a lease of `leaseMs`, kept by `flightRenew` while the
   * call runs), else busy: another owner holds a lease. Checking and claiming in one step is what keeps a request
   * that just missed the cache from calling again after the owner wrote it and let go.
   */
  flightJoin(key: string, owner: string, now: number, leaseMs: number): Promise<FlightStep>;
  /** Extends `owner`'s lease; false = it lapsed (another replica may have taken the flight over). */
  flightRenew(key: string, owner: string, now: number, leaseMs: number): Promise<boolean>;
  /** Ends the flight; `shared` is an answer (not cacheable) the joiners of this flight get instead of calling. */
  flightRelease(key: string, owner: string, shared?: StoredAnswer): Promise<void>;

  enqueue(ticket: QueuedTicket): Promise<void>;
  /** Grants waiting tickets in fair turn while a key has room; refuses those no key can serve. */
  pump(input: PumpInput): Promise<PumpResult>;
  /**
   * The call granted to `ticket` on the key with this fingerprint ended at `at`: its slot in the key's window counts
   * from then (the service surely had it by then), instead of from the grant plus `PumpInput.holdMs`.
   */
  callEnded(fingerprint: string, ticket: string, at: number): Promise<void>;
  /** Takes a waiting ticket out; returns its decision if it was already decided. */
  cancel(ticket: string): Promise<Decision | undefined>;

  count(month: string, member: string, operation: string, field: UsageField): Promise<void>;
  usage(month: string): Promise<UsageRow[]>;
  spent(month: string): Promise<Spent>;
  setAside(entry: KeyAside): Promise<void>;
  keysAside(): Promise<KeyAside[]>;

  /** Adds or replaces a scheduled refresh (by its id). */
  scheduleSave(schedule: Schedule): Promise<void>;
  scheduleDelete(id: string): Promise<boolean>;
  schedules(): Promise<Schedule[]>;
  /** Claims the run of schedule `id` due at `dueAt` (one replica runs it) until `now + ttlMs`; false = another has it. */
  scheduleClaim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): Promise<boolean>;
  /** Lets go of `owner`'s claim on that run (it failed before its end): the next tick, on any replica, runs it again. */
  scheduleRelease(id: string, dueAt: number, owner: string): Promise<void>;

  /**
   * Adds or replaces an alert: "taken" when the id is another member's, "limit" when a new one would pass the
   * member's `maxPerMember`. `status` replaces the run status (null keeps it); `resetState` forgets what its runs
   * compared (its query or condition changed).
   */
  alertSave(
    alert: StoredAlert,
    status: AlertStatus | null,
    resetState: boolean,
    maxPerMember: number,
  ): Promise<"saved" | "taken" | "limit">;
  /** Removes an alert, its status, what it compared and its deliveries (pending and given up). */
  alertDelete(id: string): Promise<boolean>;
  alerts(): Promise<StoredAlert[]>;
  /** One member's alerts: a member's list reads no one else's. */
  alertsOf(member: string): Promise<StoredAlert[]>;
  alertStatuses(): Promise<Record<string, AlertStatus>>;
  alertState(id: string): Promise<AlertState | undefined>;
  /**
   * Claims (or, for the same owner, extends) the run of alert `id` due at `dueAt` until `now + ttlMs`; false =
   * another replica holds it. A claim that lapsed (its replica stopped) can be taken: the run is not lost.
   */
  alertClaim(id: string, dueAt: number, owner: string, now: number, ttlMs: number): Promise<boolean>;
  /**
   * One step: if `owner` still holds the run's claim and the alert is still at `version`, writes its status, what
   * it compared, its firing (once) and its deliveries to the outbox; a digest first replaces those of the same alert
   * and destination still pending; then the member's oldest deliveries are dropped while their outbox is past
   * `limits` (counted per alert). False = nothing written (another replica runs it, or it changed).
   */
  alertCommit(commit: AlertCommit): Promise<boolean>;
  /**
   * Leases the deliveries `ask` names to its owner: no other replica gets them meanwhile. Each comes with its firing.
   * Also forgets given-up deliveries older than FAILED_KEEP_MS.
   */
  outboxLease(ask: OutboxLeaseAsk): Promise<LeasedDelivery[]>;
  /** Ends `owner`'s lease on a delivery as it went; false = the lease had lapsed (nothing written). */
  outboxSettle(id: string, owner: string, now: number, settlement: DeliverySettlement): Promise<boolean>;
  /** Every delivery waiting (without its firing): bounded by the members' outboxes. */
  outbox(): Promise<Delivery[]>;
  /** Each alert's deliveries waiting and dropped, counted: a member's list reads no other outbox. */
  outboxCounts(alertIds: readonly string[]): Promise<Record<string, OutboxCount>>;
  /** The newest deliveries given up (at most MAX_FAILED, for FAILED_KEEP_MS), oldest first. */
  outboxFailed(): Promise<FailedDelivery[]>;
  /**
   * Whether `member` may mail `recipient` (a hash of the address) on `day` (yyyy-MM-dd, UTC): already mailed that
   * day, or one of their first `max` distinct recipients of it (then counted).
   */
  mailRecipient(member: string, day: string, recipient: string, max: number): Promise<boolean>;

  /** Another replica (or this one) changed the queue or ended a flight. */
  subscribe(listener: (event: StoreEvent) => void): () => void;
  close(): Promise<void>;
}

/** yyyyMM (UTC) of a time. */
export function monthOf(time: number): string {
  const d = new Date(time);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** Whether a set-aside entry still holds at `now` for this fingerprint. */
export const isAside = (entry: KeyAside | undefined, now: number): boolean =>
  entry !== undefined && (entry.until === null || entry.until > now);

export function decisionFrom(text: string | null | undefined): Decision | undefined {
  if (!text) return undefined;
  if (text.startsWith("G:")) return { granted: text.slice(2) };
  const refused = text.slice(2);
  return refused === "member-budget" || refused === "plan-budget" || refused === "no-key" ? { refused } : undefined;
}
