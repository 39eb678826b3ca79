package dev.stormwatch.relay;

import dev.stormwatch.server.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The headers in which the relay's quota says what is left, when it resets and how long a 429 asks to wait, one per
 * real API, so that demos, tests and the Load lab show each; the client reads them all (spec RH). Every
 * reset is rounded up, so that a client that obeys it never comes back before the window has turned.
 */
public enum RateLimitDialect {
    /** The relay as it always answered: only a 429 carries Retry-After and OpenAI's request headers, nothing before it. */
    PLAIN,
    /** OpenAI: {@code x-ratelimit-limit/remaining/reset-requests} (a Go duration) on every answer; a 429 adds
     * {@code retry-after-ms} beside {@code Retry-After}. */
    OPENAI,
    /** Anthropic: {@code anthropic-ratelimit-requests-limit/remaining/reset} (RFC 3339); a 429 adds {@code retry-after}. */
    ANTHROPIC,
    /** Azure OpenAI: {@code x-ratelimit-remaining-requests} without a reset; a 429 carries {@code retry-after-ms},
     * {@code x-ms-retry-after-ms} and {@code Retry-After}. */
    AZURE,
    /** GitHub: {@code x-ratelimit-limit/remaining/used/reset} (epoch seconds) and {@code -resource}; a 429 carries no
     * Retry-After, as GitHub's primary limit does not. */
    GITHUB,
    /** draft-ietf-httpapi-ratelimit-headers: {@code RateLimit-Policy} and {@code RateLimit} on every answer; a 429
     * adds {@code Retry-After}. */
    IETF;

    /**
     * What the quota of one principal looks like when a response leaves.
     *
     * @param limit requests per window
     * @param remaining requests left in the current window
     * @param window the window's length
     * @param now the relay's clock
     * @param resetAt when the current window ends
     */
    record QuotaState(int limit, int remaining, Duration window, Instant now, Instant resetAt) {
        Duration untilReset() {
            return Duration.between(now, resetAt);
        }
    }

    /** The dialect of a command-line name ({@code openai}, {@code github}...). */
    public static RateLimitDialect parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "a dialect is one of plain, openai, anthropic, azure, github, ietf; was '" + name + "'", e);
        }
    }

    /** A response the quota admitted: what is left until when, in this dialect. */
    Response admitted(Response response, QuotaState state) {
        return switch (this) {
            case PLAIN -> response;
            case OPENAI -> openAi(response, state);
            case ANTHROPIC -> anthropic(response, state);
            case AZURE -> response.withHeader("x-ratelimit-remaining-requests", Integer.toString(state.remaining()));
            case GITHUB -> gitHub(response, state);
            case IETF -> ietf(response, state);
        };
    }

    /** The quota's 429: how long to wait, in this dialect. */
    Response refused(Response response, QuotaState state) {
        Duration wait = state.untilReset();
        // A Retry-After of 0 would invite an immediate resend into the same closed window.
        String seconds = Long.toString(Math.max(1, ceilSeconds(wait)));
        String millis = Long.toString(ceilMillis(wait));
        return switch (this) {
            case PLAIN ->
                response.withHeader("Retry-After", seconds)
                        .withHeader("x-ratelimit-limit-requests", Integer.toString(state.limit()))
                        .withHeader("x-ratelimit-remaining-requests", "0")
                        .withHeader("x-ratelimit-reset-requests", seconds + "s");
            case OPENAI ->
                openAi(response.withHeader("Retry-After", seconds).withHeader("retry-after-ms", millis), state);
            case ANTHROPIC -> anthropic(response.withHeader("retry-after", seconds), state);
            case AZURE ->
                response.withHeader("retry-after-ms", millis)
                        .withHeader("x-ms-retry-after-ms", millis)
                        .withHeader("Retry-After", seconds)
                        .withHeader("x-ratelimit-remaining-requests", "0");
            case GITHUB -> gitHub(response, state);
            case IETF -> ietf(response.withHeader("Retry-After", seconds), state);
        };
    }

    private static Response openAi(Response response, QuotaState state) {
        return response.withHeader("x-ratelimit-limit-requests", Integer.toString(state.limit()))
                .withHeader("x-ratelimit-remaining-requests", Integer.toString(state.remaining()))
                .withHeader("x-ratelimit-reset-requests", goDuration(state.untilReset()));
    }

    private static Response anthropic(Response response, QuotaState state) {
        return response.withHeader("anthropic-ratelimit-requests-limit", Integer.toString(state.limit()))
                .withHeader("anthropic-ratelimit-requests-remaining", Integer.toString(state.remaining()))
                .withHeader(
                        "anthropic-ratelimit-requests-reset", DateTimeFormatter.ISO_INSTANT.format(state.resetAt()));
    }

    private static Response gitHub(Response response, QuotaState state) {
        long resetEpochSecond = ceilSeconds(Duration.ofMillis(state.resetAt().toEpochMilli()));
        return response.withHeader("x-ratelimit-limit", Integer.toString(state.limit()))
                .withHeader("x-ratelimit-remaining", Integer.toString(state.remaining()))
                .withHeader("x-ratelimit-used", Integer.toString(state.limit() - state.remaining()))
                .withHeader("x-ratelimit-reset", Long.toString(resetEpochSecond))
                .withHeader("x-ratelimit-resource", "core");
    }

    private static Response ietf(Response response, QuotaState state) {
        return response.withHeader(
                        "RateLimit-Policy", "\"default\";q=" + state.limit() + ";w=" + ceilSeconds(state.window()))
                .withHeader(
                        "RateLimit", "\"default\";r=" + state.remaining() + ";t=" + ceilSeconds(state.untilReset()));
    }

    /** OpenAI's form: {@code 850ms}, {@code 1.5s}, {@code 6m0s}, {@code 1h2m3.5s}; rounded up to the millisecond. */
    static String goDuration(Duration duration) {
        long millis = ceilMillis(duration);
        if (millis < 1_000) {
            return millis + "ms";
        }
        long hours = millis / 3_600_000;
        long minutes = millis / 60_000 % 60;
        long wholeSeconds = millis / 1_000 % 60;
        long fraction = millis % 1_000;
        String seconds = fraction == 0
                ? wholeSeconds + "s"
                : wholeSeconds + "."
                        + String.format(Locale.ROOT, "%03d", fraction).replaceAll("0+$", "") + "s";
        if (hours > 0) {
            return hours + "h" + minutes + "m" + seconds;
        }
        return minutes > 0 ? minutes + "m" + seconds : seconds;
    }

    private static long ceilMillis(Duration duration) {
        return Math.max(0, (duration.toNanos() + 999_999) / 1_000_000);
    }

    private static long ceilSeconds(Duration duration) {
        return Math.max(0, (duration.toMillis() + 999) / 1_000);
    }
}
