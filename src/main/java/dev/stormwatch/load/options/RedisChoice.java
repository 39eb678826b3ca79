package dev.stormwatch.load.options;

import dev.stormwatch.limit.RedisPassword;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the K instances of a run keep their limiter's state: one shared Redis, which holds the quota (L6),
 * or a local limiter per instance, which lets about K times the quota through.
 */
public sealed interface RedisChoice {

    /** A real redis-server from the embedded-redis binaries, on a free loopback port, shared by every instance. */
    record Embedded() implements RedisChoice {}

    /**
     * A Redis the user runs, shared by every instance: {@code redis://host:port} or {@code rediss://...}, with the
     * password it requires, if any (never printed: {@link RedisPassword} redacts).
     */
    record External(URI url, Optional<RedisPassword> password) implements RedisChoice {

        public External {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(password, "password");
        }

        /** A Redis that requires no password. */
        public External(URI url) {
            this(url, Optional.empty());
        }
    }

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
