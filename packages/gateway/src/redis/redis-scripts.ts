// The Lua scripts of the Redis store. Every counter change happens inside one of them, atomic
// on the server, timed by the server's own clock (`TIME`), so replica clocks never matter.
// Redis 7 replicates a script's effects, not the script, so reading `TIME` before writing is safe.

/** Shared functions: the server's clock, token-bucket refill, and UTC budget periods. */
export const LUA_LIBRARY = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- The bucket's level now: stored level plus continuous refill, capped at the limit. A stored time
-- ahead of the server's clock (a failover to a server whose clock is behind) refills nothing.
local function bucket_level(key, limit, window, now)
  local state = redis.call('HMGET', key, 'level', 'at')
  if not state[1] then return limit end
  local elapsed = now - tonumber(state[2])
  if elapsed < 0 then elapsed = 0 end
  local level = tonumber(state[1]) + elapsed * limit / window
  if level > limit then return limit end
  return level
end

-- A full bucket is deleted (it is what a missing bucket means); any other expires once it would be full.
local function bucket_store(key, level, limit, window, now)
  if limit <= 0 or level >= limit then
    redis.call('DEL', key)
    return
  end
  redis.call('HSET', key, 'level', string.format('%.17g', level), 'at', string.format('%.0f', now))
  redis.call('PEXPIRE', key, string.format('%.0f', math.ceil((limit - level) * window / limit) + 1000))
end

-- Days since 1970-01-01 to a civil date, and back (H. Hinnant's algorithms, proleptic Gregorian).
local function civil_from_days(z)
  z = z + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local d = doy - math.floor((153 * mp + 2) / 5) + 1
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return y, m, d
end

local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local mp = m > 2 and m - 3 or m + 9
  local doy = math.floor((153 * mp + 2) / 5) + d - 1
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
end

local function iso_day(days)
  local y, m, d = civil_from_days(days)
  return string.format('%04d-%02d-%02d', y, m, d)
end

-- The budget period containing now, in UTC, as budgetPeriodWindow computes it in TypeScript:
-- its id and its end (ms; -1 for 'total', which never ends).
local function period_window(kind, now)
  local days = math.floor(now / 86400000)
  if kind == 'day' then
    return 'day:' .. iso_day(days), (days + 1) * 86400000
  elseif kind == 'week' then
    local start = days - (days + 3) % 7
    return 'week:' .. iso_day(start), (start + 7) * 86400000
  elseif kind == 'month' then
    local y, m = civil_from_days(days)
    local ny, nm = y, m + 1
    if nm > 12 then ny, nm = y + 1, 1 end
    return string.format('month:%04d-%02d', y, m), days_from_civil(ny, nm, 1) * 86400000
  elseif kind == 'total' then
    return 'total', -1
  end
  error('unknown budget period ' .. tostring(kind))
end
`;

/**
 * Takes from several token buckets at once, all or nothing. KEYS: the buckets; ARGV: per
 * bucket `limit`, `windowMs`, `amount`. Answers `{1}`, or `{0, index, retryAfterMs, tooLarge}`
 * for the first bucket (1-based) that could not give, having taken nothing.
 */
export const TAKE_SCRIPT = `${LUA_LIBRARY}
local now = now_ms()
local levels = {}
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 3 - 2])
  local window = tonumber(ARGV[i * 3 - 1])
  local amount = tonumber(ARGV[i * 3])
  if amount > limit then return {0, i, window, 1} end
  local level = bucket_level(key, limit, window, now)
  if level < amount then return {0, i, math.ceil((amount - level) * window / limit), 0} end
  levels[i] = level
end
for i, key in ipairs(KEYS) do
  bucket_store(key, levels[i] - tonumber(ARGV[i * 3]), tonumber(ARGV[i * 3 - 2]), tonumber(ARGV[i * 3 - 1]), now)
end
return {1}
`;

/**
 * Settles reservations: adds each amount (negative: usage beyond the reservation, which may take
 * a bucket below zero) to its bucket, never above the limit. KEYS: the buckets; ARGV: per bucket
 * `limit`, `windowMs`, `amount`.
 */
export const GIVE_SCRIPT = `${LUA_LIBRARY}
local now = now_ms()
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 3 - 2])
  local window = tonumber(ARGV[i * 3 - 1])
  if limit > 0 then
    local level = bucket_level(key, limit, window, now) + tonumber(ARGV[i * 3])
    if level > limit then level = limit end
    bucket_store(key, level, limit, window, now)
  end
