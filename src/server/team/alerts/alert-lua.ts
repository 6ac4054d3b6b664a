/**
 * The alert steps of the Redis store, as Lua scripts (each runs alone on the server, so two replicas never both
 * claim a run or lease a delivery). They mirror ./memory-alert-store.ts step for step. Claims and leases hold the
 * time they end as the caller's clock says (`"<until> <owner>"`), not as a Redis TTL: the relay's clock is the
 * injected one (tests drive it), and a lapsed claim is taken over by that clock. The keys also carry a long TTL,
 * only to clean up.
 *
 * Layout under the prefix P:
 *   P alerts (hash id -> alert JSON)     P alerts:m:<member> (set of ids)   P alertstatus (hash id -> status JSON)
 *   P alertstate:<id> (values compared)  P alertclaim:<id>:<dueAt> ("<until> <owner>")
 *   P outbox (zset id -> when due)       P outbox:d:<id> (delivery JSON)    P outbox:l (hash id -> "<until> <owner>")
 *   P outbox:failed (hash id -> failed delivery JSON, for admins)
 */

/** Reads a "<until> <owner>" value: until (number), owner. */
const HOLDER = `
local function holder(v)
  if not v then return nil, nil end
  local space = string.find(v, ' ')
  return tonumber(string.sub(v, 1, space - 1)), string.sub(v, space + 1)
end`;

/** How long a claim's key is kept once written, only to clean up (real time). */
export const CLAIM_KEEP_MS = 2 * 86_400_000;

/** ARGV: prefix, id, member, alert JSON, status JSON or '', reset '1'/'0', max per member. */
export const ALERT_SAVE = `
local P, id, member, json, status, reset, max = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], tonumber(ARGV[7])
local old = redis.call('HGET', P .. 'alerts', id)
if old then
  if cjson.decode(old)['member'] ~= member then return 'taken' end
elseif redis.call('SCARD', P .. 'alerts:m:' .. member) >= max then
  return 'limit'
end
redis.call('HSET', P .. 'alerts', id, json)
redis.call('SADD', P .. 'alerts:m:' .. member, id)
if status ~= '' then redis.call('HSET', P .. 'alertstatus', id, status) end
if reset == '1' then redis.call('DEL', P .. 'alertstate:' .. id) end
return 'saved'`;

export const ALERT_DELETE = `
local P, id = ARGV[1], ARGV[2]
local json = redis.call('HGET', P .. 'alerts', id)
if not json then return 0 end
redis.call('SREM', P .. 'alerts:m:' .. cjson.decode(json)['member'], id)
redis.call('HDEL', P .. 'alerts', id)
redis.call('HDEL', P .. 'alertstatus', id)
redis.call('DEL', P .. 'alertstate:' .. id)
return 1`;

/** ARGV: prefix, id, dueAt, owner, now, ttlMs, keepMs. */
export const ALERT_CLAIM = `${HOLDER}
local P, id, dueAt, owner, now, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local key = P .. 'alertclaim:' .. id .. ':' .. dueAt
local until_, who = holder(redis.call('GET', key))
if who and who ~= owner and until_ > now then return 0 end
redis.call('SET', key, string.format('%.0f', now + ttl) .. ' ' .. owner, 'PX', ARGV[7])
return 1`;

/** ARGV: prefix, id, version, dueAt, owner, status JSON, state JSON or '', n, n x (delivery id, due, JSON). */
export const ALERT_COMMIT = `${HOLDER}
local P, id, version, dueAt, owner = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local _, who = holder(redis.call('GET', P .. 'alertclaim:' .. id .. ':' .. dueAt))
if who ~= owner then return 0 end
local json = redis.call('HGET', P .. 'alerts', id)
if not json or cjson.decode(json)['version'] ~= version then return 0 end
redis.call('HSET', P .. 'alertstatus', id, ARGV[6])
if ARGV[7] ~= '' then redis.call('SET', P .. 'alertstate:' .. id, ARGV[7]) end
for i = 1, tonumber(ARGV[8]) do
  local b = 8 + (i - 1) * 3
  redis.call('SET', P .. 'outbox:d:' .. ARGV[b + 1], ARGV[b + 3])
  redis.call('ZADD', P .. 'outbox', ARGV[b + 2], ARGV[b + 1])
end
return 1`;

/** ARGV: prefix, now, owner, leaseMs, limit, anyTime '1'/'0'. Returns the leased deliveries' JSON. */
export const OUTBOX_LEASE = `${HOLDER}
local P, now, owner, lease, limit = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
local max = ARGV[2]
if ARGV[6] == '1' then max = '+inf' end
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', P .. 'outbox', '-inf', max, 'LIMIT', 0, 1000)) do
  if #out >= limit then break end
  local until_ = holder(redis.call('HGET', P .. 'outbox:l', id))
  if not until_ or until_ <= now then
    local json = redis.call('GET', P .. 'outbox:d:' .. id)
    if json then
      redis.call('HSET', P .. 'outbox:l', id, string.format('%.0f', now + lease) .. ' ' .. owner)
      table.insert(out, json)
    else
      redis.call('ZREM', P .. 'outbox', id)
      redis.call('HDEL', P .. 'outbox:l', id)
    end
  end
end
return out`;

/** ARGV: prefix, id, owner, now, kind (delivered|dropped|retry|failed), JSON, due. */
export const OUTBOX_SETTLE = `${HOLDER}
local P, id, owner, now, kind = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
local until_, who = holder(redis.call('HGET', P .. 'outbox:l', id))
if who ~= owner or until_ <= now then return 0 end
redis.call('HDEL', P .. 'outbox:l', id)
if kind == 'retry' then
  redis.call('SET', P .. 'outbox:d:' .. id, ARGV[6])
  redis.call('ZADD', P .. 'outbox', ARGV[7], id)
  return 1
end
if kind == 'failed' then redis.call('HSET', P .. 'outbox:failed', id, ARGV[6]) end
redis.call('ZREM', P .. 'outbox', id)
redis.call('DEL', P .. 'outbox:d:' .. id)
return 1`;
