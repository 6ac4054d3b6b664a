/**
 * The alert steps of the Redis store, as Lua scripts (each runs alone on the server, so two replicas never both
 * claim a run or lease a delivery). They mirror ./memory-alert-store.ts step for step. Claims and leases hold the
 * time they end as the caller's clock says (`"<until> <owner>"`), not as a Redis TTL: the relay's clock is the
 * injected one (tests drive it), and a lapsed claim is taken over by that clock. The keys also carry a long TTL,
 * only to clean up. No script returns or walks the whole outbox: a lease returns ids (./redis-alert-store.ts reads
 * those deliveries and their firings after), and every loop is bounded by a member's outbox or the given-up list.
 *
 * Layout under the prefix P:
 *   P alerts (hash id -> alert JSON)     P alerts:m:<member> (set of ids)   P alertstatus (hash id -> status JSON)
 *   P alertstate:<id> (values compared)  P alertclaim:<id>:<dueAt> ("<until> <owner>")
 *   P firing:<firing id> (firing JSON, stored once)   P firing:n (hash firing id -> deliveries referring to it)
 *   P outbox (zset id -> when due; while leased, when the lease ends)   P outbox:d:<id> (delivery JSON)
 *   P outbox:l (hash id -> "<until> <owner>")   P outbox:a:<alert> (set of its delivery ids)
 *   P outbox:m:<member> (zset delivery id -> order of arrival)   P outbox:mb (hash member -> bytes of their firings)
 *   P outbox:seq (the order of arrival)   P outbox:drop (hash alert -> deliveries dropped, its member's outbox full)
 *   P outbox:f (hash id -> given-up delivery JSON, for admins)   P outbox:fz (zset id -> when given up)
 *   P outbox:sup (set of deliveries a newer digest replaced while they were being sent: not retried)
 *   P mailto:<member>:<day> (set of recipients' hashes mailed that day)
 */

/** Reads a "<until> <owner>" value: until (number), owner. */
const HOLDER = `
local function holder(v)
  if not v then return nil, nil end
  local space = string.find(v, ' ')
  return tonumber(string.sub(v, 1, space - 1)), string.sub(v, space + 1)
end`;

/**
 * The outbox's shared steps: a firing let go by its last delivery, a delivery removed with everything that refers
 * to it, given-up deliveries of an alert forgotten, an alert deleted with its outbox, and a member's alerts and
 * outbox forgotten (revoked). ../lua.ts's REVOKE_MEMBER includes it.
 */
export const OUTBOX_LIB = `${HOLDER}
local function unref_firing(P, fid, member)
  if not fid then return end
  if redis.call('HINCRBY', P .. 'firing:n', fid, -1) > 0 then return end
  local json = redis.call('GET', P .. 'firing:' .. fid)
  if json and member and redis.call('HINCRBY', P .. 'outbox:mb', member, -#json) <= 0 then
    redis.call('HDEL', P .. 'outbox:mb', member)
  end
  redis.call('DEL', P .. 'firing:' .. fid)
  redis.call('HDEL', P .. 'firing:n', fid)
end
local function remove_delivery(P, id)
  redis.call('ZREM', P .. 'outbox', id)
  redis.call('HDEL', P .. 'outbox:l', id)
  redis.call('SREM', P .. 'outbox:sup', id)
  local json = redis.call('GET', P .. 'outbox:d:' .. id)
  if not json then return nil end
  redis.call('DEL', P .. 'outbox:d:' .. id)
  local d = cjson.decode(json)
  if d['alertId'] then redis.call('SREM', P .. 'outbox:a:' .. d['alertId'], id) end
  if d['member'] then redis.call('ZREM', P .. 'outbox:m:' .. d['member'], id) end
  unref_firing(P, d['firingId'], d['member'])
  return d
end
local function forget_failed(P, alert)
  local prefix = alert .. '.'
  for _, id in ipairs(redis.call('ZRANGE', P .. 'outbox:fz', 0, -1)) do
    if string.sub(id, 1, #prefix) == prefix then
      redis.call('ZREM', P .. 'outbox:fz', id)
      redis.call('HDEL', P .. 'outbox:f', id)
    end
  end
end
local function delete_alert(P, id)
  local json = redis.call('HGET', P .. 'alerts', id)
  if not json then return 0 end
  redis.call('SREM', P .. 'alerts:m:' .. cjson.decode(json)['member'], id)
  redis.call('HDEL', P .. 'alerts', id)
  redis.call('HDEL', P .. 'alertstatus', id)
  redis.call('DEL', P .. 'alertstate:' .. id)
  for _, did in ipairs(redis.call('SMEMBERS', P .. 'outbox:a:' .. id)) do remove_delivery(P, did) end
  redis.call('DEL', P .. 'outbox:a:' .. id)
  redis.call('HDEL', P .. 'outbox:drop', id)
  forget_failed(P, id)
  return 1
end
local function forget_member_alerts(P, name)
  for _, id in ipairs(redis.call('SMEMBERS', P .. 'alerts:m:' .. name)) do delete_alert(P, id) end
  redis.call('DEL', P .. 'alerts:m:' .. name)
  for _, did in ipairs(redis.call('ZRANGE', P .. 'outbox:m:' .. name, 0, -1)) do remove_delivery(P, did) end
  redis.call('DEL', P .. 'outbox:m:' .. name)
  redis.call('HDEL', P .. 'outbox:mb', name)
end`;

