-- Token bucket (spec L7): limit tokens, refilled at limit per window.
-- Integer units: one token = window us; the refill adds limit units per us, so nothing drifts.
-- KEYS[1] = ratelimit:{principal:model}; ARGV[1] = limit, ARGV[2] = window in ms
-- Returns {allowed (1|0), inWindow (tokens in use), retryAt in epoch us (0 when allowed), now in epoch us}.
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local w = tonumber(ARGV[2]) * 1000
local capacity = limit * w

local stored = redis.call('HMGET', KEYS[1], 'u', 's')
local units, stamp = capacity, now
if stored[1] then
  units, stamp = tonumber(stored[1]), tonumber(stored[2])
  -- A full refill takes one window, so clamping the elapsed time there loses nothing.
  local elapsed = math.min(math.max(now - stamp, 0), w)
  units = math.min(capacity, units + elapsed * limit)
end
-- A clock that steps back does not earn tokens twice.
stamp = math.max(stamp, now)

if units < w then
  local retryAt = now + math.ceil((w - units) / limit)
  return {0, math.ceil((capacity - units) / w), retryAt, now}
end

units = units - w
redis.call('HSET', KEYS[1], 'u', units, 's', stamp)
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - units) / limit / 1000) + 1000)
return {1, math.ceil((capacity - units) / w), 0, now}
