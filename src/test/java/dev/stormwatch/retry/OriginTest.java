package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OriginTest {

    @Test
    @DisplayName("P1: an IPv6 literal with or without brackets, in any case, is one origin, so one pause")
    void anIpv6LiteralIsOneOriginWithOrWithoutBrackets() {
        Origin bracketed = Origin.of(URI.create("HTTP://[::1]:8080/v1"));
        Origin bare = new Origin("http", "::1", 8080);

        assertThat(bracketed).isEqualTo(bare);
        assertThat(bracketed.host()).isEqualTo("::1");
        assertThat(bracketed).hasToString("http://[::1]:8080");
        assertThat(new Origin("https", "API.Example.COM", 443)).hasToString("https://api.example.com:443");
    }

    @Test
    @DisplayName("P1: only a whole bracket pair around a literal is dropped")
    void onlyAWholeBracketPairIsDropped() {
        assertThat(new Origin("http", "[]", 80).host()).isEqualTo("[]");
        assertThat(new Origin("http", "[x]", 80).host()).isEqualTo("x");
        assertThat(new Origin("http", "[x", 80).host()).isEqualTo("[x");
        assertThat(new Origin("http", "x]", 80).host()).isEqualTo("x]");
    }

    @Test
    @DisplayName("P1: the default port is filled in, so http://h and http://h:80 share a pause")
    void theDefaultPortIsFilledIn() {
        assertThat(Origin.of("http://h/x")).isEqualTo(Origin.of("http://h:80/y"));
        assertThat(Origin.of("https://h/x")).isEqualTo(new Origin("https", "h", 443));
        assertThat(Origin.of("https://h:8443/x").port()).isEqualTo(8443);
        assertThatThrownBy(() -> Origin.of("ftp://h/x")).hasMessageContaining("no default port for scheme ftp");
        assertThatThrownBy(() -> Origin.of("/relative")).hasMessageContaining("not an absolute URL");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 65535})
    void thePortsAtTheEdgesAreOrigins(int port) {
        assertThat(new Origin("http", "h", port).port()).isEqualTo(port);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 65536, -1})
    void aPortOutsideOneTo65535IsRefused(int port) {
        assertThatThrownBy(() -> new Origin("http", "h", port))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port out of range: " + port);
    }
}