/** How long a claim's key is kept once written, only to clean up (real time). */
export const CLAIM_KEEP_MS = 2 * 86_400_000;
/** A day's set of mail recipients is kept past its day, only to clean up (real time). */
export const MAIL_DAY_KEEP_MS = 2 * 86_400_000;

/** ARGV: prefix, id, member, alert JSON, status JSON or '', reset '1'/'0', max per member. */
const ALERT_SAVE = `
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

/** ARGV: prefix, id. The alert, its status, what it compared, its deliveries (pending and given up). */
const ALERT_DELETE = `${OUTBOX_LIB}
return delete_alert(ARGV[1], ARGV[2])`;

/** ARGV: prefix, id, dueAt, owner, now, ttlMs, keepMs. */
const ALERT_CLAIM = `${HOLDER}
local P, id, dueAt, owner, now, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local key = P .. 'alertclaim:' .. id .. ':' .. dueAt
local until_, who = holder(redis.call('GET', key))
if who and who ~= owner and until_ > now then return 0 end
redis.call('SET', key, string.format('%.0f', now + ttl) .. ' ' .. owner, 'PX', ARGV[7])
return 1`;

/**
 * ARGV: prefix, id, version, dueAt, owner, status JSON, state JSON or '', now, member, maxPending, maxBytes,
 * firing id, firing JSON, digest '1'/'0', n, n x (delivery id, due, JSON). A newer digest first removes the
 * deliveries of the same alert and destination still pending (one under a live lease is marked, so a failed send of
 * it is not retried); the firing is stored once;
 * then the member's oldest deliveries go while their outbox is past a bound, each counted against its alert.
 */
const ALERT_COMMIT = `${OUTBOX_LIB}
local P, id, version, dueAt, owner = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local now, member, maxPending, maxBytes = tonumber(ARGV[8]), ARGV[9], tonumber(ARGV[10]), tonumber(ARGV[11])
local fid, fjson, n = ARGV[12], ARGV[13], tonumber(ARGV[15])
local _, who = holder(redis.call('GET', P .. 'alertclaim:' .. id .. ':' .. dueAt))
if who ~= owner then return 0 end
local json = redis.call('HGET', P .. 'alerts', id)
if not json or cjson.decode(json)['version'] ~= version then return 0 end
redis.call('HSET', P .. 'alertstatus', id, ARGV[6])
if ARGV[7] ~= '' then redis.call('SET', P .. 'alertstate:' .. id, ARGV[7]) end
if n == 0 then return 1 end
local fresh, dests = {}, {}
for i = 1, n do
  local did = ARGV[15 + (i - 1) * 3 + 1]
  fresh[did] = true
  dests[string.match(did, '[^.]+$')] = true
end
if ARGV[14] == '1' then
  for _, old in ipairs(redis.call('SMEMBERS', P .. 'outbox:a:' .. id)) do
    local until_ = holder(redis.call('HGET', P .. 'outbox:l', old))
    if not fresh[old] and dests[string.match(old, '[^.]+$')] then
      if not until_ or until_ <= now then remove_delivery(P, old) else redis.call('SADD', P .. 'outbox:sup', old) end
    end
  end
