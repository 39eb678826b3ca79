package dev.stormwatch.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.retry.CallFailure;
import java.time.Duration;

/**
 * The JSON lines of {@code stormwatch session --json}: one per attempt event, one per step outcome.
 * Built from values that hold no secret: tokens never reach this class (RC6).
 */
final class SessionJson {

    static final ObjectMapper JSON = CommandJson.MAPPER;

    private SessionJson() {}

    static ObjectNode attempt(AttemptEvent e) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "attempt");
        line.put("at", e.at().toString());
        line.put("step", e.step());
        line.put("origin", e.origin().toString());
        line.put("operation", e.operation().name());
        line.put("attempt", e.attempt());
        e.status().ifPresent(s -> line.put("status", s));
        e.failure().ifPresent(f -> line.put("failure", f.name()));
        if (!e.rawRetryAfter().isEmpty()) {
            line.putPOJO("retryAfterRaw", e.rawRetryAfter());
        }
        e.retryAfter().ifPresent(d -> line.put("retryAfterMs", d.toMillis()));
        e.waitHint().ifPresent(h -> line.put("waitHint", h));
        e.delay().ifPresent(d -> line.put("delayMs", d.toMillis()));
        e.jitter().ifPresent(d -> line.put("jitterMs", d.toMillis()));
        line.put("attemptsLeftAtOrigin", e.budgetLeft().attemptsAtOrigin());
        line.put("budgetLeftMs", e.budgetLeft().time().toMillis());
        e.pauseStarted().ifPresent(until -> line.put("pauseUntil", until.toString()));
        line.put("verdict", e.verdict().name());
        line.put("connection", e.connection().name()); // CN3
        e.proxy().ifPresent(p -> line.put("proxy", p)); // PX8
        return line;
    }

    static ObjectNode ok(String step) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "step");
        line.put("step", step);
        line.put("outcome", "ok");
        return line;
    }

    static ObjectNode error(String step, CallFailure failure) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "step");
        line.put("step", step);
        line.put("outcome", "error");
        ObjectNode error = line.putObject("error");
        String category = failure.getClass().getSimpleName();
        error.put("category", category);
        if (failure instanceof CallFailure.Recoverable recoverable) {
            error.put("origin", recoverable.origin().toString());
            if (recoverable.reason() instanceof CallFailure.Server server) {
                error.put("cause", "Server");
                error.put("status", server.status());
                if (server.retryAfter().isPresent()) {
                    error.put("retryAfterMs", server.retryAfter().get().toMillis());
                } else {
                    error.putNull("retryAfterMs");
                }
            } else if (recoverable.reason() instanceof CallFailure.Network network) {
                error.put("cause", "Network");
                error.put("kind", network.kind().name());
            }
            error.put("attempts", recoverable.attempts());
            error.put("elapsedMs", millis(recoverable.elapsed()));
        }
        error.put("message", failure.getMessage());
        return line;
    }

    /**
     * A step that ended in an exception the client should never throw (a bug): one line naming its type only, since
     * its message may hold a URL with state or a token (RC6).
     */
    static ObjectNode unexpected(String step, RuntimeException e) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "step");
        line.put("step", step);
        line.put("outcome", "error");
        ObjectNode error = line.putObject("error");
        error.put("category", "Unexpected");
        error.put(
                "message",
                "unexpected " + e.getClass().getSimpleName() + " in step " + step
                        + "; this is a bug in Stormwatch, please report it");
        return line;
    }

    private static long millis(Duration d) {
        return d.toMillis();
    }
}
