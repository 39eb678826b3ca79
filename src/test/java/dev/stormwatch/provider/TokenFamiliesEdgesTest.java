package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The provider's bookkeeping of codes, tokens and single-use values on a fake clock: token families (RFC 6749 §6, RFC
 * 9700 §4.14.2, RFC 7009 §2.1), authorization codes (§4.1.2) and the single-use store of PAR and sign-in pages.
 */
class TokenFamiliesEdgesTest {

    private final FakeClock clock = FakeClock.atNewYear();
    private final TokenFamilies families = new TokenFamilies(clock, Duration.ofHours(1));

    private static Grant grant(String familyId, String clientId, Optional<String> jkt) {
        return new Grant(familyId, clientId, DemoUser.alice(), "openid", Instant.EPOCH, jkt);
    }

    private static String refusal(TokenFamilies.Refreshed refreshed) {
        return refreshed instanceof TokenFamilies.Refreshed.Refused refused ? refused.description() : "rotated";
    }

    @Test
    @DisplayName("F3: a rotated refresh token, used again, revokes its family: the new token and the family's access"
            + " tokens stop working")
    void reuseRevokesTheFamily() {
        Grant grant = grant("f1", "app", Optional.empty());
        families.open(grant, "rt-1");
        families.recordAccessToken("at-1", grant, clock.instant().plusSeconds(60));

        assertThat(families.rotate("rt-1", "app", Optional.empty(), "rt-2"))
                .isEqualTo(new TokenFamilies.Refreshed.Rotated(grant, "rt-2"));
        assertThat(families.familyRevoked("f1")).isFalse();
        assertThat(refusal(families.rotate("rt-1", "app", Optional.empty(), "rt-3")))
                .contains("reused");
        assertThat(families.familyRevoked("f1")).isTrue();
        assertThat(refusal(families.rotate("rt-2", "app", Optional.empty(), "rt-4")))
                .contains("revoked");
        assertThat(families.activeAccessToken("at-1")).isEmpty();
        assertThat(families.accessTokenExpiry("at-1")).isEmpty();
        assertThat(refusal(families.rotate("rt-9", "app", Optional.empty(), "rt-5")))
                .contains("unknown");
    }

    @Test
    @DisplayName("F3: a refresh token rotates until one millisecond before its lifetime, and each rotation starts the"
            + " lifetime again")
    void eachRotationStartsTheLifetimeAgain() {
        families.open(grant("f1", "app", Optional.empty()), "rt-1");

        clock.advance(Duration.ofHours(1).minusMillis(1));
        assertThat(refusal(families.rotate("rt-1", "app", Optional.empty(), "rt-2")))
                .isEqualTo("rotated");
        clock.advance(Duration.ofHours(1).minusMillis(1));
        assertThat(refusal(families.rotate("rt-2", "app", Optional.empty(), "rt-3")))
                .isEqualTo("rotated");
        clock.advance(Duration.ofHours(1));
        assertThat(refusal(families.rotate("rt-3", "app", Optional.empty(), "rt-4")))
                .contains("expired");
    }

    @Test
    @DisplayName("OP4: a DPoP-bound family refreshes only with its key; another client is refused; neither refusal"
            + " spends the token")
    void theClientAndTheKeyMustMatch() {
        families.open(grant("f1", "app", Optional.of("jkt-1")), "rt-1");

        assertThat(refusal(families.rotate("rt-1", "other", Optional.of("jkt-1"), "x")))
                .contains("another client");
        assertThat(refusal(families.rotate("rt-1", "app", Optional.empty(), "x")))
                .contains("another DPoP key");
        assertThat(refusal(families.rotate("rt-1", "app", Optional.of("jkt-2"), "x")))
                .contains("another DPoP key");
        assertThat(refusal(families.rotate("rt-1", "app", Optional.of("jkt-1"), "rt-2")))
                .isEqualTo("rotated");
        assertThat(refusal(families.rotate("rt-2", "app", Optional.of("jkt-1"), "rt-3")))
                .isEqualTo("rotated");
    }

