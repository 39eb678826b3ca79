package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.http.AttemptEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * One attempt of the request timeline as the table shows it. Holds no secret: an attempt event carries origins,
 * steps, statuses and timings, never a URL query, a header other than Retry-After, or a body.
 */
public record TimelineRow(
        long sequence,
        AttemptEvent event,
        String time,
        String origin,
        String step,
        String attempt,
        String result,
        String retryAfterRaw,
        String retryAfter,
        String delay,
        String jitter,
        String budgetLeft,
        String verdict) {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    static TimelineRow of(long sequence, AttemptEvent e) {
        String result = e.status().isPresent()
                ? Integer.toString(e.status().getAsInt())
                : e.failure().map(f -> f.description()).orElse(switch (e.verdict()) {
                    case REFUSED_BY_PAUSE -> "refused by pause";
                    case REFUSED_BY_LIMITER -> "refused by limiter";
                    default -> "";
                });
        String budget = e.budgetLeft().attemptsAtOrigin() + " attempts, " + Durations.format(e.budgetLeft().time());
        String verdict = switch (e.verdict()) {
            case RETRY -> "retry";
            case DELIVER -> e.pauseStarted().isPresent()
                    ? "delivered; nothing left, origin paced until " + CLOCK.format(e.pauseStarted().get())
                    : "delivered";
            case STOP -> e.pauseStarted().isPresent()
                    ? "stopped; origin paused until " + CLOCK.format(e.pauseStarted().get())
                    : "stopped";
            case REFUSED_BY_PAUSE -> "refused: origin paused, nothing sent";
            case REFUSED_BY_LIMITER -> "refused by the rate limiter, nothing sent";
        };
        return new TimelineRow(sequence, e, CLOCK.format(e.at()), e.origin().toString(), e.step(),
                Integer.toString(e.attempt()), result, String.join(", ", e.rawRetryAfter()),
                Durations.format(e.retryAfter()), Durations.format(e.delay()), Durations.format(e.jitter()), budget,
                verdict);
    }

    Instant at() {
        return event.at();
    }

    /** The row as one line of text for a support ticket (no secrets: see the type's summary). */
    public String asTicketText() {
        return String.join(" | ", time + "Z", origin, step, "attempt " + attempt, result,
                retryAfterRaw.isEmpty() ? "no Retry-After" : "Retry-After: " + retryAfterRaw + " (" + retryAfter + ")",
                delay.isEmpty() ? "no delay" : "delay " + delay + " (jitter " + jitter + ")",
                "budget left " + budgetLeft, verdict);
    }

    Duration since(Instant start) {
        return Duration.between(start, at());
    }
}
