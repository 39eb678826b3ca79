package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IssuerAndMetadataTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://login.example.com",
                "http://127.0.0.1:8080",
                "http://127.255.0.9/x",
                "http://[::1]:9000",
                "http://localhost:8080/realms/demo"
            })
    void acceptsHttpsAndLoopbackIssuers(String url) {
        assertThat(new Issuer(url).value()).isEqualTo(url);
    }

    // RFC 6761 §6.3, as the load options already had it: a name under .localhost is this machine too.
    @org.junit.jupiter.api.Test
    void aPlainHttpIssuerUnderLocalhostIsAcceptedLikeLocalhost() {
        assertThat(new Issuer("http://auth.localhost:8080").value()).isEqualTo("http://auth.localhost:8080");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://login.example.com",
                "http://128.0.0.1",
                "http://127.0.0.1.evil.com",
                "https://login.example.com?x=1",
                "https://login.example.com#f",
                "not a url",
                "",
                "ftp://127.0.0.1"
            })
    void refusesInsecureOrMalformedIssuers(String url) {
        // E1 Configuration: raised when the settings are made
        assertThatThrownBy(() -> new Issuer(url)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void discoveryUrlsFollowOidcAndRfc8414() {
        Issuer issuer = new Issuer("https://login.example.com/tenant/");

        assertThat(issuer.openIdConfigurationUrl())
                .isEqualTo(URI.create("https://login.example.com/tenant/.well-known/openid-configuration"));
        assertThat(issuer.authorizationServerMetadataUrl())
                .isEqualTo(URI.create("https://login.example.com/.well-known/oauth-authorization-server/tenant"));
    }

    @Test
    void issuerEqualityIsExact() {
        assertThat(new Issuer("https://a.example.com").sameAs("https://a.example.com/"))
                .isFalse();
        assertThat(new Issuer("https://a.example.com").sameAs("https://A.example.com"))
                .isFalse();
        assertThat(new Issuer("https://a.example.com").sameAs("https://a.example.com"))
                .isTrue();
    }

    @Test
    void metadataWithAnotherIssuerIsAProtocolError() {
        assertThatThrownBy(() -> ProviderMetadata.parse(
                        document("https://evil.example.com", "https://evil.example.com"),
                        new Issuer("https://login.example.com")))
                .hasMessageContaining("discovery issuer");
    }

    @Test
    void metadataWithAnHttpEndpointOffLoopbackIsRefused() {
        String doc = document("https://login.example.com", "http://login.example.com");

        assertThatThrownBy(() -> ProviderMetadata.parse(doc, new Issuer("https://login.example.com")))
                .hasMessageContaining("must be an https URL");
    }

    @Test
    void htmlWhereJsonIsDueIsAClearError() {
        assertThatThrownBy(
                        () -> ProviderMetadata.parse("<html>Sign in</html>", new Issuer("https://login.example.com")))
                .hasMessageContaining("not JSON");
    }

    @Test
    void parMetadataAndIssSupportAreRead() {
        String doc = """
                {"issuer":"https://login.example.com","authorization_endpoint":"https://login.example.com/auth",
                 "token_endpoint":"https://login.example.com/token","jwks_uri":"https://login.example.com/jwks",
                 "pushed_authorization_request_endpoint":"https://login.example.com/par",
                 "require_pushed_authorization_requests":true,
                 "authorization_response_iss_parameter_supported":true,
                 "code_challenge_methods_supported":["S256"],
                 "id_token_signing_alg_values_supported":["RS256","ES256"]}""";

        ProviderMetadata metadata = ProviderMetadata.parse(doc, new Issuer("https://login.example.com"));

        assertThat(metadata.usesPar()).isTrue();
        assertThat(metadata.authorizationResponseIssParameterSupported()).isTrue();
        assertThat(metadata.idTokenSigningAlgValuesSupported()).containsExactly("RS256", "ES256");
        assertThat(metadata.userinfoEndpoint()).isEmpty();
    }

    @Test
    void providerWithoutS256IsRefused() {
        String doc = """
                {"issuer":"https://l.example.com","authorization_endpoint":"https://l.example.com/a",
                 "token_endpoint":"https://l.example.com/t","jwks_uri":"https://l.example.com/j",
                 "code_challenge_methods_supported":["plain"]}""";

        assertThatThrownBy(() -> ProviderMetadata.parse(doc, new Issuer("https://l.example.com")))
                .hasMessageContaining("S256");
    }

    // E1: regression, a port out of range in the discovery document escaped later as IllegalArgumentException
    @ParameterizedTest
    @ValueSource(
            strings = {
                "authorization_endpoint",
                "token_endpoint",
                "jwks_uri",
                "userinfo_endpoint",
                "revocation_endpoint",
                "pushed_authorization_request_endpoint"
            })
    @DisplayName("E1: an endpoint with a port outside 1..65535 is a Protocol error naming discovery and the field")
    void anEndpointWithAnInvalidPortIsAProtocolErrorNamingTheField(String field) {
        for (String port : List.of("70000", "65536", "0")) {
            String doc = withEndpoint(field, "https://idp.example:" + port + "/x");

            assertThatThrownBy(() -> ProviderMetadata.parse(doc, new Issuer("https://login.example.com")))
                    .isInstanceOf(CallFailure.Protocol.class)
                    .hasMessageStartingWith("discovery")
                    .hasMessageContaining(field);
        }
    }

    @Test
    @DisplayName("E1: the highest port, 65535, is accepted; a non-http scheme is refused")
    void theHighestPortIsAcceptedAndOtherSchemesAreNot() {
        ProviderMetadata metadata = ProviderMetadata.parse(
                withEndpoint("token_endpoint", "https://idp.example:65535/token"),
                new Issuer("https://login.example.com"));
        assertThat(metadata.tokenEndpoint().getPort()).isEqualTo(65535);

        assertThatThrownBy(() -> ProviderMetadata.parse(
                        withEndpoint("jwks_uri", "ftp://idp.example/jwks"), new Issuer("https://login.example.com")))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("jwks_uri");
    }

    private static String withEndpoint(String field, String url) {
        String base = document("https://login.example.com", "https://login.example.com");
        String fieldJson = "\"" + field + "\":\"";
        int at = base.indexOf(fieldJson);
        if (at < 0) {
            return base.substring(0, base.length() - 1) + "," + fieldJson + url + "\"}";
        }
        int end = base.indexOf('"', at + fieldJson.length());
        return base.substring(0, at + fieldJson.length()) + url + base.substring(end);
    }

    static String document(String issuer, String endpointBase) {
        return "{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + endpointBase + "/auth\","
                + "\"token_endpoint\":\"" + endpointBase + "/token\",\"jwks_uri\":\"" + endpointBase + "/jwks\"}";
    }
}
