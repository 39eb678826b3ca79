package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.base.Secret;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.StartedProviders;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The refresh token's own lifetime (SX3): read from the token response, kept, and enforced before sending. */
class RefreshTokenLifetimeTest {

    private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private static TokenSet read(String body, Optional<TokenSet> previous) throws Exception {
        return TokenResponse.read(JSON.readTree(body), "token", NOW, false, previous);
    }

    private static String jwtRefreshToken(Instant exp) {
        return TestKeys.sign(
                        TestKeys.rsa("refresh"),
                        new JWTClaimsSet.Builder()
                                .subject("alice")
                                .expirationTime(Date.from(exp))
                                .build())
                .reveal();
    }

    @Test
    @DisplayName("SX3: refresh_expires_in counts from receipt; 0 (Keycloak's offline tokens) says nothing")
    void refreshExpiresInCountsFromReceipt() throws Exception {
        TokenSet stated = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\","
                        + "\"refresh_token\":\"RT\",\"refresh_expires_in\":1800}",
                Optional.empty());
        TokenSet zero = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\","
                        + "\"refresh_token\":\"RT\",\"refresh_expires_in\":0}",
                Optional.empty());
        TokenSet opaque = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\"," + "\"refresh_token\":\"RT\"}",
                Optional.empty());

        assertThat(stated.refreshExpiresAt()).contains(NOW.plusSeconds(1800));
        assertThat(zero.refreshExpiresAt()).isEmpty();
        assertThat(opaque.refreshExpiresAt()).isEmpty();
    }

    @Test
    @DisplayName("SX3: a JWT refresh token's exp is its lifetime when the response states none; a stated one wins")
    void aJwtRefreshTokensExpIsRead() throws Exception {
        String jwt = jwtRefreshToken(NOW.plusSeconds(7200));

        TokenSet fromExp = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\"," + "\"refresh_token\":\"" + jwt
                        + "\"}",
                Optional.empty());
        TokenSet stated = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\"," + "\"refresh_token\":\"" + jwt
                        + "\",\"refresh_expires_in\":60}",
                Optional.empty());
        TokenSet notAJwt = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\","
                        + "\"refresh_token\":\"a.b.c\"}",
                Optional.empty());

        assertThat(fromExp.refreshExpiresAt()).contains(NOW.plusSeconds(7200));
        assertThat(stated.refreshExpiresAt()).contains(NOW.plusSeconds(60));
        assertThat(notAJwt.refreshExpiresAt()).isEmpty();
    }

    @Test
    @DisplayName("SX3: a refresh answer without a new refresh token keeps the old lifetime; a new token brings its own")
    void theOldLifetimeGoesWithTheOldToken() throws Exception {
        TokenSet before = new TokenSet(
                Secret.of("AT0"),
                "Bearer",
                Optional.empty(),
                Optional.of(Secret.of("RT0")),
                Secret.of("IT"),
                Optional.empty(),
                Optional.of(NOW.plusSeconds(99)));

        TokenSet kept = read("{\"access_token\":\"AT\",\"token_type\":\"Bearer\"}", Optional.of(before));
        TokenSet rotated = read(
                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"refresh_token\":\"RT1\"}", Optional.of(before));

        assertThat(kept.refreshExpiresAt()).contains(NOW.plusSeconds(99));
        assertThat(rotated.refreshExpiresAt()).isEmpty();
    }

    @Test
    @DisplayName("SX3: one millisecond before its end the refresh token is sent; at its end it is not, and the"
            + " session ends as Reauthenticate saying when it expired; the session file kept the lifetime")
    void anExpiredRefreshTokenIsNotSent() throws Exception {
        FakeClock clock = new FakeClock(Instant.parse("2026-11-30T06:00:00Z"));
        provider =
                providers.start(ProviderConfig.defaults().withClock(clock).withRefreshTokenTtl(Duration.ofSeconds(60)));
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid offline_access");
        FileSessionStore file = new FileSessionStore(folder.resolve("session.json"));
        OAuthClient client = OAuthClient.builder(config)
                .clock(clock)
                .browser(new SignInPageBrowser())
                .sessionStore(file)
                .build();

        Session session = client.login();
        Instant end = clock.instant().plusSeconds(60);
        assertThat(session.tokens().refreshExpiresAt()).contains(end);
        assertThat(file.load().orElseThrow().tokens().refreshExpiresAt()).contains(end);

        clock.set(end.minusMillis(1));
        Session refreshed = client.refresh();
        Instant secondEnd = refreshed.tokens().refreshExpiresAt().orElseThrow();
        assertThat(secondEnd).isEqualTo(end.minusMillis(1).plusSeconds(60));
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(2);

        clock.set(secondEnd);
        assertThatThrownBy(client::refresh)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("the refresh token expired at " + secondEnd);
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(2);
        assertThat(client.session()).isEmpty();
        assertThat(client.state())
                .isInstanceOfSatisfying(
                        SessionState.Failed.class,
                        failed -> assertThat(failed.error()).isInstanceOf(CallFailure.Reauthenticate.class));
    }
}
