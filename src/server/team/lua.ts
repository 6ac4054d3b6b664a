/**
 * The team store's atomic steps in Redis, as Lua scripts: each runs alone on the Redis server, so replicas that
 * pump the queue at the same moment cannot grant one slot twice. Every key is built from the prefix (ARGV[1]), so
 * one Redis can hold several teams (and the tests' runs) apart. Redis Cluster is not supported (keys are built
 * inside the scripts); a single Redis, with a replica or Sentinel for availability, is.
 *
 * Layout under the prefix P:
 *   P members (hash name -> member JSON with tokenHash)   P tokens (hash tokenHash -> name)
 *   P cache:<key>, P shared:<key>, P flight:<key> (lease)  P rate:<fingerprint> (zset ticket -> when it counts)
 *   P q:rot (list: members waiting, in turn)              P q:m:<member> (list of tickets)
 *   P q:t:<ticket> (hash member, budget, deadline)         P q:d:<ticket> ("G:<key>" or "R:<reason>")
 *   P used:<yyyyMM> (hash k:<key>, m:<member> -> calls)    P usage:<yyyyMM> (hash member\top\tfield -> count)
 *   P aside (hash fingerprint -> KeyAside JSON)            P turn (next key to try)   P events (pub/sub channel)
 * The pump mirrors MemoryStore.pump step for step.
 */
import { OUTBOX_LIB } from "./alerts/alert-lua";

export const ENQUEUE = `
local P, t, member = ARGV[1], ARGV[2], ARGV[3]
redis.call('HSET', P .. 'q:t:' .. t, 'member', member, 'budget', ARGV[4], 'deadline', ARGV[5])
redis.call('PEXPIRE', P .. 'q:t:' .. t, ARGV[6])
redis.call('RPUSH', P .. 'q:m:' .. member, t)
if not redis.call('LPOS', P .. 'q:rot', member) then redis.call('RPUSH', P .. 'q:rot', member) end
return 1`;

export const CANCEL = `
local P, t = ARGV[1], ARGV[2]
local d = redis.call('GET', P .. 'q:d:' .. t)
if d then return d end
local member = redis.call('HGET', P .. 'q:t:' .. t, 'member')
if member then redis.call('LREM', P .. 'q:m:' .. member, 1, t) end
redis.call('DEL', P .. 'q:t:' .. t)
return false`;

/**
 * ARGV: prefix, now, month, windowMs, holdMs, decisionKeepMs, n, n x (name, fingerprint, perMinute, budget or -1),
 * m, m tickets. A grant's slot counts from now + holdMs until CALL_ENDED moves it to when the call ended.
 */
