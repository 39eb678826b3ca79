package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.CallFailure;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The typed error and words for each refusal a token-side endpoint can give, per client authentication method (E1,
 * ST3, CA2, CA6, TX1): the decision {@link ProviderRequests#errorFor} makes from an answer, without a provider.
 * The tests against real providers (Spring Authorization Server, nginx, mock-oauth2-server) show the same refusals
 * end to end.
 */
class ProviderErrorWordsTest {

    private static final String INVALID_CLIENT = "{\"error\":\"invalid_client\"}";

    private static ProviderRequests.Answer answer(int status, String body) {
        return new ProviderRequests.Answer(status, body, Optional.empty());
    }

    private static CallFailure error(int status, String body, ClientAuthentication.Method method) {
        return ProviderRequests.errorFor(answer(status, body), "token", method);
    }

    @Test
    @DisplayName("ST3, CA6: private_key_jwt refused by invalid_client or a bare 401 is the key or registration to"
            + " check, a Configuration error; another error code is not")
    void aRefusedAssertionIsTheSetting() {
        CallFailure refused = error(400, INVALID_CLIENT, ClientAuthentication.Method.PRIVATE_KEY_JWT);
        CallFailure bare = error(401, "", ClientAuthentication.Method.PRIVATE_KEY_JWT);

        assertThat(refused)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("token: the provider refused the client's authentication (400 invalid_client)"
                        + " with private_key_jwt; check the client id, that the client's registered public key");
        assertThat(bare)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("(401 without an OAuth error code) with private_key_jwt");
        assertThat(error(401, "{\"error\":\"invalid_request\"}", ClientAuthentication.Method.PRIVATE_KEY_JWT))
                .isInstanceOf(CallFailure.Protocol.class);
        assertThat(error(400, "", ClientAuthentication.Method.PRIVATE_KEY_JWT))
                .isInstanceOf(CallFailure.Protocol.class);
    }

    @Test
    @DisplayName("ST3, TX1: a mutual-TLS client refused is the certificate to check, in words for each of the two"
            + " methods")
    void aRefusedCertificateIsTheSetting() {
        CallFailure pki = error(400, INVALID_CLIENT, ClientAuthentication.Method.TLS_CLIENT_AUTH);
        CallFailure selfSigned = error(401, "", ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);

        assertThat(pki)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("token: the provider refused the client's authentication (400 invalid_client) with"
                        + " tls_client_auth; check the client id, that --client-cert is the certificate registered"
                        + " (its subject as registered, issued by an authority the provider trusts) and that the"
                        + " registration allows tls_client_auth");
        assertThat(selfSigned)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("(401 without an OAuth error code) with self_signed_tls_client_auth")
                .hasMessageContaining("(in the client's registered JWKS)");
        assertThat(error(401, "{\"error\":\"invalid_request\"}", ClientAuthentication.Method.TLS_CLIENT_AUTH))
                .isInstanceOf(CallFailure.Protocol.class);
        assertThat(error(403, "", ClientAuthentication.Method.TLS_CLIENT_AUTH))
                .isInstanceOf(CallFailure.Protocol.class);
    }

    @Test
    @DisplayName("ST3, CA2: a client secret refused is the secret or registration to check, never the secret itself;"
            + " for Basic and post alike")
    void aRefusedSecretIsTheSetting() {
        for (ClientAuthentication.Method method : List.of(
                ClientAuthentication.Method.CLIENT_SECRET_BASIC, ClientAuthentication.Method.CLIENT_SECRET_POST)) {
            assertThat(error(400, INVALID_CLIENT, method))
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessage("token: the provider refused the client's authentication (400 invalid_client) with "
                            + method.wireName() + "; check the client id, the client secret (--client-secret-file or"
                            + " STORMWATCH_CLIENT_SECRET) and that the registration allows " + method.wireName());
            assertThat(error(401, "", method))
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("(401 without an OAuth error code)");
            assertThat(error(401, "{\"error\":\"unauthorized_client\"}", method))
                    .isInstanceOf(CallFailure.Protocol.class);
            assertThat(error(500, "", method)).isInstanceOf(CallFailure.Protocol.class);
        }
    }

    @Test
    @DisplayName("E1, F3: invalid_grant is a Reauthenticate for every method; a public client's invalid_client says"
            + " to check its registration")
    void invalidGrantAndPublicClients() {
        for (ClientAuthentication.Method method : ClientAuthentication.Method.values()) {
            assertThat(error(400, "{\"error\":\"invalid_grant\"}", method))
                    .as(method.wireName())
                    .isInstanceOf(CallFailure.Reauthenticate.class);
        }
        assertThat(error(401, INVALID_CLIENT, ClientAuthentication.Method.NONE))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessage("token: the provider answered 401 (error invalid_client; check the client id and that the"
                        + " client is registered as a public client (a confidential one needs its client"
                        + " authentication and secret, CA1))");
        assertThat(error(401, "", ClientAuthentication.Method.NONE))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessage("token: the provider answered 401 (no OAuth error code)");
    }

    @Test
    @DisplayName("E1: only a 2xx answer is a success: 199 and 300 are not, 200 and 299 are")
    void onlyTwoHundredsAreSuccesses() {
        assertThat(answer(199, "").ok()).isFalse();
        assertThat(answer(200, "").ok()).isTrue();
        assertThat(answer(299, "").ok()).isTrue();
        assertThat(answer(300, "").ok()).isFalse();
    }

    @Test
    @DisplayName("E7: the provider's error_description follows its error code, printable and cut to 200 characters;"
            + " a blank one adds nothing, and it never turns invalid_grant into another category")
    void theProvidersDescriptionIsSaid() {
        ClientAuthentication.Method none = ClientAuthentication.Method.NONE;
        assertThat(error(
                        400,
                        "{\"error\":\"invalid_request\",\"error_description\":\" redirect_uri is not registered \"}",
                        none))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessage("token: the provider answered 400 (error invalid_request: redirect_uri is not registered)");
        assertThat(error(400, "{\"error\":\"invalid_scope\",\"error_description\":\"bad\\u001b[2Jscope\"}", none))
                .hasMessage("token: the provider answered 400 (error invalid_scope: bad\\u001B[2Jscope)");
        String longer = "x".repeat(199) + "\uD83D\uDE00" + "y";
        assertThat(error(400, "{\"error\":\"invalid_request\",\"error_description\":\"" + longer + "\"}", none))
                .hasMessage("token: the provider answered 400 (error invalid_request: " + "x".repeat(199)
                        + "\uD83D\uDE00" + "...)");
        String exactly = "z".repeat(200);
        assertThat(error(400, "{\"error\":\"invalid_request\",\"error_description\":\"" + exactly + "\"}", none))
                .hasMessage("token: the provider answered 400 (error invalid_request: " + exactly + ")");
        assertThat(error(400, "{\"error\":\"invalid_request\",\"error_description\":\"  \"}", none))
                .hasMessage("token: the provider answered 400 (error invalid_request)");
        assertThat(error(400, "{\"error\":\"invalid_request\",\"error_description\":7}", none))
                .hasMessage("token: the provider answered 400 (error invalid_request)");
        assertThat(error(503, "{\"error_description\":\"down for maintenance\"}", none))
                .hasMessage("token: the provider answered 503 (no OAuth error code: down for maintenance)");
        assertThat(error(400, "{\"error\":\"invalid_grant\",\"error_description\":\"code used\"}", none))
                .isInstanceOf(CallFailure.Reauthenticate.class);
    }
}
