-- Fixed window counter (spec L7): the count resets at each epoch-aligned boundary.
-- KEYS[1] = ratelimit:{principal:model}; ARGV[1] = limit, ARGV[2] = window in ms
-- Returns {allowed (1|0), inWindow, retryAt in epoch us (0 when allowed), now in epoch us}.
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2]) * 1000
local start = now - (now % window)

local stored = redis.call('HMGET', KEYS[1], 'w', 'n')
local count = 0
if tonumber(stored[1]) == start then
  count = tonumber(stored[2])
end
if count >= limit then
  return {0, count, start + window, now}
end

count = count + 1
redis.call('HSET', KEYS[1], 'w', start, 'n', count)
redis.call('PEXPIRE', KEYS[1], math.ceil((start + window - now) / 1000) + 1000)
return {1, count, 0, now}
