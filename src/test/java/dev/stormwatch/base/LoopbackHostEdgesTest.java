package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The edges of every character class and octet range {@link LoopbackHost} accepts, one row each. */
class LoopbackHostEdgesTest {

    @DisplayName("SX2: a loopback literal is told from the text alone, at each edge of the digits and octets it takes")
    @ParameterizedTest(name = "''{0}'': literal {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // host                  | literal
                "127.9.9.9               | true", // the last decimal digit
                "127.0.0.255             | true", // the largest octet
                "127.000.000.001         | true", // three digits per octet, leading zeros and all
                "127.0.0.0001            | false", // four digits are not an octet
                "127.0.0.                | false",
                "127.0.0.1/8             | false",
                "[::ffff:7f0a:1]         | true", // 127.10.0.1 written in hex: the first lower-case hex letter
                "[::FFFF:7F0A:1]         | true", // the same in upper case: the first and last upper-case letters
                "[::ffff:7f09:1]         | true", // 127.9.0.1: the last decimal digit in hex
                "[::ffff:7f00:1]         | true",
                "[::ffff:8000:1]         | false", // 128.0.0.1
                "[::g]                   | false", // past the hex letters: never sent to the resolver
                "[::1%lo]                | false", // a zone is not a plain literal
                "[1:2]                   | false", // hex and colons, but no IPv6 address
                ":::                     | false",
                "::1                     | true",
                "[]                      | false",
                "[                       | false",
            })
    void literalEdges(String host, boolean literal) {
        assertThat(LoopbackHost.isLiteralAddress(host)).isEqualTo(literal);
        assertThat(LoopbackHost.isLoopback(host))
                .as("a literal names this machine")
                .isEqualTo(literal);
    }

    @Test
    @DisplayName("PX2: a missing host is neither a literal nor this machine, and asking does not throw")
    void noHostIsNotLoopback() {
        assertThat(LoopbackHost.isLiteralAddress(null)).isFalse();
        assertThat(LoopbackHost.isLoopback(null)).isFalse();
        // A URI without a host, such as a relative one, has a null host: plain http to it is not allowed.
        assertThat(LoopbackHost.isHttpsOrLoopbackHttp(URI.create("http:/path"))).isFalse();
    }

    @DisplayName("PX2: names under .localhost, at the edges of the suffix")
    @ParameterizedTest(name = "''{0}'': loopback {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "x.localhost             | true",
                "X.LOCALHOST             | true",
                "localhost.              | false",
                "xlocalhost              | false",
                "x.localhost.            | false",
            })
    void localhostNames(String host, boolean loopback) {
        assertThat(LoopbackHost.isLoopback(host)).isEqualTo(loopback);
        assertThat(LoopbackHost.isLiteralAddress(host))
                .as("a name is never a literal")
                .isFalse();
    }
}
