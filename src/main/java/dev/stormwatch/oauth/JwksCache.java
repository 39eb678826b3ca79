package dev.stormwatch.oauth;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The provider's signing keys (OIDC Core §10.1.1), fetched when first needed and again once when a token names an
 * unknown {@code kid} (key rotation), at most once per cooldown so a flood of unknown keys costs one fetch (OP3);
 * kept no longer than their maximum age, so a key the provider removed stops being trusted (OP6).
 */
public final class JwksCache {

    /** OP3: a flood of tokens with unknown kids costs at most one fetch a minute. */
    public static final Duration DEFAULT_COOLDOWN = Duration.ofMinutes(1);

    /** OP6: the keys' age when the provider gives no usable {@code max-age}. */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofHours(1);

    /** OP6: the shortest age kept, whatever the provider says: a {@code max-age=0} must not mean a fetch per token. */
    public static final Duration MIN_MAX_AGE = Duration.ofMinutes(5);

    /** OP6: the longest age kept, whatever the provider says: a removed key is distrusted within a day. */
    public static final Duration MAX_MAX_AGE = Duration.ofHours(24);

    /** A fetched key set and the {@code Cache-Control} header it came with. */
    public record Fetched(String body, Optional<String> cacheControl) {}

    private final Clock clock;
    private final Duration cooldown;
    private JWKSet keys;
    private Instant fetchedAt;
    private Duration maxAge = DEFAULT_MAX_AGE;
    private Instant lastUnknownKidRefetch;

    public JwksCache(Clock clock, Duration cooldown) {
        this.clock = clock;
        this.cooldown = cooldown;
    }

    /** When the keys in use were fetched, for the window's "verified against a JWKS fetched at" line. */
    public synchronized Optional<Instant> fetchedAt() {
        return Optional.ofNullable(fetchedAt);
    }

    /** Binds the cache to one visible call's way of fetching, for {@link IdTokenValidator}. */
    public KeySource source(Supplier<String> fetcher) {
        return kid -> candidatesOf(kid, () -> new Fetched(fetcher.get(), Optional.empty()));
    }

    /** As {@link #source(Supplier)}, with the answer's {@code Cache-Control} for the keys' maximum age (OP6). */
    public KeySource sourceWithAge(Supplier<Fetched> fetcher) {
        return kid -> candidatesOf(kid, fetcher);
    }

    /** How long the keys in use are kept (OP6). */
    public synchronized Duration maxAge() {
        return maxAge;
    }

    /**
     * OP6: the maximum age a {@code Cache-Control} value gives the keys: its {@code max-age} held within
     * [{@link #MIN_MAX_AGE}, {@link #MAX_MAX_AGE}]; {@code no-store} or {@code no-cache} the shortest; else
     * {@link #DEFAULT_MAX_AGE}.
     */
    static Duration maxAgeOf(Optional<String> cacheControl) {
        if (cacheControl.isEmpty()) {
            return DEFAULT_MAX_AGE;
        }
        // OkHttp's parser reads the directives (quoted values, out-of-range numbers) as HTTP caches do.
        okhttp3.CacheControl parsed =
                okhttp3.CacheControl.parse(okhttp3.Headers.of("Cache-Control", cacheControl.get()));
        if (parsed.noStore() || parsed.noCache()) {
            return MIN_MAX_AGE;
        }
        Duration age = parsed.maxAgeSeconds() < 0 ? DEFAULT_MAX_AGE : Duration.ofSeconds(parsed.maxAgeSeconds());
        if (age.compareTo(MIN_MAX_AGE) < 0) {
            return MIN_MAX_AGE;
        }
        return age.compareTo(MAX_MAX_AGE) > 0 ? MAX_MAX_AGE : age;
    }

    /**
     * The keys that may have signed a token with this {@code kid} (all keys when the token names none).
     *
     * @param fetcher fetches the JWKS document within the current visible call (a retried read, OP3)
     */
    public List<JWK> candidates(Optional<String> kid, Supplier<String> fetcher) {
        return candidatesOf(kid, () -> new Fetched(fetcher.get(), Optional.empty()));
    }

    private synchronized List<JWK> candidatesOf(Optional<String> kid, Supplier<Fetched> fetcher) {
        // OP6: keys older than their maximum age are fetched again before they vouch for anything.
        if (keys == null || !clock.instant().isBefore(fetchedAt.plus(maxAge))) {
            refetch(fetcher);
        }
        List<JWK> found = select(kid);
        if (!found.isEmpty() || kid.isEmpty()) {
            return found;
        }
        // OP3: an unknown kid may mean the provider rotated its keys: one refetch, unless one happened lately.
        if (lastUnknownKidRefetch != null && clock.instant().isBefore(lastUnknownKidRefetch.plus(cooldown))) {
            return List.of();
        }
        lastUnknownKidRefetch = clock.instant();
        refetch(fetcher);
        return select(kid);
    }

    private List<JWK> select(Optional<String> kid) {
        return keys.getKeys().stream()
                .filter(k -> kid.isEmpty() || kid.get().equals(k.getKeyID()))
                // A key marked for encryption cannot vouch for a signature (RFC 7517 §4.2).
                .filter(k -> k.getKeyUse() == null || "sig".equals(k.getKeyUse().identifier()))
                .toList();
    }

    private void refetch(Supplier<Fetched> fetcher) {
        Fetched fetched = fetcher.get();
        String body = fetched.body();
        try {
            JWKSet parsed = JWKSet.parse(body);
            if (parsed.getKeys().isEmpty()) {
                throw Failures.protocol("jwks", "the provider's key set has no keys");
            }
            keys = parsed;
            fetchedAt = clock.instant();
            maxAge = maxAgeOf(fetched.cacheControl());
        } catch (ParseException e) {
            throw Failures.protocol("jwks", "the provider's key set is not a JWK set (is jwks_uri right?)");
        }
    }
}
