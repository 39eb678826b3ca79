-- Strict sliding log (spec L1, L3, L4, L6), from the seed's sorted-set script.
-- KEYS[1] = ratelimit:{principal:model}
-- ARGV[1] = limit, ARGV[2] = window in ms, ARGV[3] = a member suffix unique to the caller
-- Returns {allowed (1|0), inWindow, retryAt in epoch us (0 when allowed), now in epoch us}.
-- Time comes from Redis TIME, never from the caller (L4); effects replication makes TIME safe in a script.
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2]) * 1000

-- An entry exactly one window old has left the window (the in-memory twin removes the same).
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  -- L3: the oldest entry's time plus the window.
  return {0, count, tonumber(oldest[2]) + window, now}
end

-- '%.0f' keeps all 16 digits of the time; Lua's own number format would round them.
redis.call('ZADD', KEYS[1], now, string.format('%.0f', now) .. ':' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2] + 1000)
return {1, count + 1, 0, now}
