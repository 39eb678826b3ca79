package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.Sleeper;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.RecordingSleeper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The fault vocabulary's edges without a socket: what the admin endpoint answers to each method and body and lists
 * back, every way a fault written as text is read or refused, a throttle's words and rounding, the plan's order,
 * and the server's settings on their limits. HD1 for what a peer sends; RA1, RA2 for the throttle's Retry-After.
 */
class FaultsEdgesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FaultPlan plan = new FaultPlan();
    private final FaultAdmin admin = new FaultAdmin(plan);

    private static Request request(String method, String contentType, String body) {
        Map<String, List<String>> headers =
                contentType == null ? Map.of() : Map.of("Content-Type", List.of(contentType));
        return new Request(method, FaultAdmin.PATH, "", headers, body.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode body(Response response) throws Exception {
        return JSON.readTree(response.body());
    }

    @Test
    @DisplayName(
            "HD1: the fault admin refuses other methods, other media types, text that is not JSON and JSON that is no object")
    void theAdminRefusesWhatItCannotPlan() throws Exception {
        Response put = admin.handle(request("PUT", null, ""));
        assertThat(put.status()).isEqualTo(405);
        assertThat(put.header("Allow")).contains("GET, POST, DELETE");
        Response text = admin.handle(request("POST", "text/plain", "{}"));
        assertThat(text.status()).isEqualTo(415);
        assertThat(body(text).path("error_description").asText()).isEqualTo("send the fault as application/json");
        Response notJson = admin.handle(request("POST", "application/json", "{nope"));
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(body(notJson).path("error_description").asText()).isEqualTo("the body is not JSON");
        for (String notAnObject : new String[] {"42", "\"x\"", ""}) {
            Response refused = admin.handle(request("POST", "application/json", notAnObject));
            assertThat(refused.status()).as(notAnObject).isEqualTo(400);
            assertThat(body(refused).path("error_description").asText())
                    .isEqualTo("send a JSON object, or an array of them");
        }
        Response half = admin.handle(request(
                "POST",
                "application/json",
                "[{\"endpoint\":\"/a\",\"fault\":\"500\"},{\"endpoint\":\"b\",\"fault\":\"500\"}]"));
        assertThat(half.status()).isEqualTo(400);
        assertThat(plan.pending()).as("nothing of a refused array is planned").isEmpty();
    }

    @Test
    @DisplayName(
            "HD1, RA2: the fault admin plans an array in order and lists each fault back in the fields it was given")
    void theAdminListsWhatItPlanned() throws Exception {
        Response created = admin.handle(request(
                "POST",
                "application/json; charset=utf-8",
                "[{\"endpoint\":\"/token\",\"fault\":\"503\",\"retry-after\":\"30\",\"form\":\"http-date\","
                        + "\"date\":\"skewed\",\"skew\":\"-90s\",\"times\":2},"
                        + "{\"endpoint\":\"/token\",\"fault\":\"429\"},"
                        + "{\"endpoint\":\"/jwks\",\"fault\":\"delay\",\"for\":\"2s\"},"
                        + "{\"endpoint\":\"/jwks\",\"fault\":\"slow-body\",\"for\":\"3s\"},"
                        + "{\"endpoint\":\"/a\",\"fault\":\"reset\"}]"));
        assertThat(created.status()).isEqualTo(201);

        JsonNode pending = body(admin.handle(request("GET", null, ""))).path("pending");
        assertThat(pending).hasSize(5);
        assertThat(pending.get(0)).isEqualTo(JSON.readTree("{\"endpoint\":\"/a\",\"fault\":\"reset\",\"times\":1}"));
        assertThat(pending.get(1))
                .isEqualTo(JSON.readTree("{\"endpoint\":\"/jwks\",\"fault\":\"delay\",\"times\":1,\"for\":\"PT2S\"}"));
        assertThat(pending.get(2).path("for").asText()).isEqualTo("PT3S");
        assertThat(pending.get(3))
                .isEqualTo(JSON.readTree(
                        "{\"endpoint\":\"/token\",\"fault\":\"503\",\"times\":2,\"retry-after\":\"PT30S\","
                                + "\"form\":\"http-date\",\"date\":\"skewed\",\"skew\":\"PT-1M-30S\"}"));
        assertThat(pending.get(4))
                .isEqualTo(JSON.readTree("{\"endpoint\":\"/token\",\"fault\":\"429\",\"times\":1,\"form\":\"seconds\","
                        + "\"date\":\"correct\"}"));

        Response cleared = admin.handle(request("DELETE", null, ""));
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(body(cleared).path("pending")).isEmpty();
        assertThat(plan.take("/token")).isEmpty();
    }

    @Test
    @DisplayName("HD1: a fault in text is read in any case and with spaces, and each mistake is named")
    void faultsInText() {
        assertThat(FaultSpec.parseText(" /t = 503 , RETRY-AFTER = 5 , Form = Date , Date = Missing , TIMES = 3 "))
                .isEqualTo(new PlannedFault(
                        "/t",
                        new Fault.Throttle(
                                503,
                                Optional.of(Duration.ofSeconds(5)),
                                Fault.RetryAfterForm.HTTP_DATE,
                                Fault.DateHeader.MISSING),
                        3));
        assertThat(FaultSpec.parseText("/t=429,form=seconds").fault())
                .isEqualTo(new Fault.Throttle(
                        429, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT));
        assertThat(FaultSpec.parseText("/t=Malformed-JSON").fault()).isEqualTo(new Fault.MalformedJson());
        assertThat(FaultSpec.parseText("/t=500,times=1").remaining()).isEqualTo(1);
        assertThat(FaultSpec.parseText("/t=504").fault()).isEqualTo(new Fault.ServerError(504));

        assertThatThrownBy(() -> FaultSpec.parseText("=500")).hasMessageContaining("ENDPOINT=KIND");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=500,=1"))
                .hasMessage("expected key=value after the fault kind, got '=1'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=500,times")).hasMessageContaining("got 'times'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=")).hasMessage("the fault needs 'fault'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t= ")).hasMessage("the fault needs 'fault'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=500,times=two"))
                .hasMessage("times must be a whole number, was 'two'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=500,times=-1")).hasMessage("times must be at least 1, was -1");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=503,form=iso")).hasMessage("form is 'seconds' or 'http-date'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=503,date=later"))
                .hasMessage("date is 'correct', 'missing' or 'skewed' (with skew=...)");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=503,date=skewed")).hasMessage("the fault needs 'skew'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=418")).hasMessageContaining("unknown fault '418'; known: 429");
        assertThatThrownBy(() -> FaultSpec.parseFields(Map.of("fault", "500")))
                .hasMessage("the fault needs 'endpoint'");
        assertThatThrownBy(() -> new Fault.Throttle(
                        500, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT))
                .hasMessage("a throttle answers 429 or 503, not 500");
        assertThatThrownBy(() -> Fault.Throttle.seconds(429, Duration.ofSeconds(-1)))
                .hasMessage("retry-after must not be negative");
        assertThatThrownBy(() -> new Fault.ServerError(503)).hasMessageContaining("use a throttle for 503");
        assertThatThrownBy(() -> new Fault.Delay(Duration.ofMillis(-1))).hasMessage("delay must not be negative");
        assertThatThrownBy(() -> new Fault.SlowBody(Duration.ofMillis(-1)))
                .hasMessage("slow-body duration must not be negative");
        assertThat(new Fault.Delay(Duration.ZERO).kind()).isEqualTo("delay");
        assertThat(new Fault.SlowBody(Duration.ZERO).kind()).isEqualTo("slow-body");
        assertThat(new Fault.ResetBeforeResponse().kind()).isEqualTo("reset");
        assertThat(new Fault.MalformedJson().kind()).isEqualTo("malformed-json");
        assertThat(new Fault.ProcessThenReset().kind()).isEqualTo("process-then-reset");
    }

    @Test
    @DisplayName(
            "RA1, RA2: a throttle says rate_limited on 429 and temporarily_unavailable on 503, its wait rounded up")
    void throttleWordsAndRounding() throws Exception {
        FakeClock clock = FakeClock.at("2026-03-01T12:00:00.700Z");
        FaultResponder responder = new FaultResponder(clock, new RecordingSleeper());
        Request any = request("POST", null, "");
        Handler unused = request -> {
            throw new AssertionError("a throttle does not process");
        };

        Response limited = responder.apply(Fault.Throttle.seconds(429, Duration.ofMillis(1_200)), any, unused);
        assertThat(body(limited).path("error").asText()).isEqualTo("rate_limited");
        assertThat(limited.header("Retry-After")).contains("2");
        Response unavailable = responder.apply(Fault.Throttle.seconds(503, Duration.ofSeconds(2)), any, unused);
        assertThat(body(unavailable).path("error").asText()).isEqualTo("temporarily_unavailable");
        assertThat(unavailable.header("Retry-After")).contains("2");
        assertThat(unavailable.header("Date")).contains("Sun, 01 Mar 2026 12:00:00 GMT");

        Response skewed = responder.apply(
                new Fault.Throttle(
                        503,
                        Optional.of(Duration.ofSeconds(10)),
                        Fault.RetryAfterForm.SECONDS,
                        Fault.DateHeader.skewed(Duration.ofMinutes(5))),
                any,
                unused);
        assertThat(skewed.header("Date")).contains("Sun, 01 Mar 2026 12:05:00 GMT");
        assertThat(skewed.header("Retry-After")).contains("10");
        Response missing = responder.apply(
                new Fault.Throttle(
                        429, Optional.of(Duration.ZERO), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.MISSING),
                any,
                unused);
        assertThat(missing.autoDate()).isFalse();
        assertThat(missing.header("Date")).isEmpty();
        assertThat(missing.header("Retry-After")).contains("0");
    }

    @Test
    @DisplayName(
            "HD1: a plan refuses a path without '/' and fewer than one time, and applies an endpoint's faults in order")
    void thePlan() {
        assertThatThrownBy(() -> plan.inject("token", new Fault.ServerError(500)))
                .hasMessageContaining("starting with '/'");
        assertThatThrownBy(() -> plan.inject("/token", new Fault.ServerError(500), 0))
                .hasMessage("times must be at least 1, was 0");
        assertThat(plan.take("/token")).isEmpty();

        plan.inject("/token", new Fault.ServerError(500), 2);
        plan.inject("/token", new Fault.ServerError(502));
        plan.inject("/jwks", new Fault.MalformedJson());
        assertThat(plan.take("/other")).isEmpty();
        assertThat(plan.take("/token")).contains(new Fault.ServerError(500));
        assertThat(plan.pending()).extracting(PlannedFault::remaining).containsExactly(1, 1, 1);
        assertThat(plan.take("/token")).contains(new Fault.ServerError(500));
        assertThat(plan.take("/token")).contains(new Fault.ServerError(502));
        assertThat(plan.take("/token")).isEmpty();
        assertThat(plan.take("/jwks")).contains(new Fault.MalformedJson());
        assertThat(plan.pending()).isEmpty();
        assertThat(plan.take("/jwks")).isEmpty();
    }

    @Test
    @DisplayName("HD1: the admin listing names a server error by its status, the kind it was written with")
    void theListingNamesAServerErrorByItsStatus() {
        for (String status : List.of("500", "502", "504")) {
            PlannedFault planned = FaultSpec.parseText("/v1/models=" + status + ",times=2");
            assertThat(FaultSpec.describe(planned))
                    .containsExactly(
                            Map.entry("endpoint", "/v1/models"), Map.entry("fault", status), Map.entry("times", 2));
            assertThat(FaultSpec.parseFields(Map.of("endpoint", "/v1/models", "fault", status, "times", "2")))
                    .isEqualTo(planned);
        }
    }

    @Test
    @DisplayName("HD1: the server's settings are accepted on their limits and refused just past them")
    void serverOptionsOnTheirLimits() {
        ServerOptions defaults = ServerOptions.defaults();
        assertThat(defaults.withPort(65_535).port()).isEqualTo(65_535);
        assertThatThrownBy(() -> defaults.withPort(65_536)).hasMessageContaining("1..65535, was 65536");
        assertThatThrownBy(() -> defaults.withPort(-1)).hasMessageContaining("was -1");
        assertThat(defaults.withMaxBodyBytes(0).maxBodyBytes()).isZero();
        assertThatThrownBy(() -> defaults.withMaxBodyBytes(-1)).hasMessageContaining("maxBodyBytes must be >= 0");
        assertThatThrownBy(() -> new ServerOptions(0, 1, 0, defaults.clock(), Sleeper.SYSTEM, Duration.ofSeconds(1)))
                .hasMessageContaining("maxConnections >= 1");
        assertThat(defaults.withKeepAlive(Duration.ofMillis(1)).keepAlive()).isEqualTo(Duration.ofMillis(1));
        assertThat(defaults.withKeepAlive(ServerOptions.MAX_KEEP_ALIVE).keepAlive())
                .isEqualTo(ServerOptions.MAX_KEEP_ALIVE);
        assertThatThrownBy(() -> defaults.withKeepAlive(Duration.ofNanos(999_999)))
                .hasMessageContaining("from 1 ms to 24 days");
        assertThatThrownBy(() -> defaults.withKeepAlive(ServerOptions.MAX_KEEP_ALIVE.plusMillis(1)))
                .hasMessageContaining("keep-alive must be");
    }

    @Test
    @DisplayName("HD1: a form keeps every value in order, skips empty pairs and keeps what does not decode as it is")
    void forms() {
        assertThat(FormBody.parse(null)).isEmpty();
        assertThat(FormBody.parse("")).isEmpty();
        assertThat(FormBody.parse("a=1&&a=2&flag&b=%zz&c=x+y%21&=v"))
                .containsExactly(
                        Map.entry("a", List.of("1", "2")),
                        Map.entry("flag", List.of("")),
                        Map.entry("b", List.of("%zz")),
                        Map.entry("c", List.of("x y!")),
                        Map.entry("", List.of("v")));
        Request request = new Request(
                "GET",
                "/p",
                null,
                Map.of("X-One", List.of("1", "2"), "Content-Type", List.of("Application/JSON ; charset=utf-8")),
                new byte[0]);
        assertThat(request.rawQuery()).isEmpty();
        assertThat(request.header("x-one")).contains("1");
        assertThat(request.headerValues("X-ONE")).containsExactly("1", "2");
        assertThat(request.headerValues("X-None")).isEmpty();
        assertThat(request.header("X-None")).isEmpty();
        assertThat(request.hasContentType("application/json")).isTrue();
        assertThat(request.hasContentType("application/jsonx")).isFalse();
        assertThat(new Request("GET", "/p", "", Map.of("X", List.of()), new byte[0]).header("X"))
                .isEmpty();
        assertThat(request).hasToString("Request[GET /p]");
    }

    @Test
    @DisplayName("HD1: responses carry their media type and say nothing of their body when printed")
    void responses() {
        assertThat(Response.html(200, "<p>").header("content-type")).contains("text/html; charset=utf-8");
        assertThat(Response.text(200, "t").header("Content-Type")).contains("text/plain; charset=utf-8");
        Response redirect = Response.redirect(java.net.URI.create("http://127.0.0.1/cb?code=c"));
        assertThat(redirect.status()).isEqualTo(302);
        assertThat(redirect.header("Location")).contains("http://127.0.0.1/cb?code=c");
        assertThat(redirect.body()).isEmpty();
        assertThat(Response.reset().delivery()).isEqualTo(Delivery.RESET);
        assertThat(Response.json(200, Map.of("access_token", "secret")))
                .hasToString("Response[200, 25 bytes, Whole[]]");
        assertThatThrownBy(() -> Response.jsonBytes(new Object()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be written as JSON");
    }

    @Test
    @DisplayName("HD1: the servers' real sleeper waits what it is asked, not at all for zero or less, and an interrupt"
            + " ends the wait and is kept")
    void theRealSleeper() {
        long start = System.nanoTime();
        Sleeper.SYSTEM.sleepUnlessInterrupted(Duration.ofMillis(30));
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(30_000_000L);

        Thread.currentThread().interrupt();
        Sleeper.SYSTEM.sleepUnlessInterrupted(Duration.ofSeconds(30));
        assertThat(Thread.interrupted())
                .as("the interrupt is kept for the caller")
                .isTrue();

        Thread.currentThread().interrupt();
        Sleeper.SYSTEM.sleepUnlessInterrupted(Duration.ZERO);
        Sleeper.SYSTEM.sleepUnlessInterrupted(Duration.ofMillis(-5));
        assertThat(Thread.interrupted())
                .as("nothing was slept, so nothing cleared it")
                .isTrue();
    }
}
