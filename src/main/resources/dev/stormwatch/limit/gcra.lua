-- Generic cell rate algorithm (spec L7): one stored theoretical arrival time (TAT).
-- Emission interval T = ceil(window / limit) us, tolerance (limit - 1) * T.
-- KEYS[1] = ratelimit:{principal:model}; ARGV[1] = limit, ARGV[2] = window in ms
-- Returns {allowed (1|0), inWindow (intervals in use), retryAt in epoch us (0 when allowed), now in epoch us}.
redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local limit = tonumber(ARGV[1])
local interval = math.ceil(tonumber(ARGV[2]) * 1000 / limit)
local tolerance = interval * (limit - 1)

local tat = tonumber(redis.call('GET', KEYS[1]))
if tat == nil or tat < now then
  tat = now
end
if tat - now > tolerance then
  return {0, math.ceil((tat - now) / interval), tat - tolerance, now}
end

tat = tat + interval
redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1000)
return {1, math.ceil((tat - now) / interval), 0, now}
