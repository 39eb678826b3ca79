package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LoopbackHostTest {

    /** RFC 8252 §7.3/§8.3 (literal) and RFC 6761 §6.3 (names): one row per host, both questions. */
    @ParameterizedTest(name = "''{0}'': literal {1}, loopback {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                // host                     | literal | loopback
                "127.0.0.1                  | true    | true",
                "127.0.0.2                  | true    | true",
                "127.255.255.255            | true    | true",
                "[::1]                      | true    | true",
                "::1                        | true    | true",
                "[0:0:0:0:0:0:0:1]          | true    | true",
                "[::ffff:127.0.0.1]         | true    | true",
                "localhost                  | false   | true",
                "LocalHost                  | false   | true",
                "api.localhost              | false   | true",
                "a.b.localhost              | false   | true",
                ".localhost                 | false   | false",
                "a..localhost               | false   | false",
                "localhost.example.com      | false   | false",
                "mylocalhost                | false   | false",
                "127.0.0.1.example.com      | false   | false",
                "127.1                      | false   | false",
                "0x7f.0.0.1                 | false   | false",
                "127.0.0.256                | false   | false",
                "128.0.0.1                  | false   | false",
                "10.0.0.1                   | false   | false",
                "0.0.0.0                    | false   | false",
                "[::2]                      | false   | false",
                "[::]                       | false   | false",
                "[localhost]                | false   | false",
                "login.example.com          | false   | false",
                "''                         | false   | false",
            })
    void answersBothQuestionsFromTheTextAlone(String host, boolean literal, boolean loopback) {
        assertThat(LoopbackHost.isLiteralAddress(host)).as("literal").isEqualTo(literal);
        assertThat(LoopbackHost.isLoopback(host)).as("loopback").isEqualTo(loopback);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "https://login.example.com",
                "http://127.0.0.1:8080",
                "http://[::1]:9000/x",
                "http://localhost:8080",
                "http://auth.localhost:8080",
                "HTTP://localhost"
            })
    void httpsOrPlainHttpOnThisMachineIsAllowed(String url) {
        assertThat(LoopbackHost.isHttpsOrLoopbackHttp(URI.create(url))).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"http://login.example.com", "http://127.0.0.1.evil.com", "ftp://127.0.0.1", "http://10.0.0.1"})
    void plainHttpElsewhereIsNot(String url) {
        assertThat(LoopbackHost.isHttpsOrLoopbackHttp(URI.create(url))).isFalse();
    }

    @org.junit.jupiter.api.Test
    void aLiteralResolvesToItselfWhenItIsLoopbackAndToNothingOtherwise() throws Exception {
        assertThat(LoopbackHost.resolvedLoopbackAddresses("127.0.0.1"))
                .containsExactly(InetAddress.getByName("127.0.0.1"));
        assertThat(LoopbackHost.resolvedLoopbackAddresses("10.0.0.1")).isEmpty();
        assertThat(LoopbackHost.resolvedLoopbackAddresses("no-such-host.invalid"))
                .isEmpty();
    }
}
