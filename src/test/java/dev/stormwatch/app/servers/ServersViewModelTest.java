package dev.stormwatch.app.servers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.server.Fault;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ServersViewModelTest {

    @RegisterExtension
    static final RunningEmbeddedStack EMBEDDED = new RunningEmbeddedStack();

    private final ServersViewModel model = new ServersViewModel();

    @Test
    void switchesAreOffUntilTheServersRun() {
        assertThat(model.runningProperty().get()).isFalse();

        model.flip(FaultSwitch.TOKEN_429_LONG);

        assertThat(model.planned()).isEmpty();
        assertThat(EMBEDDED.stack().provider().faults().pending()).isEmpty();
    }

    @Test
    void attachingShowsBothAddresses() {
        model.attach(EMBEDDED.stack());

        assertThat(model.providerAddressProperty().get())
                .isEqualTo(EMBEDDED.stack().provider().issuer().toString());
        assertThat(model.relayAddressProperty().get())
                .startsWith(EMBEDDED.stack().relay().baseUrl().toString());
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.limiterProperty().get())
                .startsWith("redis://127.0.0.1:")
                .contains("started by the app");
    }

    @Test
    @DisplayName("L10: asked to, the tab serves the relay's answers for Prometheus and shows where; not before")
    void servingMetricsShowsWherePrometheusScrapesTheRelay() throws Exception {
        model.serveMetrics();
        assertThat(model.metricsAddressProperty().get())
                .as("nothing to serve before the servers run")
                .isEmpty();
        model.attach(EMBEDDED.stack());

        model.serveMetrics();

        String address = model.metricsAddressProperty().get();
        assertThat(address).matches("http://127\\.0\\.0\\.1:\\d+/metrics");
        HttpClient http = HttpClient.newHttpClient();
        http.send(
                HttpRequest.newBuilder(EMBEDDED.stack().relay().baseUrl().resolve("/v1/models"))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        String scrape = http.send(
                        HttpRequest.newBuilder(URI.create(address)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(scrape).containsPattern("stormwatch_relay_requests_total\\{outcome=\"unauthorized\"\\} [1-9]");
        assertThat(model.lastActionProperty().get()).contains(address, "this machine only");
    }

    // RA4, P1: the long Retry-After switch plans exactly one 429 with Retry-After 60 s on the token endpoint.
    @Test
    void longRetryAfterSwitchPlansOne429OnTheTokenEndpoint() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.TOKEN_429_LONG);

        assertThat(EMBEDDED.stack().provider().faults().pending())
                .singleElement()
                .satisfies(planned -> {
                    assertThat(planned.endpoint()).isEqualTo("/token");
                    assertThat(planned.remaining()).isEqualTo(1);
                    assertThat(planned.fault())
                            .isEqualTo(Fault.Throttle.seconds(429, java.time.Duration.ofSeconds(60)));
                });
        assertThat(model.planned()).containsExactly("provider /token: 429 × 1");
        model.flip(FaultSwitch.CLEAR);
        assertThat(model.planned()).isEmpty();
    }

    // F1: the process-then-fail switch plans the reset after processing on the token endpoint.
    @Test
    void processThenFailSwitchPlansAResetAfterProcessing() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.REFRESH_PROCESS_THEN_FAIL);

        assertThat(EMBEDDED.stack().provider().faults().take("/token"))
                .isEqualTo(Optional.of(new Fault.ProcessThenReset()));
        model.flip(FaultSwitch.CLEAR);
    }

    @Test
    void failedStartSaysWhatToDoInstead() {
        model.failed("port in use");

        assertThat(model.statusProperty().get()).contains("port in use", "real provider's issuer");
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("HD2: Open log folder shows the log folder and says so")
    void openLogFolderShowsTheFolder() {
        List<Path> opened = new ArrayList<>();
        Path folder = Path.of("state", "stormwatch", "logs");
        model.logFolder(folder, opened::add);

        model.openLogFolder();

        assertThat(opened).containsExactly(folder);
        assertThat(model.logFolderProperty().get()).isEqualTo(folder.toString());
        assertThat(model.lastActionProperty().get()).isEqualTo("Opened the log folder " + folder + ".");
    }

    @Test
    @DisplayName("HD2: when the desktop cannot open the log folder, the app says why and where the folder is")
    void aFolderThatCannotBeOpenedIsNamed() {
        Path folder = Path.of("state", "stormwatch", "logs");
        model.logFolder(folder, f -> {
            throw new IllegalStateException("no file manager");
        });

        model.openLogFolder();

        assertThat(model.lastActionProperty().get())
                .isEqualTo("The log folder could not be opened (no file manager); it is " + folder + ".");
    }
}
