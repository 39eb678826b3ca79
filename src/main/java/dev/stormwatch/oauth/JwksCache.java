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
 * unknown {@code kid} (key rotation), at most once per cooldown so a flood of unknown keys costs one fetch (OP3).
 */
public final class JwksCache {

    /** OP3: a flood of tokens with unknown kids costs at most one fetch a minute. */
    public static final Duration DEFAULT_COOLDOWN = Duration.ofMinutes(1);

    private final Clock clock;
    private final Duration cooldown;
    private JWKSet keys;
    private Instant fetchedAt;
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
        return kid -> candidates(kid, fetcher);
    }

    /**
     * The keys that may have signed a token with this {@code kid} (all keys when the token names none).
     *
     * @param fetcher fetches the JWKS document within the current visible call (a retried read, OP3)
     */
    public synchronized List<JWK> candidates(Optional<String> kid, Supplier<String> fetcher) {
        if (keys == null) {
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

    private void refetch(Supplier<String> fetcher) {
        String body = fetcher.get();
        try {
            JWKSet parsed = JWKSet.parse(body);
            if (parsed.getKeys().isEmpty()) {
                throw Failures.protocol("jwks", "the provider's key set has no keys");
            }
            keys = parsed;
            fetchedAt = clock.instant();
        } catch (ParseException e) {
            throw Failures.protocol("jwks", "the provider's key set is not a JWK set (is jwks_uri right?)");
        }
    }
}