end
return 1
`;

/**
 * Adds spend to a key's current budget period. KEYS[1]: the key's spend hash for the period
 * kind; ARGV: kind, usd, tokens. A hash holding an earlier period starts over at zero. Answers
 * `{usd, tokens, endsAt}` (endsAt `-1` for `total`).
 */
export const ADD_SPEND_SCRIPT = `${LUA_LIBRARY}
local id, ends = period_window(ARGV[1], now_ms())
if redis.call('HGET', KEYS[1], 'period') ~= id then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'period', id, 'usd', '0', 'tokens', '0')
end
local usd = redis.call('HINCRBYFLOAT', KEYS[1], 'usd', ARGV[2])
local tokens = redis.call('HINCRBY', KEYS[1], 'tokens', ARGV[3])
if ends >= 0 then redis.call('PEXPIREAT', KEYS[1], string.format('%.0f', ends + 86400000)) end
return {usd, tostring(tokens), string.format('%.0f', ends)}
`;

/** Reads a key's spend in the current period: KEYS[1] the spend hash, ARGV[1] the kind. Answers `{usd, tokens, endsAt}`. */
export const READ_SPEND_SCRIPT = `${LUA_LIBRARY}
local id, ends = period_window(ARGV[1], now_ms())
local state = redis.call('HMGET', KEYS[1], 'period', 'usd', 'tokens')
if state[1] ~= id then return {'0', '0', string.format('%.0f', ends)} end
return {state[2], state[3], string.format('%.0f', ends)}
`;

/**
 * Saves a key created by the admin routes, once per name and per hash. KEYS: the records hash
 * (SHA-256 → JSON), the names hash (name → SHA-256); ARGV: name, SHA-256, record. Answers 1, or
 * 0 (nothing saved) when the name or the hash is taken.
 */
export const SAVE_KEY_SCRIPT = `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
`;

/**
 * Checks the store's epoch (docs/decisions/014-store-epoch.md). KEYS: the epoch key, the revoked
 * set; ARGV: the epoch this replica knows (`''` for none), a new epoch (`created:<id>`) to write
 * into a store never initialized, `'1'` to answer the revoked names too, the channel a loss is
 * announced on. Answers `{status, epoch, revoked…}` with status `created`, `adopted`, `intact`,
 * `reinitialized` or `lost`; a loss leaves the tombstone `lost:<known epoch>`, so a replica
 * starting later does not take the emptied store for a new one.
 */
export const EPOCH_CHECK_SCRIPT = `
local known = ARGV[1]
local current = redis.call('GET', KEYS[1])
local status
if not current then
  if known == '' then
    current = ARGV[2]
    redis.call('SET', KEYS[1], current)
    status = 'created'
  else
    status = 'lost'
  end
elseif current == known then
  status = 'intact'
elseif string.sub(current, 1, 5) == 'lost:' then
  status = 'lost'
elseif known == '' then
  status = 'adopted'
elseif string.sub(current, 1, 14) == 'reinitialized:' then
  status = 'reinitialized'
else
  status = 'lost'
end
if status == 'lost' and string.sub(current or '', 1, 5) ~= 'lost:' then
  current = 'lost:' .. known
  redis.call('SET', KEYS[1], current)
  redis.call('PUBLISH', ARGV[4], current)
end
local reply = {status, current}
if ARGV[3] == '1' and status ~= 'lost' then
  for _, name in ipairs(redis.call('SMEMBERS', KEYS[2])) do reply[#reply + 1] = name end
end
return reply
`;

/**
 * Re-initializes a store that lost its data: a new epoch, written together with the revocations
 * the replica remembers, and announced. KEYS: the epoch key, the revoked set; ARGV: the new epoch
 * (`reinitialized:<id>`), the channel, then the revoked names. Answers `{1, revokedCount}`, or
 * `{0, epoch}` (nothing written) when the store holds a live epoch: its data was not lost.
 */
export const REINITIALIZE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, 5) ~= 'lost:' then return {0, current} end
redis.call('SET', KEYS[1], ARGV[1])
for i = 3, #ARGV do redis.call('SADD', KEYS[2], ARGV[i]) end
redis.call('PUBLISH', ARGV[2], ARGV[1])
return {1, redis.call('SCARD', KEYS[2])}
`;
