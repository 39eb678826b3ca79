package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The key a DPoP client shows and the origins its nonces are kept by (OP4, RC6), beside {@link DpopProofsTest}. */
class DpopProofsEdgesTest {

    private final DpopProofs dpop =
            DpopProofs.generate(new FakeClock(Instant.parse("2026-01-01T10:00:00Z")), new SecureRandom());

    @Test
    @DisplayName("OP4: the thumbprint is RFC 7638's of the public key every proof carries, and is all its text shows")
    void theThumbprintNamesTheProofsKey() throws Exception {
        SignedJWT proof = SignedJWT.parse(
                dpop.proof("GET", URI.create("https://rs.example.com/x")).reveal());

        assertThat(dpop.thumbprint())
                .isEqualTo(proof.getHeader().getJWK().computeThumbprint().toString())
                .hasSize(43);
        assertThat(dpop).hasToString("DpopProofs[jkt=" + dpop.thumbprint() + "]");
    }

    @Test
    @DisplayName("OP4: a nonce is kept per origin: scheme, lower-case host and port, also for a URL OkHttp cannot"
            + " parse")
    void noncesAreKeptPerOrigin() {
        dpop.rememberNonce(URI.create("https://AS.example.com/token"), "n1");

        assertThat(dpop.nonceFor(URI.create("https://as.example.com:443/par"))).contains("n1");
        assertThat(dpop.nonceFor(URI.create("https://as.example.com:8443/par"))).isEmpty();
        assertThat(DpopProofs.origin(URI.create("wss://RS.Example.com:9443/socket")))
                .isEqualTo("wss://rs.example.com:9443");
        assertThat(DpopProofs.origin(URI.create("HTTPS://as.example.com/x"))).isEqualTo("https://as.example.com:443");
    }
}
