package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.retry.CallFailure;
import java.util.List;
import java.util.Optional;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * TX5, RFC 8705 §5: a client that presents a certificate sends its token-side requests to the discovery document's
 * mtls_endpoint_aliases, on real sockets against a provider that publishes them; one that presents none does not.
 */
class MutualTlsEndpointAliasesTest extends OAuthClientFixture {

    private final HeldCertificate held =
            new HeldCertificate.Builder().commonName("stormwatch-mtls").build();

    private OAuthConfig withCertificate() {
        return config().withClientAuthentication(new ClientAuthentication(
                ClientAuthentication.Method.NONE,
                Optional.empty(),
                Optional.empty(),
                Optional.of(new ClientCertificate(
                        List.of(held.certificate()), held.keyPair().getPrivate()))));
    }

    @Test
    @DisplayName("TX5: with a client certificate, PAR, the code exchange, refresh, userinfo and revocation go to the"
            + " aliases; the browser's authorization endpoint and the JWKS stay where they were")
    void aClientWithACertificateUsesTheAliases() {
        provider.mtlsAliases = true;
        provider.par = true;
        OAuthClient client = client(withCertificate());

        client.login();
        client.refresh();
        client.userInfo();
        client.logout();

        assertThat(provider.hits("/mtls/par")).isEqualTo(1);
        assertThat(provider.hits("/mtls/token")).isEqualTo(2);
        assertThat(provider.hits("/mtls/userinfo")).isEqualTo(1);
        assertThat(provider.hits("/mtls/revoke")).isEqualTo(1);
        assertThat(provider.hits("/token")
                        + provider.hits("/par")
                        + provider.hits("/userinfo")
                        + provider.hits("/revoke"))
                .isZero();
        assertThat(provider.hits("/authorize")).isEqualTo(1);
        assertThat(provider.hits("/jwks")).isPositive();
    }

    @Test
    @DisplayName("TX5: without a client certificate the aliases are not used")
    void aClientWithoutACertificateIgnoresTheAliases() {
        provider.mtlsAliases = true;
        OAuthClient client = client(config());

        client.login();
        client.refresh();

        assertThat(provider.hits("/token")).isEqualTo(2);
        assertThat(provider.hits("/mtls/token")).isZero();
    }

    @Test
    @DisplayName("TX5: an alias that is not an https URL (or http on loopback) is a Protocol error of discovery"
            + " naming it, before anything is sent")
    void aBadAliasIsRefusedByName() {
        String document = "{\"issuer\":\"https://as.example\",\"authorization_endpoint\":\"https://as.example/a\","
                + "\"token_endpoint\":\"https://as.example/t\",\"jwks_uri\":\"https://as.example/j\","
                + "\"mtls_endpoint_aliases\":{\"token_endpoint\":\"http://mtls.as.example/t\"}}";

        assertThatThrownBy(() -> ProviderMetadata.parse(document, new Issuer("https://as.example")))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining(
                        "mtls_endpoint_aliases.token_endpoint 'http://mtls.as.example/t' must be an" + " https URL");
        assertThat(ProviderMetadata.parse(
                                document.replace("http://mtls", "https://mtls"), new Issuer("https://as.example"))
                        .withMutualTlsAliases()
                        .tokenEndpoint()
                        .toString())
                .isEqualTo("https://mtls.as.example/t");
    }
}
