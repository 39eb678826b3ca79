package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.ClientAuthentication.Method;
import dev.stormwatch.retry.CallFailure;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientAuthenticationTest {

    private static final String SECRET = "s3cr3t value/+:";

    private static ClientAuthentication with(Method method) {
        return ClientAuthentication.of(method, Secret.of(SECRET));
    }

    private static List<String> list(String text) {
        return text.isBlank() ? List.of() : List.of(text.split(" "));
    }

    @ParameterizedTest(name = "CA1: {0} with secret={1} against [{2}] -> {3}")
    @CsvSource({
        "AUTO, true, 'none client_secret_basic client_secret_post', CLIENT_SECRET_BASIC",
        "AUTO, true, 'client_secret_post client_secret_basic', CLIENT_SECRET_BASIC",
        "AUTO, true, 'none client_secret_post', CLIENT_SECRET_POST",
        "AUTO, true, '', CLIENT_SECRET_BASIC",
        "AUTO, false, 'none client_secret_basic', NONE",
        "AUTO, false, '', NONE",
        "NONE, false, 'none client_secret_basic', NONE",
        "NONE, false, '', NONE",
        "CLIENT_SECRET_BASIC, true, 'client_secret_basic', CLIENT_SECRET_BASIC",
        "CLIENT_SECRET_POST, true, 'client_secret_post private_key_jwt', CLIENT_SECRET_POST",
        "CLIENT_SECRET_POST, true, '', CLIENT_SECRET_POST",
    })
    @DisplayName("CA1: the method used against what the provider advertises")
    void resolvesAsTheProviderAdvertises(Method method, boolean withSecret, String supported, Method expected) {
        ClientAuthentication auth =
                new ClientAuthentication(method, withSecret ? Optional.of(Secret.of(SECRET)) : Optional.empty());

        assertThat(auth.resolve(list(supported))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "CA1: {0} with secret={1} against [{2}] is refused")
    @CsvSource({
        "CLIENT_SECRET_POST, true, 'client_secret_basic'",
        "CLIENT_SECRET_BASIC, true, 'none'",
        "NONE, false, 'client_secret_basic client_secret_post'",
        "AUTO, true, 'none private_key_jwt'",
        "AUTO, false, 'client_secret_basic'",
    })
    @DisplayName("CA1: a method the provider does not advertise is refused, never swapped, naming the field and list")
    void aMethodTheProviderDoesNotAdvertiseIsRefused(Method method, boolean withSecret, String supported) {
        ClientAuthentication auth =
                new ClientAuthentication(method, withSecret ? Optional.of(Secret.of(SECRET)) : Optional.empty());

        assertThatThrownBy(() -> auth.resolve(list(supported)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("token_endpoint_auth_methods_supported")
                .hasMessageContaining(list(supported).toString())
                .hasMessageNotContaining(SECRET);
    }

    @Test
    @DisplayName("CA1: a secret with none, a secret method without a secret, and an empty secret are refused when made")
    void mismatchedSettingsAreRefusedWhenMade() {
        assertThatThrownBy(() -> new ClientAuthentication(Method.NONE, Optional.of(Secret.of(SECRET))))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("'none'")
                .hasMessageNotContaining(SECRET);
        assertThatThrownBy(() -> new ClientAuthentication(Method.CLIENT_SECRET_BASIC, Optional.empty()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("needs a client secret");
        assertThatThrownBy(() -> new ClientAuthentication(Method.CLIENT_SECRET_POST, Optional.empty()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("needs a client secret");
        assertThatThrownBy(() -> ClientAuthentication.of(Method.CLIENT_SECRET_BASIC, Secret.of("")))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> Method.parse("client_secret_jwt"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining(
                        "none, client_secret_basic, client_secret_post, private_key_jwt, tls_client_auth, self_signed_tls_client_auth or auto");
        assertThat(Method.parse("private_key_jwt")).isEqualTo(Method.PRIVATE_KEY_JWT);
        assertThat(Method.parse(" Client_Secret_Basic ")).isEqualTo(Method.CLIENT_SECRET_BASIC);
    }

    @Test
    @DisplayName("CA2: the settings print no secret")
    void theSettingsPrintNoSecret() {
        OAuthConfig config = OAuthConfig.of("https://login.example.com", "app")
                .withClientAuthentication(with(Method.CLIENT_SECRET_BASIC));

        assertThat(config.toString()).doesNotContain(SECRET).contains("client_secret_basic");
        assertThat(with(Method.AUTO).toString()).isEqualTo("ClientAuthentication[auto, secret [redacted]]");
    }

    @Test
    @DisplayName("CA3: Basic form-urlencodes id and secret before Base64 (RFC 6749 §2.3.1), and drops client_id from"
            + " the token form but keeps it for PAR")
    void basicEncodesAsRfc6749Says() {
        Map<String, String> tokenForm =
                new LinkedHashMap<>(Map.of("grant_type", "refresh_token", "client_id", "my app"));
        Map<String, String> parForm = new LinkedHashMap<>(Map.of("client_id", "my app"));

        Optional<String> header = with(Method.AUTO).apply(Method.CLIENT_SECRET_BASIC, "my app", tokenForm, false);
        with(Method.AUTO).apply(Method.CLIENT_SECRET_BASIC, "my app", parForm, true);

        String decoded = new String(
                Base64.getDecoder().decode(header.orElseThrow().substring("Basic ".length())), StandardCharsets.UTF_8);
        assertThat(decoded).isEqualTo("my+app:s3cr3t+value%2F%2B%3A");
        assertThat(tokenForm).doesNotContainKey("client_id").doesNotContainKey("client_secret");
        assertThat(parForm).containsEntry("client_id", "my app").doesNotContainKey("client_secret");
    }

    @Test
    @DisplayName("CA3: post puts id and secret in the form; none puts the id alone, and no header")
    void postAndNoneUseTheForm() {
        Map<String, String> post = new LinkedHashMap<>();
        Map<String, String> none = new LinkedHashMap<>();

        assertThat(with(Method.CLIENT_SECRET_POST).apply(Method.CLIENT_SECRET_POST, "app", post, false))
                .isEmpty();
        assertThat(ClientAuthentication.NONE.apply(Method.NONE, "app", none, false))
                .isEmpty();

        assertThat(post).containsEntry("client_id", "app").containsEntry("client_secret", SECRET);
        assertThat(none).containsOnly(Map.entry("client_id", "app"));
    }

    private static ClientAssertionKey key() {
        return ClientAssertionKey.generate(new java.security.SecureRandom());
    }

    @Test
    @DisplayName("CA4: private_key_jwt needs a key, a key needs private_key_jwt or auto, and key and secret never go"
            + " together")
    void privateKeyJwtTakesAKeyAndNothingElse() {
        ClientAssertionKey key = key();

        assertThat(ClientAuthentication.of(Method.PRIVATE_KEY_JWT, key).key()).contains(key);
        assertThatThrownBy(() -> new ClientAuthentication(Method.PRIVATE_KEY_JWT, Optional.empty()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("--client-key-file");
        for (Method other : List.of(Method.NONE, Method.CLIENT_SECRET_BASIC, Method.CLIENT_SECRET_POST)) {
            assertThatThrownBy(() -> ClientAuthentication.of(other, key))
                    .as("%s", other)
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("private key was given");
        }
        assertThatThrownBy(
                        () -> new ClientAuthentication(Method.AUTO, Optional.of(Secret.of(SECRET)), Optional.of(key)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("not both");
    }

    @ParameterizedTest(name = "CA4: {0} with a key against [{1}] -> {2}")
    @CsvSource({
        "AUTO, 'client_secret_basic private_key_jwt', PRIVATE_KEY_JWT",
        "AUTO, '', PRIVATE_KEY_JWT",
        "PRIVATE_KEY_JWT, 'private_key_jwt', PRIVATE_KEY_JWT",
        "PRIVATE_KEY_JWT, '', PRIVATE_KEY_JWT",
    })
    @DisplayName("CA4: the method used with a key against what the provider advertises")
    void resolvesAKeyAsTheProviderAdvertises(Method method, String supported, Method expected) {
        assertThat(ClientAuthentication.of(method, key()).resolve(list(supported)))
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "CA4: {0} with a key against [{1}] is refused")
    @CsvSource({"AUTO, 'none client_secret_basic'", "PRIVATE_KEY_JWT, 'client_secret_basic client_secret_post'"})
    @DisplayName("CA4: a key the provider does not take is refused, naming its list, never swapped for another method")
    void refusesAKeyTheProviderDoesNotTake(Method method, String supported) {
        assertThatThrownBy(() -> ClientAuthentication.of(method, key()).resolve(list(supported)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("token_endpoint_auth_methods_supported");
    }

    @Test
    @DisplayName("CA4, CA6: private_key_jwt keeps client_id, names the assertion type, adds no header and no secret")
    void privateKeyJwtFillsTheFormButNotTheAssertion() {
        Map<String, String> form = new LinkedHashMap<>();

        Optional<String> header = ClientAuthentication.of(Method.PRIVATE_KEY_JWT, key())
                .apply(Method.PRIVATE_KEY_JWT, "my-client", form, false);

        assertThat(header).isEmpty();
        assertThat(form)
                .containsEntry("client_id", "my-client")
                .containsEntry("client_assertion_type", ClientAssertionKey.ASSERTION_TYPE)
                .doesNotContainKeys("client_secret", "client_assertion");
    }
}