export const PUMP = `
local P, now, month = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local window, hold, keep, n = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local usedKey = P .. 'used:' .. month
local states = {}
local anyUsable, anySpent = false, false
for i = 1, n do
  local b = 7 + (i - 1) * 4
  local s = { name = ARGV[b + 1], fp = ARGV[b + 2], rate = tonumber(ARGV[b + 3]), budget = tonumber(ARGV[b + 4]) }
  s.rateKey = P .. 'rate:' .. s.fp
  redis.call('ZREMRANGEBYSCORE', s.rateKey, '-inf', now - window)
  s.count = redis.call('ZCARD', s.rateKey)
  s.used = tonumber(redis.call('HGET', usedKey, 'k:' .. s.name) or '0')
  s.spent = s.budget >= 0 and s.used >= s.budget
  local forGood = false
  s.pausedUntil = nil
  local entry = redis.call('HGET', P .. 'aside', s.fp)
  if entry then
    local until_ = cjson.decode(entry)['until']
    if until_ == nil or until_ == cjson.null then
      forGood = true
    elseif tonumber(until_) > now then
      s.pausedUntil = tonumber(until_)
    end
  end
  s.usable = (not s.spent) and (not forGood)
  if s.usable then anyUsable = true end
  if s.spent then anySpent = true end
  states[i] = s
end
local turn = tonumber(redis.call('GET', P .. 'turn') or '0')
local rot = P .. 'q:rot'
local decided = 0
while true do
  local member = redis.call('LINDEX', rot, 0)
  if not member then break end
  local q = P .. 'q:m:' .. member
  local ticket, budget = nil, -1
  while true do
    local t = redis.call('LINDEX', q, 0)
    if not t then break end
    local meta = redis.call('HMGET', P .. 'q:t:' .. t, 'budget', 'deadline')
    if meta[2] and tonumber(meta[2]) >= now then
      ticket, budget = t, tonumber(meta[1])
      break
    end
    redis.call('LPOP', q)
    redis.call('DEL', P .. 'q:t:' .. t)
  end
  if not ticket then
    redis.call('LPOP', rot)
  else
    local decision = nil
    if not anyUsable then
      if anySpent then decision = 'R:plan-budget' else decision = 'R:no-key' end
    elseif budget >= 0 and tonumber(redis.call('HGET', usedKey, 'm:' .. member) or '0') >= budget then
      decision = 'R:member-budget'
    else
      local chosen = nil
      for i = 0, n - 1 do
        local index = ((turn + i) % n) + 1
        if states[index].usable and states[index].pausedUntil == nil and states[index].count < states[index].rate then
          chosen = index
          break
        end
      end
      if not chosen then break end
      local s = states[chosen]
      redis.call('ZADD', s.rateKey, now + hold, ticket)
      redis.call('PEXPIRE', s.rateKey, window * 2 + hold)
      s.count = s.count + 1
      s.used = redis.call('HINCRBY', usedKey, 'k:' .. s.name, 1)
      redis.call('HINCRBY', usedKey, 'm:' .. member, 1)
      if s.budget >= 0 and s.used >= s.budget then
        s.usable, s.spent, anySpent, anyUsable = false, true, true, false
        for j = 1, n do if states[j].usable then anyUsable = true end end
      end
      turn = chosen % n
      decision = 'G:' .. s.name
    end
    redis.call('LPOP', q)
    redis.call('DEL', P .. 'q:t:' .. ticket)
    redis.call('SET', P .. 'q:d:' .. ticket, decision, 'PX', keep)
    decided = decided + 1
    redis.call('LPOP', rot)
    if redis.call('LLEN', q) > 0 then redis.call('RPUSH', rot, member) end
  end
end
redis.call('SET', P .. 'turn', turn)
local nextAt = -1
if redis.call('LLEN', rot) > 0 then
  for i = 1, n do
    local s = states[i]
    if s.usable and (s.pausedUntil or s.count >= s.rate) then
      local at = s.pausedUntil or now
      if s.count >= s.rate then
        local oldest = redis.call('ZRANGE', s.rateKey, 0, 0, 'WITHSCORES')
        if oldest[2] and tonumber(oldest[2]) + window > at then at = tonumber(oldest[2]) + window end
      end
      if nextAt < 0 or at < nextAt then nextAt = at end
    end
  end
end
local b = 7 + n * 4
local out = { string.format('%.0f', nextAt), tostring(decided) }
for i = 1, tonumber(ARGV[b + 1]) do
  local t = ARGV[b + 1 + i]
  local d = redis.call('GET', P .. 'q:d:' .. t)
  if d then
    table.insert(out, t)
    table.insert(out, d)
  end
end
if decided > 0 then redis.call('PUBLISH', P .. 'events', 'queue') end
return out`;

export const ADD_MEMBER = `
local P, name, json, hash = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('HSETNX', P .. 'members', name, json) == 0 then return 0 end
redis.call('HSET', P .. 'tokens', hash, name)
return 1`;

/**
 * ARGV: prefix, name. The member's token, their schedules, and their alerts with all that goes with them (what they
 * compared, their status, their deliveries pending and given up) go: a member added later by that name starts empty.
 */
export const REVOKE_MEMBER = `${OUTBOX_LIB}
local P, name = ARGV[1], ARGV[2]
local json = redis.call('HGET', P .. 'members', name)
if not json then return 0 end
redis.call('HDEL', P .. 'tokens', cjson.decode(json)['tokenHash'])
redis.call('HDEL', P .. 'members', name)
local schedules = redis.call('HGETALL', P .. 'schedules')
for i = 1, #schedules, 2 do
  if cjson.decode(schedules[i + 1])['member'] == name then redis.call('HDEL', P .. 'schedules', schedules[i]) end
end
forget_member_alerts(P, name)
return 1`;

/** ARGV: prefix, key, owner, now, leaseMs. Returns {'cache'|'shared', json}, {'claimed'} or {'busy'}. */
export const FLIGHT_JOIN = `
local P, key, owner, now, lease = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
for _, kind in ipairs({ 'cache', 'shared' }) do
  local json = redis.call('GET', P .. kind .. ':' .. key)
  if json and tonumber(cjson.decode(json)['expiresAt']) > now then return { kind, json } end
end
if redis.call('SET', P .. 'flight:' .. key, owner, 'PX', lease, 'NX') then return { 'claimed' } end
return { 'busy' }`;

export const FLIGHT_RENEW = `
local P, key, owner, lease = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('GET', P .. 'flight:' .. key) ~= owner then return 0 end
redis.call('PEXPIRE', P .. 'flight:' .. key, lease)
return 1`;

/** Lets go of a schedule's run claim if `owner` still holds it (its run failed: the next tick tries again). */
export const SCHEDULE_RELEASE = `
local P, id, due, owner = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = P .. 'schedrun:' .. id .. ':' .. due
if redis.call('GET', key) == owner then redis.call('DEL', key) end
return 1`;

export const FLIGHT_RELEASE = `
local P, key, owner, shared = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('GET', P .. 'flight:' .. key) == owner then redis.call('DEL', P .. 'flight:' .. key) end
if shared ~= '' then redis.call('SET', P .. 'shared:' .. key, shared, 'PX', ARGV[5]) end
redis.call('PUBLISH', P .. 'events', 'flight ' .. key)
return 1`;
