package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The JWKS cache's maximum age on a fake clock (OP6). */
class JwksMaxAgeTest {

    private final FakeClock clock = FakeClock.at("2026-12-01T10:00:00Z");
    private final JwksCache cache = new JwksCache(clock, JwksCache.DEFAULT_COOLDOWN);
    private final AtomicInteger fetches = new AtomicInteger();

    @ParameterizedTest(name = "OP6: Cache-Control ''{0}'' -> {1} s")
    @CsvSource(
            delimiter = '|',
            value = {
                "max-age=600 | 600",
                "public, max-age=7200 | 7200",
                "max-age=\"900\" | 900",
                "max-age=0 | 300",
                "max-age=299 | 300",
                "max-age=300 | 300",
                "max-age=86400 | 86400",
                "max-age=86401 | 86400",
                "max-age=99999999999999999999 | 3600",
                "max-age=-5 | 300",
                "no-store | 300",
                "max-age=600, no-cache | 300",
                "private | 3600",
                "'' | 3600",
            })
    @DisplayName("OP6: the maximum age from Cache-Control, held between 5 min and 24 h, 1 h without one")
    void maxAgeFromCacheControl(String header, long seconds) {
        assertThat(JwksCache.maxAgeOf(Optional.of(header))).isEqualTo(Duration.ofSeconds(seconds));
        assertThat(JwksCache.maxAgeOf(Optional.empty())).isEqualTo(Duration.ofHours(1));
    }

    @Test
    @DisplayName("OP6: a removed key is trusted until the keys' age, 1 ms before it, and not from the moment it is"
            + " reached: the refetch does not wait for the unknown-kid cooldown")
    void aRemovedKeyStopsBeingTrustedAtTheMaxAge() {
        RSAKey old = TestKeys.rsa("old");
        RSAKey next = TestKeys.rsa("new");
        String[] published = {TestKeys.jwks(old)};
        KeySource source = cache.sourceWithAge(() -> {
            fetches.incrementAndGet();
            return new JwksCache.Fetched(published[0], Optional.of("max-age=600"));
        });

        assertThat(source.candidates(Optional.of("old"))).hasSize(1);
        published[0] = TestKeys.jwks(next); // the provider removed "old"
        clock.advance(Duration.ofSeconds(600).minusMillis(1));
        List<?> justBefore = source.candidates(Optional.of("old"));
        assertThat(fetches).hasValue(1);
        clock.advance(Duration.ofMillis(1));
        List<?> atTheAge = source.candidates(Optional.of("old"));

        assertThat(justBefore).hasSize(1);
        assertThat(atTheAge).isEmpty();
        // One fetch for the age, then OP3's one refetch for the kid still unknown; none before the age.
        assertThat(fetches).hasValue(3);
        assertThat(cache.fetchedAt()).contains(clock.instant());
        assertThat(source.candidates(Optional.of("new"))).hasSize(1);
        assertThat(fetches).hasValue(3);
    }
}
