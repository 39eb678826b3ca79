package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** L10: the scrape endpoint of {@code load} and {@code relay}, when asked for and when its port cannot be had. */
class MetricsEndpointEdgesTest {

    @Test
    @DisplayName("L10: without a port there are no meters and no address")
    void nothingWhenNotAsked() throws Exception {
        try (MetricsEndpoint none = MetricsEndpoint.startIfAsked(null)) {
            assertThat(none.meters()).isEmpty();
            assertThat(none.address()).isEmpty();
        }
    }

    @Test
    @DisplayName("L10: a port just outside 0..65535 is refused as not a port")
    void thePortsEdges() {
        assertThatThrownBy(() -> MetricsEndpoint.startIfAsked(65_536))
                .isInstanceOf(MetricsEndpoint.PortUnavailable.class)
                .hasMessage("a port is a whole number from 0 to 65535");
        assertThatThrownBy(() -> MetricsEndpoint.startIfAsked(-1)).isInstanceOf(MetricsEndpoint.PortUnavailable.class);
        // 65535 itself is a port: it is served, or (on a busy machine) refused as in use, never as not a port.
        try (MetricsEndpoint highest = MetricsEndpoint.startIfAsked(65_535)) {
            assertThat(highest.address()).contains(java.net.URI.create("http://127.0.0.1:65535/metrics"));
        } catch (MetricsEndpoint.PortUnavailable inUse) {
            assertThat(inUse).hasMessageStartingWith("cannot listen on 127.0.0.1:65535 (");
        }
    }

    @Test
    @DisplayName("L10: a port in use is refused naming the address, and port 0 serves on a free port until closed")
    void aPortInUseAndAFreePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> MetricsEndpoint.startIfAsked(port))
                    .isInstanceOf(MetricsEndpoint.PortUnavailable.class)
                    .hasMessageStartingWith("cannot listen on 127.0.0.1:" + port + " (");
        }
        try (MetricsEndpoint endpoint = MetricsEndpoint.startIfAsked(0)) {
            assertThat(endpoint.meters()).isPresent();
            assertThat(endpoint.address()).get().asString().matches("http://127\\.0\\.0\\.1:\\d+/metrics");
        }
    }
}
