package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The edges of a credential's header name (RC6), and when two credentials are the same one. */
class CredentialEdgesTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "z", "A", "Z", "0", "9", "azAZ09", "x-api-key", "!#$%&'*+-.^_`|~"})
    @DisplayName("RC6: a header name of the first and last letters and digits, or of tchar punctuation, is accepted")
    void tokenCharactersAtTheirEdgesAreAccepted(String name) {
        Credential key = Credential.apiKey(name, "k-1");

        assertThat(key.headerName()).isEqualTo(name);
        assertThat(key.headerValue()).isEqualTo("k-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"@", "[", "{", "/", ":", "x@y", "x[y", "x{y", "x/y", "x:y"})
    @DisplayName("RC6: a header name with the character just before or after a letter or digit range is refused")
    void charactersJustOutsideTheRangesAreRefused(String name) {
        assertThatThrownBy(() -> Credential.apiKey(name, "k-SECRET"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("RFC 9110")
                .hasMessageNotContaining("SECRET");
    }

    @ParameterizedTest
    @ValueSource(strings = {"!", "~", "sk-!~"})
    @DisplayName("RC6: the first and last visible ASCII characters are a key's own; a space or DEL is not")
    void visibleAsciiAtItsEdges(String key) {
        assertThat(Credential.bearer(key).headerValue()).isEqualTo("Bearer " + key);
        assertThatThrownBy(() -> Credential.bearer(key + " ")).isInstanceOf(CallFailure.Configuration.class);
        assertThatThrownBy(() -> Credential.bearer(key + "\u007f")).isInstanceOf(CallFailure.Configuration.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-api-key", "X-API-KEY", "X-Api-Key"})
    @DisplayName("RC6: the same key in the same header, whatever the name's case, is the same credential")
    void sameKeySameHeaderIsEqual(String name) {
        Credential one = Credential.apiKey("x-api-key", "k-1");
        Credential other = Credential.apiKey(name, "k-1");

        assertThat(other).isEqualTo(one);
        assertThat(other.hashCode()).isEqualTo(one.hashCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"value", "header", "kind"})
    @DisplayName("RC6: another key, another header, or a bearer token of the same text is another credential")
    void anyDifferenceMakesAnotherCredential(String what) {
        Credential one = Credential.apiKey("x-api-key", "k-1");
        Credential other = switch (what) {
            case "value" -> Credential.apiKey("x-api-key", "k-2");
            case "header" -> Credential.apiKey("api-key", "k-1");
            default -> Credential.bearer("k-1");
        };

        assertThat(other).isNotEqualTo(one);
        assertThat(one).isNotEqualTo("k-1");
    }
}
