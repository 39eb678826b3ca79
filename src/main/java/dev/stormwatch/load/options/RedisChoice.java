package dev.stormwatch.load.options;

import java.net.URI;

/**
 * Where the K instances of a run keep their limiter's state: one shared Redis, which holds the quota (L6),
 * or a local limiter per instance, which lets about K times the quota through.
 */
public sealed interface RedisChoice {

    /** A real redis-server from the embedded-redis binaries, on a free loopback port, shared by every instance. */
    record Embedded() implements RedisChoice {}

    /** A Redis the user runs, shared by every instance: {@code redis://host:port} or {@code rediss://...}. */
    record External(URI url) implements RedisChoice {}

    /** No Redis: each instance has its own in-memory limiter, for comparison. */
    record LocalOnly() implements RedisChoice {}

    /** How reports show it; a password in the URL's user info is never shown (RC6). */
    default String describe() {
        if (this instanceof External external) {
            return Target.withoutSecrets(external.url());
        }
        if (this instanceof LocalOnly) {
            return "local (one in-memory limiter per instance)";
        }
        return "embedded";
    }
}
