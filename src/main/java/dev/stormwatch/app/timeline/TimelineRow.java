package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.ConnectionUse;
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

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    static TimelineRow of(long sequence, AttemptEvent e) {
        // P2, RC7: a refused request never went on the wire: no status, no attempt number to show.
        String result = switch (e.verdict()) {
            case REFUSED_BY_PAUSE -> "not sent: origin paused";
            case REFUSED_BY_LIMITER -> "not sent: rate limiter";
            case PACED -> "not sent yet: paced";
            default ->
                e.status().isPresent()
                        ? Integer.toString(e.status().getAsInt())
                        : e.failure().map(TimelineRow::shortName).orElse("");
        };
        String attempt = e.attempt() == 0 ? "–" : Integer.toString(e.attempt());
        int left = e.budgetLeft().attemptsAtOrigin();
        String budget = left
                + (left == 1 ? " attempt, " : " attempts, ")
                + Durations.human(e.budgetLeft().time());
        String verdict = switch (e.verdict()) {
            case RETRY -> "retry";
            case DELIVER -> delivered(e);
            case STOP ->
                e.pauseStarted().isPresent()
                        ? "stopped; origin paused until "
                                + CLOCK.format(e.pauseStarted().get())
                        : e.operation() == dev.stormwatch.retry.Operation.REFRESH
                                        && e.failure()
                                                .filter(f -> !f.certainlyNeverLeft())
                                                .isPresent()
                                ? "stopped; may have been processed, so not resent (F1)"
                                : "stopped";
            case REFUSED_BY_PAUSE -> "refused: origin paused, nothing sent";
            case REFUSED_BY_LIMITER -> "refused by the rate limiter, nothing sent";
            // RH11, RH13: the attempt waits before it is sent; the wait and what holds it.
            case PACED ->
                "waits " + Durations.human(e.delay().orElse(java.time.Duration.ZERO)) + " before sending: "
                        + e.waitHint().orElse("paced");
        };
        // CN3: a connection opened on purpose, or after a stale one, says why beside what happened next.
        if (e.connection() == ConnectionUse.OPENED_NOT_RESENDABLE
                || e.connection() == ConnectionUse.OPENED_AFTER_STALE) {
            verdict = verdict + "; " + e.connection().describe();
        }
        // PX8: a request that went through a proxy says which one, never its credentials.
        if (e.proxy().isPresent()) {
            verdict = verdict + "; through the proxy " + e.proxy().get();
        }
        return new TimelineRow(
                sequence,
                e,
                CLOCK.format(e.at()),
                e.origin().toString(),
                e.step(),
                attempt,
                result,
                String.join(", ", e.rawRetryAfter()),
                human(e.retryAfter()),
                human(e.delay()),
                human(e.jitter()),
                budget,
                verdict);
    }

    /** A network failure in a few words for the narrow column; the ticket text carries the same. */
    private static String shortName(dev.stormwatch.retry.FailureKind kind) {
        return switch (kind) {
            case CONNECT_REFUSED -> "connection refused";
            case DNS_FAILURE -> "DNS failure";
            case CONNECT_TIMEOUT -> "connect timeout";
            case TLS_HANDSHAKE -> "TLS failure";
            case TLS_UNTRUSTED -> "untrusted certificate";
            case TLS_CERTIFICATE_EXPIRED -> "expired certificate";
            case TLS_WRONG_HOST -> "certificate for another host";
            case TLS_REFUSED -> "TLS refused";
            case READ_TIMEOUT -> "read timeout";
            case RESET_AFTER_SEND -> "reset after send";
            case MALFORMED_RESPONSE -> "malformed answer";
        };
    }

    private static String human(java.util.Optional<Duration> d) {
        return d.map(Durations::human).orElse("");
    }

    /** A delivered response is the caller's answer; an error status must not read as success. */
    private static String delivered(AttemptEvent e) {
        // RH9: a delivered answer that said nothing is left paces its origin until the reset.
        if (e.pauseStarted().isPresent()) {
            return "delivered; nothing left, origin paced until "
                    + CLOCK.format(e.pauseStarted().get());
        }
        if (e.status().isEmpty()) {
            return e.failure().isPresent() ? "failed; not resent (F1)" : "delivered";
        }
        int status = e.status().getAsInt();
        if (status < 400) {
            return "delivered";
        }
        if (!RETRYABLE.contains(status)) {
            return "error " + status + " returned; never retried (ST3)";
        }
        return "error " + status + " returned; "
                + switch (e.operation()) {
                    case REFRESH -> "a refresh is not resent (F1)";
                    case CODE_EXCHANGE -> "the code exchange is sent once (P3)";
                    case SEND_ONCE -> "sent once (A1, RC2)";
                    default -> "not retried";
                };
    }

    /** ST1. */
    private static final java.util.Set<Integer> RETRYABLE = java.util.Set.of(408, 425, 429, 500, 502, 503, 504);

    /** The origin without its scheme, for the narrow column; the full origin is in the ticket text. */
    public String shortOrigin() {
        return origin.replaceFirst("^[a-z]+://", "");
    }

    Instant at() {
        return event.at();
    }

    /** The row as one line of text for a support ticket (no secrets: see the type's summary). */
    public String asTicketText() {
        return String.join(
                " | ",
                time + "Z",
                origin,
                step,
                "attempt " + attempt,
                result,
                retryAfterRaw.isEmpty() ? "no Retry-After" : "Retry-After: " + retryAfterRaw + " (" + retryAfter + ")",
                delay.isEmpty() ? "no delay" : "delay " + delay + " (jitter " + jitter + ")",
                "budget left " + budgetLeft,
                verdict);
    }

    Duration since(Instant start) {
        return Duration.between(start, at());
    }
}
