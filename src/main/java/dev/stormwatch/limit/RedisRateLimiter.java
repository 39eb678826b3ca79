package dev.stormwatch.limit;

import java.security.SecureRandom;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A limiter shared by every process that uses the same Redis: one atomic Lua script per decision, on Redis's own
 * clock (spec L1–L7). Bare: it throws {@link RedisUnavailableException} when Redis is away; {@link RateLimiterBuilder}
 * wraps it in a failure mode (L9).
 */
public final class RedisRateLimiter implements RateLimiter {

    private final Algorithm algorithm;
    private final LimitSpec spec;
    private final RedisPort redis;
    private final LuaScript script;
    private final String limitArg;
    private final String windowArg;
    private final String ttlArg;
    /** Random per instance: with the sequence it keeps sliding-log members unique across every process (L1, L6). */
    private final String memberPrefix;

    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong reloads = new AtomicLong();

    /**
     * Loads the algorithm's script once (L5) and returns the limiter.
     *
     * @throws RedisUnavailableException if Redis cannot be reached now (configuration time)
     * @throws RedisCommandException if Redis refuses the script
     */
    public static RedisRateLimiter connect(Algorithm algorithm, LimitSpec spec, RedisPort redis) {
        RedisRateLimiter limiter = new RedisRateLimiter(algorithm, spec, redis);
        limiter.loadScript(LimitKey.of("stormwatch", "script-load").redisKey());
        return limiter;
    }

    private RedisRateLimiter(Algorithm algorithm, LimitSpec spec, RedisPort redis) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.redis = Objects.requireNonNull(redis, "redis");
        // 63 random bits: two limiters sharing a key collide with odds of 2^-63, whatever names their callers chose.
        this.memberPrefix = Long.toString(new SecureRandom().nextLong() & Long.MAX_VALUE, Character.MAX_RADIX) + ':';
        this.script = LuaScript.of(algorithm);
        this.limitArg = Integer.toString(spec.limit());
        this.windowArg = Long.toString(spec.window().toMillis());
        // The sliding log's key outlives its newest entry by a second, so an idle key goes away by itself.
        this.ttlArg = Long.toString(spec.window().toMillis() + 1000);
    }

    @Override
    public LimitDecision tryAcquire(LimitKey key) {
        return RedisReply.parse(evaluate(key.redisKey()), redis.describe()).toDecision(DecisionSource.BACKEND);
    }

    private Object evaluate(String key) {
        // Only the sliding log stores members; a per-instance sequence keeps them unique without a random draw per
        // call,
        // and base 36 keeps them short (the sorted set stores one per allowed request).
        List<String> args = List.of(
                limitArg,
                windowArg,
                memberPrefix + Long.toString(sequence.incrementAndGet(), Character.MAX_RADIX),
                ttlArg);
        try {
            return redis.evalsha(script.sha(), key, args);
        } catch (RedisCommandException e) {
            if (!e.isNoScript()) {
                throw e;
            }
            // L5: Redis lost the script (restart, SCRIPT FLUSH, failover to a fresh node): load it again, retry once.
            // NOSCRIPT means the script did not run, so the retry cannot count the request twice.
            reloads.incrementAndGet();
            loadScript(key);
            return redis.evalsha(script.sha(), key, args);
        }
    }

    private void loadScript(String key) {
        String sha = redis.scriptLoad(script.source(), key);
        // The SHA is computed locally so EVALSHA needs no round trip first; Redis must agree on it.
        if (!script.sha().equalsIgnoreCase(sha)) {
            throw new RedisCommandException(
                    "Redis at " + redis.describe() + " loaded " + script.name() + " as " + sha + ", expected "
                            + script.sha(),
                    null);
        }
    }

    /** How many times a NOSCRIPT answer made this limiter reload its script (L5). */
    public long scriptReloads() {
        return reloads.get();
    }

    /** Where the limiter's Redis is, for reports. */
    public String describeBackend() {
        return redis.describe();
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    @Override
    public LimitSpec spec() {
        return spec;
    }
}
