-- Sliding window counter, approximate (spec L7): previous window weighted by its overlap plus the current one.
-- KEYS[1] = ratelimit:{principal:model}; ARGV[1] = limit, ARGV[2] = window in ms
-- Returns {allowed (1|0), inWindow, retryAt in epoch us (0 when allowed), now in epoch us}.
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local w = tonumber(ARGV[2]) * 1000
local start = now - (now % w)

local stored = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local storedStart = tonumber(stored[1])
local current, previous = 0, 0
if storedStart == start then
  current, previous = tonumber(stored[2]), tonumber(stored[3])
elseif storedStart == start - w then
  -- The window moved on by one: the current count becomes the previous one.
  previous = tonumber(stored[2])
end

local elapsed = now - start
-- Compared in integers, as the in-memory twin does: prev * (W - elapsed) + cur * W <= (limit - 1) * W.
local weighted = previous * (w - elapsed) + current * w
if weighted > (limit - 1) * w then
  local retryAt
  if current <= limit - 1 then
    retryAt = start + w - math.floor(w * (limit - 1 - current) / previous)
  else
    retryAt = start + w + w - math.floor(w * (limit - 1) / current)
  end
  return {0, math.floor(weighted / w), retryAt, now}
end

redis.call('HSET', KEYS[1], 'w', start, 'c', current + 1, 'p', previous)
-- The counts matter until the end of the next window.
redis.call('PEXPIRE', KEYS[1], math.ceil((start + 2 * w - now) / 1000) + 1000)
return {1, math.floor((weighted + w) / w), 0, now}
