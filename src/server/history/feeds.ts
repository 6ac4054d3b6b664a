/**
 * Feeds: a schedule's history for tools that cannot send a header (Power Query's From Web, Google Sheets'
 * IMPORTDATA, Power BI, Feishu), read at `/v1/feeds/{feedId}/history.csv?key=KEY` without a member's token. A key
 * is 32 random bytes (base64url), shown once when the feed is made; only its SHA-256 is kept (a fast hash is
 * enough for a random key: there is nothing to guess from it) and a key read is compared with it in constant time.
 * An unknown feed and a wrong key answer the same (no oracle of which feeds exist). Every read asks the shared
 * database, so a revoked feed stops at once on every replica. A key reads one schedule's history, nothing else.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "./database";

/** Feeds one schedule may have at a time. */
export const MAX_FEEDS_PER_SCHEDULE = 20;
const FEED_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** What a key looks like (32 bytes in base64url); anything else is no key. */
const FEED_KEY = /^[A-Za-z0-9_-]{43}$/;

export interface NewFeed {
  readonly id: string;
  /** The key, shown this once. */
  readonly token: string;
}

/** A feed as its schedule's owner sees it (ms since the epoch, as schedules' times are). */
export interface FeedInfo {
  readonly id: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

const keyHash = (key: string): Buffer => createHash("sha256").update(key).digest();
/** Compared against when the feed is unknown, so an unknown feed costs what a wrong key does. */
const NO_FEED_HASH = keyHash("no such feed").toString("hex");

/** Makes a feed of a schedule; undefined when it has MAX_FEEDS_PER_SCHEDULE already. */
export async function createFeed(
  db: Queryable,
  scheduleId: string,
  member: string,
  now: number,
): Promise<NewFeed | undefined> {
  const id = randomBytes(16).toString("base64url");
  const token = randomBytes(32).toString("base64url");
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO mad_feeds (id, schedule_id, token_hash, member, created_at)
     SELECT $1, $2, $3, $4, $5
     WHERE (SELECT count(*) FROM mad_feeds WHERE schedule_id = $2) < $6
     RETURNING id`,
    [id, scheduleId, keyHash(token).toString("hex"), member, new Date(now).toISOString(), MAX_FEEDS_PER_SCHEDULE],
  );
  return inserted.length ? { id, token } : undefined;
}

export async function listFeeds(db: Queryable, scheduleId: string): Promise<FeedInfo[]> {
  const rows = await db.query<{ id: string; created_ms: string | number; used_ms: string | number | null }>(
    `SELECT id, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms,
            (extract(epoch FROM last_used_at) * 1000)::bigint AS used_ms
     FROM mad_feeds WHERE schedule_id = $1 ORDER BY created_at, id`,
    [scheduleId],
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: Number(r.created_ms),
    lastUsedAt: r.used_ms === null ? null : Number(r.used_ms),
  }));
}

/** Revokes a feed of a schedule; false when the schedule has no such feed. */
export async function revokeFeed(db: Queryable, scheduleId: string, feedId: string): Promise<boolean> {
  const removed = await db.query(`DELETE FROM mad_feeds WHERE id = $1 AND schedule_id = $2 RETURNING id`, [
    feedId,
    scheduleId,
  ]);
  return removed.length > 0;
}

/**
 * The schedule a feed's key reads, its use noted; undefined for an unknown feed, a malformed or wrong key (the
 * caller answers all alike).
 */
export async function feedSchedule(
  db: Queryable,
  feedId: string,
  key: string | undefined,
  now: number,
): Promise<string | undefined> {
  const known =
    FEED_ID.test(feedId) && key !== undefined && FEED_KEY.test(key)
      ? await db.query<{ schedule_id: string; token_hash: string }>(
          "SELECT schedule_id, token_hash FROM mad_feeds WHERE id = $1",
          [feedId],
        )
      : [];
  const stored = Buffer.from(known[0]?.token_hash ?? NO_FEED_HASH, "hex");
  const given = keyHash(key ?? "");
  const matches = stored.length === given.length && timingSafeEqual(stored, given) && known.length === 1;
  if (!matches) return undefined;
  await db.query("UPDATE mad_feeds SET last_used_at = $2 WHERE id = $1", [feedId, new Date(now).toISOString()]);
  return known[0].schedule_id;
}