    @Test
    @DisplayName("IN1: an access token is live until one millisecond before its expiry, which introspection states")
    void anAccessTokenLivesUntilItsExpiry() {
        Grant grant = grant("f1", "app", Optional.empty());
        families.open(grant, "rt-1");
        Instant expiry = clock.instant().plusSeconds(60);
        families.recordAccessToken("at-1", grant, expiry);

        clock.advance(Duration.ofSeconds(60).minusMillis(1));
        assertThat(families.activeAccessToken("at-1")).contains(grant);
        assertThat(families.accessTokenExpiry("at-1")).contains(expiry);
        clock.advance(Duration.ofMillis(1));
        assertThat(families.activeAccessToken("at-1")).isEmpty();
        assertThat(families.activeAccessToken("never")).isEmpty();
    }

    @Test
    @DisplayName(
            "RFC 7009 §2.1: a client revokes its own refresh token (the family) or access token (that one); another"
                    + " client's is refused; an unknown token is fine")
    void revocation() {
        Grant grant = grant("f1", "app", Optional.empty());
        families.open(grant, "rt-1");
        families.recordAccessToken("at-1", grant, clock.instant().plusSeconds(60));
        families.recordAccessToken("at-2", grant, clock.instant().plusSeconds(60));

        assertThat(families.revoke("rt-1", "other")).isFalse();
        assertThat(families.revoke("at-1", "other")).isFalse();
        assertThat(families.activeAccessToken("at-1")).isPresent();
        assertThat(families.revoke("at-1", "app")).isTrue();
        assertThat(families.activeAccessToken("at-1")).isEmpty();
        assertThat(families.activeAccessToken("at-2")).isPresent();
        assertThat(families.revoke("unknown", "app")).isTrue();
        assertThat(families.revoke("rt-1", "app")).isTrue();
        assertThat(families.familyRevoked("f1")).isTrue();
        assertThat(families.activeAccessToken("at-2")).isEmpty();
    }

    @Test
    @DisplayName("A code is spent by its first redemption, expired or not; its second use revokes the family linked"
            + " to it, if any")
    void authorizationCodes() {
        AuthorizationCodes codes = new AuthorizationCodes(clock);
        AuthorizationRequest request = new AuthorizationRequest(
                "app",
                "http://127.0.0.1/callback",
                Optional.of("csrf-state"),
                "openid",
                Optional.empty(),
                "c".repeat(43));
        java.util.List<String> revoked = new java.util.ArrayList<>();
        codes.issue("c1", request, DemoUser.alice(), clock.instant().plusSeconds(60));
        codes.issue("c2", request, DemoUser.bob(), clock.instant().plusSeconds(60));
        Instant issued = clock.instant();

        clock.advance(Duration.ofSeconds(60).minusMillis(1));
        assertThat(codes.redeem("c1", revoked::add).redeemable())
                .contains(new AuthorizationCodes.Redeemable(request, DemoUser.alice(), issued));
        assertThat(codes.redeem("c1", revoked::add).refusal()).contains("already used");
        assertThat(revoked).as("no family linked yet").isEmpty();
        codes.linkFamily("c1", "f1");
        codes.linkFamily("unknown", "f9");
        assertThat(codes.redeem("c1", revoked::add).redeemable()).isEmpty();
        assertThat(revoked).containsExactly("f1");
        clock.advance(Duration.ofMillis(1));
        assertThat(codes.redeem("c2", revoked::add).refusal()).isEqualTo("authorization code expired");
        assertThat(codes.redeem("c2", revoked::add).refusal()).contains("already used");
        assertThat(codes.redeem("c3", revoked::add).refusal()).isEqualTo("unknown authorization code");
        assertThat(request.toString())
                .isEqualTo("AuthorizationRequest[app, http://127.0.0.1/callback, scope=openid]")
                .doesNotContain("csrf-state");
    }

    @Test
    @DisplayName("A single-use value is peeked any number of times and taken once, until one millisecond before its"
            + " expiry; putting a value clears the expired ones")
    void singleUseStore() {
        SingleUseStore<String> store = new SingleUseStore<>(clock);
        store.put("a", "A", clock.instant().plusSeconds(10));
        store.put("b", "B", clock.instant().plusSeconds(10));

        clock.advance(Duration.ofSeconds(10).minusMillis(1));
        assertThat(store.peek("a")).contains("A");
        assertThat(store.peek("a")).contains("A");
        assertThat(store.take("a")).contains("A");
        assertThat(store.take("a")).isEmpty();
        assertThat(store.peek("a")).isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(store.peek("b")).isEmpty();
        assertThat(store.take("b")).isEmpty();
        assertThat(store.peek("never")).isEmpty();
    }
}
