-- Strict sliding log (spec L1, L3, L4, L6), from the seed's sorted-set script.
-- KEYS[1] = ratelimit:{principal:model}
-- ARGV[1] = limit, ARGV[2] = window in ms, ARGV[3] = this request's member, unique across every caller of the key,
-- ARGV[4] = the key's time to live in ms (the window plus a second), as text: the caller computes it once
-- Returns {allowed (1|0), inWindow, retryAt in epoch us (0 when allowed), now in epoch us}.
-- Time comes from Redis TIME, never from the caller (L4); effects replication makes TIME safe in a script.
--
-- Same decision as the seed's remove-count-refuse-add, in fewer commands on the hot path: the window is full exactly
-- when the limit-th newest entry is still inside it, so a refusal needs no removal, and stale entries are removed
-- when a request is added. The script is atomic, so the order inside it is not observable (L1).
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
-- The same instant as text, from TIME's own digits (microseconds padded to 6): Redis stores the score without
-- formatting a number first, on every allowed request.
local nowText = t[1] .. string.sub('00000' .. t[2], -6)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2]) * 1000
local cutoff = now - window

local stored = redis.call('ZCARD', KEYS[1])
if stored >= limit then
  local nth = redis.call('ZRANGE', KEYS[1], -limit, -limit, 'WITHSCORES')
  local nthTime = tonumber(nth[2])
  if nthTime > cutoff then
    -- L3: the window holds the limit; it frees up when its oldest entry, the limit-th newest, leaves it.
    return {0, limit, nthTime + window, now}
  end
end

-- An entry exactly one window old has left the window (the in-memory twin removes the same).
local removed = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', cutoff)
-- The caller makes the member unique (a random per-limiter nonce and a sequence): short, and built without string work here.
redis.call('ZADD', KEYS[1], nowText, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, stored - removed + 1, 0, now}
