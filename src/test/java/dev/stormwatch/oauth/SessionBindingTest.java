package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A4, the decision alone: which client a stored session belongs to, and whether its ID token names the same one.
 * {@link SessionBindingOnTheWireTest} shows on real sockets that a refused session reaches no provider.
 */
class SessionBindingTest {

    private static final Issuer A = new Issuer("https://a.example");
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    private static IdTokenClaims claims(String issuer, List<String> audience, Map<String, Object> other) {
        return new IdTokenClaims(issuer, "alice", audience, NOW.plusSeconds(300), NOW, Optional.of("n"), other);
    }

    private static Session session(IdTokenClaims claims, SessionBinding saved) {
        TokenSet tokens = new TokenSet(
                Secret.of("at"),
                "Bearer",
                Optional.of(NOW.plusSeconds(300)),
                Optional.empty(),
                Secret.of("id"),
                Optional.empty());
        return new Session(tokens, claims, saved);
    }

    @Test
    @DisplayName("A4: an ID token binds by its azp, else its one audience; several audiences without azp name no"
            + " client")
    void whatAnIdTokenStatesByItself() {
        assertThat(SessionBinding.of(claims("https://a.example", List.of("app", "api"), Map.of("azp", "app"))))
                .isEqualTo(new SessionBinding("https://a.example", "app"));
        assertThat(SessionBinding.of(claims("https://a.example", List.of("app"), Map.of("azp", "  "))))
                .isEqualTo(new SessionBinding("https://a.example", "app"));
        assertThat(SessionBinding.of(claims("https://a.example", List.of("app"), Map.of())))
                .isEqualTo(new SessionBinding("https://a.example", "app"));
        SessionBinding unknown = SessionBinding.of(claims("https://a.example", List.of("app", "api"), Map.of()));
        assertThat(unknown).isEqualTo(new SessionBinding("https://a.example", ""));
        assertThat(unknown.describe()).isEqualTo("issuer https://a.example (client id unknown)");
    }

    @Test
    @DisplayName("A4: a saved binding that names the client is not enough: the ID token's iss, aud and azp must name"
            + " it too")
    void theIdTokenMustAgreeWithTheSavedBinding() {
        SessionBinding saved = new SessionBinding("https://a.example", "app");

        assertThat(SessionBinding.refusal(
                        session(claims("https://a.example", List.of("app"), Map.of("azp", "app")), saved), A, "app"))
                .isEmpty();
        assertThat(SessionBinding.refusal(
                        session(claims("https://a.example", List.of("app", "api"), Map.of("azp", "api")), saved),
                        A,
                        "app"))
                .get()
                .asString()
                .startsWith("the stored session belongs to issuer https://a.example with client id app, not to issuer"
                        + " https://a.example with client id app;");
        assertThat(SessionBinding.refusal(
                        session(claims("https://a.example", List.of("api"), Map.of()), saved), A, "app"))
                .isPresent();
        assertThat(SessionBinding.refusal(
                        session(claims("https://b.example", List.of("app"), Map.of()), saved), A, "app"))
                .isPresent();
        assertThat(SessionBinding.refusal(
                        session(
                                claims("https://a.example", List.of("app"), Map.of()),
                                new SessionBinding("https://b.example", "app")),
                        A,
                        "app"))
                .get()
                .asString()
                .contains("belongs to issuer https://b.example with client id app")
                .contains("Sign in to https://a.example (the stored session is kept)");
    }
}