end
if redis.call('SET', P .. 'firing:' .. fid, fjson, 'NX') then redis.call('HINCRBY', P .. 'outbox:mb', member, #fjson) end
for i = 1, n do
  local b = 15 + (i - 1) * 3
  local did = ARGV[b + 1]
  if redis.call('EXISTS', P .. 'outbox:d:' .. did) == 0 then
    redis.call('SET', P .. 'outbox:d:' .. did, ARGV[b + 3])
    redis.call('ZADD', P .. 'outbox', ARGV[b + 2], did)
    redis.call('SADD', P .. 'outbox:a:' .. id, did)
    redis.call('ZADD', P .. 'outbox:m:' .. member, redis.call('INCR', P .. 'outbox:seq'), did)
    redis.call('HINCRBY', P .. 'firing:n', fid, 1)
  end
end
if not redis.call('HGET', P .. 'firing:n', fid) then
  redis.call('HINCRBY', P .. 'firing:n', fid, 1)
  unref_firing(P, fid, member)
end
while redis.call('ZCARD', P .. 'outbox:m:' .. member) > maxPending
  or tonumber(redis.call('HGET', P .. 'outbox:mb', member) or '0') > maxBytes do
  local oldest = redis.call('ZRANGE', P .. 'outbox:m:' .. member, 0, 0)[1]
  if not oldest then break end
  local d = remove_delivery(P, oldest)
  redis.call('ZREM', P .. 'outbox:m:' .. member, oldest)
  redis.call('HINCRBY', P .. 'outbox:drop', (d and d['alertId']) or string.match(oldest, '^[^.]+'), 1)
end
return 1`;

/**
 * ARGV: prefix, now, owner, leaseMs, limit, anyTime '1'/'0', forget given-up before, n, n x id. Leases up to
 * `limit` deliveries (those n ids when given; else due ones, or any with anyTime) not under a live lease, moving each
 * out of the due range until its lease ends; forgets given-up deliveries past their keep. Returns the leased ids.
 */
const OUTBOX_LEASE = `${HOLDER}
local P, now, owner, lease, limit = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
for _, old in ipairs(redis.call('ZRANGEBYSCORE', P .. 'outbox:fz', '-inf', '(' .. ARGV[7], 'LIMIT', 0, 100)) do
  redis.call('ZREM', P .. 'outbox:fz', old)
  redis.call('HDEL', P .. 'outbox:f', old)
end
local candidates = {}
local only = tonumber(ARGV[8])
if only > 0 then
  for i = 1, only do candidates[i] = ARGV[8 + i] end
elseif ARGV[6] == '1' then
  candidates = redis.call('ZRANGE', P .. 'outbox', 0, limit * 4 + 50)
else
  candidates = redis.call('ZRANGEBYSCORE', P .. 'outbox', '-inf', ARGV[2], 'LIMIT', 0, limit * 2)
end
local until_s = string.format('%.0f', now + lease)
local out = {}
for _, id in ipairs(candidates) do
  if #out >= limit then break end
  local until_ = holder(redis.call('HGET', P .. 'outbox:l', id))
  if not until_ or until_ <= now then
    if redis.call('EXISTS', P .. 'outbox:d:' .. id) == 1 then
      redis.call('HSET', P .. 'outbox:l', id, until_s .. ' ' .. owner)
      redis.call('ZADD', P .. 'outbox', until_s, id)
      table.insert(out, id)
    else
      redis.call('ZREM', P .. 'outbox', id)
      redis.call('HDEL', P .. 'outbox:l', id)
    end
  end
end
return out`;

/** ARGV: prefix, id, owner, now, kind (delivered|dropped|retry|failed), JSON, due, most given-up kept. */
const OUTBOX_SETTLE = `${OUTBOX_LIB}
local P, id, owner, now, kind = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
local until_, who = holder(redis.call('HGET', P .. 'outbox:l', id))
if who ~= owner or until_ <= now then return 0 end
redis.call('HDEL', P .. 'outbox:l', id)
if kind == 'retry' then
  if redis.call('EXISTS', P .. 'outbox:d:' .. id) == 0 then
    redis.call('ZREM', P .. 'outbox', id)
    return 0
  end
  if redis.call('SREM', P .. 'outbox:sup', id) == 1 then
    remove_delivery(P, id)
    return 1
  end
  redis.call('SET', P .. 'outbox:d:' .. id, ARGV[6])
  redis.call('ZADD', P .. 'outbox', ARGV[7], id)
  return 1
end
if kind == 'failed' then
  redis.call('HSET', P .. 'outbox:f', id, ARGV[6])
  redis.call('ZADD', P .. 'outbox:fz', now, id)
  local over = redis.call('ZCARD', P .. 'outbox:fz') - tonumber(ARGV[8])
  if over > 0 then
    for _, old in ipairs(redis.call('ZRANGE', P .. 'outbox:fz', 0, over - 1)) do
      redis.call('ZREM', P .. 'outbox:fz', old)
      redis.call('HDEL', P .. 'outbox:f', old)
    end
  end
end
remove_delivery(P, id)
return 1`;

/** ARGV: prefix, n, n x alert id. Returns pending, dropped for each. */
const OUTBOX_COUNTS = `
local P, n = ARGV[1], tonumber(ARGV[2])
local out = {}
for i = 1, n do
  local id = ARGV[2 + i]
  table.insert(out, redis.call('SCARD', P .. 'outbox:a:' .. id))
  table.insert(out, tonumber(redis.call('HGET', P .. 'outbox:drop', id) or '0'))
end
return out`;

/** ARGV: prefix, member, day, recipient (hash), max, keepMs. 1: may be mailed today (counted); 0: past the max. */
const MAIL_RECIPIENT = `
local key = ARGV[1] .. 'mailto:' .. ARGV[2] .. ':' .. ARGV[3]
if redis.call('SISMEMBER', key, ARGV[4]) == 1 then return 1 end
if redis.call('SCARD', key) >= tonumber(ARGV[5]) then return 0 end
redis.call('SADD', key, ARGV[4])
redis.call('PEXPIRE', key, ARGV[6])
return 1`;

/** The alert steps' scripts, by the command name ../redis-store.ts defines for each. */
export const ALERT_SCRIPTS = {
  madAlertSave: ALERT_SAVE,
  madAlertDelete: ALERT_DELETE,
  madAlertClaim: ALERT_CLAIM,
  madAlertCommit: ALERT_COMMIT,
  madOutboxLease: OUTBOX_LEASE,
  madOutboxSettle: OUTBOX_SETTLE,
  madOutboxCounts: OUTBOX_COUNTS,
  madMailRecipient: MAIL_RECIPIENT,
};
export type AlertScript = keyof typeof ALERT_SCRIPTS;
