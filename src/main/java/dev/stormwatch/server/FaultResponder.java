package dev.stormwatch.server;

import dev.stormwatch.base.HttpDate;
import dev.stormwatch.base.Sleeper;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/** Turns a {@link Fault} into what goes on the wire, calling the real handler only for the faults that process. */
public final class FaultResponder {

    /** Looks like the start of a token response and stops mid-string: no JSON parser accepts it. */
    static final byte[] MALFORMED_JSON = "{\"access_token\": \"eyJhbGciOi".getBytes(StandardCharsets.UTF_8);

    private final Clock clock;
    private final Sleeper sleeper;

    public FaultResponder(Clock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** The response for {@code request} under {@code fault}; {@code real} is the endpoint's own handler. */
    public Response apply(Fault fault, Request request, Handler real) {
        if (fault instanceof Fault.Throttle throttle) {
            return throttle(throttle);
        }
        if (fault instanceof Fault.ServerError error) {
            return Response.json(
                    error.status(),
                    Map.of("error", "server_error", "error_description", "injected fault: " + error.status()));
        }
        if (fault instanceof Fault.Delay delay) {
            sleeper.sleepUnlessInterrupted(delay.delay());
            return real.handle(request);
        }
        if (fault instanceof Fault.SlowBody slow) {
            return real.handle(request).withDelivery(new Delivery.Slowly(slow.total()));
        }
        if (fault instanceof Fault.MalformedJson) {
            return Response.json(200, MALFORMED_JSON);
        }
        if (fault instanceof Fault.ProcessThenReset) {
            real.handle(request);
            return Response.reset();
        }
        // Fault.ResetBeforeResponse: nothing is processed and nothing is answered.
        return Response.reset();
    }

    private Response throttle(Fault.Throttle throttle) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Response response = Response.json(
                throttle.status(),
                Map.of(
                        "error",
                        throttle.status() == 429 ? "rate_limited" : "temporarily_unavailable",
                        "error_description",
                        "injected fault: " + throttle.status()));
        // The HTTP-date form is measured from the Date the response carries (RFC 9110 §10.2.3), or from now without
        // one.
        Instant reference = switch (throttle.date().mode()) {
            case CORRECT -> now;
            case MISSING -> now;
            case SKEWED -> now.plus(throttle.date().skew());
        };
        response = switch (throttle.date().mode()) {
            case CORRECT, SKEWED -> response.withHeader("Date", HttpDate.format(reference));
            case MISSING -> response.withoutAutoDate();
        };
        if (throttle.retryAfter().isEmpty()) {
            return response;
        }
        long seconds = ceilSeconds(throttle.retryAfter().get());
        String value = switch (throttle.form()) {
            case SECONDS -> Long.toString(seconds);
            case HTTP_DATE -> HttpDate.format(reference.plusSeconds(seconds));
        };
        return response.withHeader("Retry-After", value);
    }

    private static long ceilSeconds(Duration duration) {
        long seconds = duration.getSeconds();
        return duration.getNano() > 0 ? seconds + 1 : seconds;
    }
}
