package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.retry.CallFailure;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A credential refuses what OkHttp would refuse later with the secret in its message (RC6). */
class CredentialTest {

    // RC6
    @ParameterizedTest
    @ValueSource(strings = {"sk-caf\u00e9-SECRET", "sk-\u0007-SECRET", "sk-\u007f-SECRET", "sk-\u00a0-SECRET"})
    @DisplayName("RC6: a key with a non-ASCII or control character is refused at once, without the key in the error")
    void keyWithACharacterHttpCannotCarryIsRefusedWithoutShowingIt(String key) {
        CallFailure.Configuration apiKey =
                catchThrowableOfType(CallFailure.Configuration.class, () -> Credential.apiKey("x-api-key", key));
        CallFailure.Configuration bearer =
                catchThrowableOfType(CallFailure.Configuration.class, () -> Credential.bearer(key));

        assertThat(apiKey).isNotNull();
        assertThat(bearer).isNotNull();
        assertThat(apiKey.getMessage()).contains("visible ASCII").doesNotContain("SECRET");
        assertThat(bearer.getMessage()).contains("visible ASCII").doesNotContain("SECRET");
    }

    // RC6
    @ParameterizedTest
    @ValueSource(strings = {"X Portal", "X:Portal", "X-Portal\u00e9", "X(Portal)", "X-Portal\n"})
    @DisplayName("RC6: a header name outside RFC 9110's token characters is refused with a clear error")
    void headerNameOutsideTokenCharactersIsRefused(String name) {
        CallFailure.Configuration refused =
                catchThrowableOfType(CallFailure.Configuration.class, () -> Credential.apiKey(name, "k-SECRET"));

        assertThat(refused).isNotNull();
        assertThat(refused.getMessage()).contains("RFC 9110").doesNotContain("SECRET");
    }

    // RC6
    @ParameterizedTest
    @ValueSource(strings = {"!", "~", "sk-live_AZaz09.+/=", "a\"b"})
    @DisplayName("RC6: every visible ASCII character is accepted, and OkHttp takes the header")
    void visibleAsciiKeysAreAcceptedAndOkHttpTakesThem(String key) {
        Credential credential = Credential.apiKey("X-Portal-Id!#$%&'*+-.^_`|~", key);

        Request request = new Request.Builder()
                .url("http://localhost/")
                .header(credential.headerName(), credential.headerValue())
                .build();

        assertThat(request.header(credential.headerName())).isEqualTo(key);
    }
}
