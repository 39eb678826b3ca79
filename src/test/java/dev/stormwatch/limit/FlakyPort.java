package dev.stormwatch.limit;

import dev.stormwatch.testing.FakeClock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link RedisPort} test double whose Redis can be switched off, or made to answer an error; while up it allows
 * everything in the scripts' reply shape. Counts the calls that reached it.
 */
final class FlakyPort implements RedisPort {

    enum State {
        UP,
        DOWN,
        ERROR
    }

    private final FakeClock clock;
    private volatile State state = State.UP;
    final AtomicInteger evalCalls = new AtomicInteger();

    FlakyPort(FakeClock clock) {
        this.clock = clock;
    }

    void set(State next) {
        state = next;
    }

    @Override
    public Object evalsha(String sha, String key, List<String> args) {
        evalCalls.incrementAndGet();
        return switch (state) {
            case UP -> List.of(1L, 1L, 0L, MicroTime.of(clock.instant()));
            case DOWN ->
                throw new RedisUnavailableException("Redis at flaky cannot be reached: connection refused", null);
            case ERROR -> throw new RedisCommandException("Redis at flaky answered an error: WRONGTYPE", null);
        };
    }

    @Override
    public String scriptLoad(String script, String key) {
        if (state == State.DOWN) {
            throw new RedisUnavailableException("Redis at flaky cannot be reached: connection refused", null);
        }
        return LuaScript.load(scriptName(script)).sha();
    }

    private static String scriptName(String source) {
        for (Algorithm algorithm : Algorithm.values()) {
            if (LuaScript.of(algorithm).source().equals(source)) {
                return algorithm.scriptName();
            }
        }
        return "noop.lua";
    }

    @Override
    public String describe() {
        return "flaky";
    }

    @Override
    public void close() {}
}
