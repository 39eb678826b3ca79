package dev.stormwatch.app.servers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.server.Fault;
import dev.stormwatch.server.PlannedFault;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The switches and the relay's dialect against the real embedded servers, the cases ServersViewModelTest leaves. */
class ServersViewModelEdgesTest {

    @RegisterExtension
    static final RunningEmbeddedStack EMBEDDED = new RunningEmbeddedStack();

    private final ServersViewModel model = new ServersViewModel();
    private final HttpClient http = HttpClient.newHttpClient();

    private Optional<String> limitHeader() throws Exception {
        HttpResponse<String> answer = http.send(
                HttpRequest.newBuilder(URI.create(EMBEDDED.stack().relay().baseUrl() + "/v1/models"))
                        .header("Authorization", "Bearer sk-demo")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        return answer.headers().firstValue("x-ratelimit-limit-requests");
    }

    @Test
    @DisplayName("RH6: a dialect chosen before the servers run is spoken, with the demo quota, once they are attached")
    void aDialectChosenBeforeTheServersRunIsSpokenOnceAttached() throws Exception {
        model.relayDialectProperty().set(RateLimitDialect.OPENAI);
        assertThat(model.lastActionProperty().get()).as("nothing to tell yet").isEmpty();
        assertThat(limitHeader()).isEmpty();

        model.attach(EMBEDDED.stack());

        assertThat(limitHeader()).contains("60");
        assertThat(model.lastActionProperty().get())
                .isEqualTo("Relay: the openai dialect, with a quota of 60 requests per minute per key: every answer"
                        + " says what is left and when it resets (RH4), and clients pace before the 429 (RH9).");
    }

    @Test
    @DisplayName("RH5: no dialect chosen is plain: the relay drops its quota again")
    void noDialectIsPlain() throws Exception {
        model.attach(EMBEDDED.stack());
        model.relayDialectProperty().set(RateLimitDialect.OPENAI);
        assertThat(limitHeader()).contains("60");

        model.relayDialectProperty().set(null);

        assertThat(limitHeader()).isEmpty();
        assertThat(model.lastActionProperty().get()).isEqualTo("Relay: plain, no quota: it answers as it always did.");
    }

    @Test
    @DisplayName("RA3: the short Retry-After switch plans one 429 asking for 5 s on the token endpoint")
    void theShortRetryAfterSwitchPlansOne429Of5Seconds() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.TOKEN_429_SHORT);

        assertThat(EMBEDDED.stack().provider().faults().pending())
                .singleElement()
                .satisfies(planned -> {
                    assertThat(planned.endpoint()).isEqualTo("/token");
                    assertThat(planned.remaining()).isEqualTo(1);
                    assertThat(planned.fault()).isEqualTo(Fault.Throttle.seconds(429, Duration.ofSeconds(5)));
                });
        assertThat(model.lastActionProperty().get()).isEqualTo("Next token response: 429, Retry-After 5 s.");
    }

    @Test
    @DisplayName("P5: the 503 switch plans four 503s without Retry-After on the token endpoint")
    void the503SwitchPlansFour503sWithoutRetryAfter() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.TOKEN_503);

        assertThat(EMBEDDED.stack().provider().faults().pending())
                .singleElement()
                .satisfies(planned -> {
                    assertThat(planned.endpoint()).isEqualTo("/token");
                    assertThat(planned.remaining()).isEqualTo(4);
                    assertThat(planned.fault())
                            .isEqualTo(new Fault.Throttle(
                                    503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT));
                });
        assertThat(model.planned()).containsExactly("provider /token: 503 × 4");
        assertThat(model.lastActionProperty().get()).isEqualTo("Next 4 token responses: 503.");
    }

    @Test
    @DisplayName("P9: the outage switch plans twelve 503s on every endpoint of the provider")
    void theOutageSwitchPlansTwelve503sOnEveryEndpoint() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.PROVIDER_OUTAGE);

        assertThat(EMBEDDED.stack().provider().faults().pending())
                .extracting(PlannedFault::endpoint)
                .containsExactlyInAnyOrder(
                        "/.well-known/openid-configuration", "/jwks", "/token", "/userinfo", "/revoke", "/par");
        assertThat(EMBEDDED.stack().provider().faults().pending()).allSatisfy(planned -> {
            assertThat(planned.remaining()).isEqualTo(12);
            assertThat(planned.fault().kind()).isEqualTo("503");
        });
        assertThat(model.lastActionProperty().get())
                .isEqualTo("Provider outage: every endpoint answers 503 for its next 12 responses.");
    }

    @Test
    void theHiccupSwitchSaysHowManyConnectionsItReset() {
        model.attach(EMBEDDED.stack());

        model.flip(FaultSwitch.RELAY_HICCUP);

        assertThat(model.lastActionProperty().get()).matches("Relay hiccup: \\d+ open connections reset\\.");
    }

    @Test
    void theRelaysPlannedFaultsAreListedAndClearedToo() {
        model.attach(EMBEDDED.stack());
        EMBEDDED.stack().relay().faults().inject("/v1/models", new Fault.ServerError(502), 2);

        model.refreshPlanned();
        assertThat(model.planned()).containsExactly("relay /v1/models: 502 × 2");

        model.flip(FaultSwitch.CLEAR);
        assertThat(EMBEDDED.stack().relay().faults().pending()).isEmpty();
        assertThat(model.planned()).isEmpty();
        assertThat(model.lastActionProperty().get()).isEqualTo("No faults planned.");
    }

    @Test
    void whatIsUsedUpIsGoneAfterARefresh() {
        model.attach(EMBEDDED.stack());
        model.flip(FaultSwitch.TOKEN_429_LONG);
        assertThat(model.planned()).hasSize(1);

        EMBEDDED.stack().provider().faults().take("/token");
        model.refreshPlanned();

        assertThat(model.planned()).isEmpty();
    }

    @Test
    void aFailedStartAfterARunningOneTurnsTheSwitchesOff() {
        model.attach(EMBEDDED.stack());
        assertThat(model.statusProperty().get()).startsWith("Running on 127.0.0.1.");

        model.failed("port in use");

        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("HD2: without a log folder, Open log folder does nothing and says nothing")
    void withoutALogFolderNothingIsOpened() {
        model.openLogFolder();

        assertThat(model.lastActionProperty().get()).isEmpty();
        assertThat(model.logFolderProperty().get()).isEmpty();
    }

    @Test
    void faultsPlannedBeforeTheServersWereAttachedAreListedAtOnce() {
        EMBEDDED.stack().provider().faults().inject("/token", new Fault.ServerError(500), 1);

        model.attach(EMBEDDED.stack());

        assertThat(model.planned()).containsExactly("provider /token: 500 × 1");
    }
}
