package dev.stormwatch.retry;

import dev.stormwatch.base.AsciiDigits;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.base.HttpDate;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads every wait hint of a response (spec RH1–RH10), beside {@link RetryAfter}: {@code Retry-After} (RA1–RA7),
 * {@code retry-after-ms} and {@code x-ms-retry-after-ms} (RH1), {@code x-should-retry} (RH3), and the quota dialects
 * that say how much is left until when (RH4): the IETF RateLimit fields (RH5), OpenAI's (RH6), Anthropic's (RH7) and
 * GitHub's (RH8). The longest valid wait wins (RH2). Never throws on bad input (RH10).
 */
public final class WaitHints {

    /** A wait in milliseconds beyond this many digits cannot be meant; it counts as absent (RH10). */
    private static final int MAX_NUMBER_LENGTH = 18;

    private static final BigDecimal NANOS_PER_MILLI = BigDecimal.valueOf(1_000_000);
    private static final long CAP_NANOS = RetryAfter.CAP.toNanos();

    /**
     * Every hint of a response and what they decide together.
     *
     * @param hints every hint read, in the order of the rules (Retry-After first)
     * @param decidedBy the hint whose wait won (RH2): of {@code waitTime} when present, else of {@code pace}
     * @param waitTime on 429 and 503, the longest valid wait of every hint (RH2), capped (RA7); empty when none asks
     * @param pace on any status, the longest wait until a quota that is used up resets (RH4, RH9), capped (RA7)
     * @param shouldRetry the provider's {@code x-should-retry}, when valid (RH3)
     * @param paceScope what the pace covers on its origin (RH12): the scope every used-up quota names, the origin
     *     when they disagree or none asks for a pace
     */
    public record Reading(
            List<WaitHint> hints,
            Optional<WaitHint> decidedBy,
            Optional<Duration> waitTime,
            Optional<Duration> pace,
            Optional<Boolean> shouldRetry,
            PaceScope paceScope) {
        public Reading {
            hints = List.copyOf(hints);
            Objects.requireNonNull(decidedBy, "decidedBy");
            Objects.requireNonNull(waitTime, "waitTime");
            Objects.requireNonNull(pace, "pace");
            Objects.requireNonNull(shouldRetry, "shouldRetry");
            Objects.requireNonNull(paceScope, "paceScope");
        }

        /** RH3: the provider said not to retry. */
        public boolean forbidsRetry() {
            return shouldRetry.isPresent() && !shouldRetry.get();
        }
    }

    private WaitHints() {}

    /** Like {@link #read(int, List, String, HintHeaders, Instant)} on the clock's current instant. */
    public static Reading read(int status, List<String> retryAfter, String date, HintHeaders headers, Clock clock) {
        return read(status, retryAfter, date, headers, clock.instant());
    }

    /**
     * Reads every hint of a response. Never throws, whatever the values.
     *
     * @param status the response status; waits are read on 429 and 503 only (RA1, RH1)
     * @param retryAfter every {@code Retry-After} value, in order; may be null or empty
     * @param date the response's {@code Date}, or null: the reference of absolute times (RA2, RH7, RH8)
     * @param headers the response's other hint headers
     * @param now when the response was received: the reference of relative waits, and of absolute ones without Date
     */
    public static Reading read(int status, List<String> retryAfter, String date, HintHeaders headers, Instant now) {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(now, "now");
        List<WaitHint> hints = new ArrayList<>();
        readRetryAfter(status, retryAfter, date, now, hints);
        boolean waitStatus = status == 429 || status == 503;
        readMillis("retry-after-ms", waitStatus, status, headers, hints);
        readMillis("x-ms-retry-after-ms", waitStatus, status, headers, hints);
        Optional<Boolean> shouldRetry = readShouldRetry(headers, hints);
        Instant reference = reference(date, now);
        Map<WaitHint, PaceScope> scopes = new IdentityHashMap<>();
        readQuotas(headers, now, reference, hints, scopes);
        return decide(hints, waitStatus, shouldRetry, scopes);
    }

    /** RH2: the longest valid wait wins; the first hint of that length (Retry-After before the others) decides. */
    private static Reading decide(
            List<WaitHint> hints, boolean waitStatus, Optional<Boolean> shouldRetry, Map<WaitHint, PaceScope> scopes) {
        WaitHint longestWait = null;
        WaitHint longestPace = null;
        PaceScope paceScope = null;
        for (WaitHint hint : hints) {
            if (hint.waitTime().isEmpty()) {
                continue;
            }
            if (hint.role() == WaitHint.Role.EXHAUSTED) {
                // RH12: a pace covers what every used-up quota names; when they disagree, the whole origin.
                PaceScope scope = scopes.getOrDefault(hint, PaceScope.ORIGIN);
                paceScope = paceScope == null ? scope : paceScope.and(scope);
            }
            boolean waits = hint.role() == WaitHint.Role.WAIT || hint.role() == WaitHint.Role.EXHAUSTED;
            if (waitStatus
                    && waits
                    && (longestWait == null
                            || hint.waitTime()
                                            .get()
                                            .compareTo(longestWait.waitTime().get())
                                    > 0)) {
                longestWait = hint;
            }
            if (hint.role() == WaitHint.Role.EXHAUSTED
                    && (longestPace == null
                            || hint.waitTime()
                                            .get()
                                            .compareTo(longestPace.waitTime().get())
                                    > 0)) {
                longestPace = hint;
            }
        }
        Optional<WaitHint> decidedBy = Optional.ofNullable(longestWait != null ? longestWait : longestPace);
        return new Reading(
                hints,
                decidedBy,
                Optional.ofNullable(longestWait).flatMap(WaitHint::waitTime),
                Optional.ofNullable(longestPace).flatMap(WaitHint::waitTime),
                shouldRetry,
                paceScope == null ? PaceScope.ORIGIN : paceScope);
    }

    private static void readRetryAfter(
            int status, List<String> values, String date, Instant now, List<WaitHint> hints) {
        if (values == null || values.isEmpty()) {
            return;
        }
        RetryAfter.Explanation explanation =
                RetryAfter.explain(status, values, date, Clock.fixed(now, java.time.ZoneOffset.UTC));
        String raw =
                String.join(", ", values.stream().map(v -> v == null ? "" : v).toList());
        WaitHint.Role role = explanation.retryAfter().isPresent() ? WaitHint.Role.WAIT : WaitHint.Role.IGNORED;
        hints.add(new WaitHint(
                "retry-after",
                raw,
                role,
                explanation.retryAfter(),
                explanation.rule().specId(),
                explanation.reason()));
    }

    /** RH1: a wait in milliseconds, read like Retry-After on 429 and 503 only (RA1). */
    private static void readMillis(
            String name, boolean waitStatus, int status, HintHeaders headers, List<WaitHint> hints) {
        List<String> values = headers.values(name);
        if (values.isEmpty()) {
            return;
        }
        String raw = String.join(", ", values);
        // RA1, RH1: like Retry-After, a wait counts only on 429 and 503.
        if (!waitStatus) {
            hints.add(
                    ignored(name, raw, "RA1", "status " + status + " is neither 429 nor 503, so the wait is ignored"));
            return;
        }
        // RA6, RH10: several values contradict each other; none is trusted.
        if (values.size() > 1 || raw.indexOf(',') >= 0) {
            hints.add(ignored(name, raw, "RA6", "more than one value (several headers or a comma list)"));
            return;
        }
        String value = raw.strip();
        Optional<BigDecimal> millis = decimal(value);
        if (millis.isEmpty()) {
            hints.add(ignored(name, raw, "RA6", why(value, "milliseconds")));
            return;
        }
        // RH1: a fraction of a millisecond is rounded up, never down: the wait is not shortened.
        BigDecimal exact = millis.get().multiply(NANOS_PER_MILLI).setScale(0, RoundingMode.CEILING);
        // RA7, RH10: more than a day is capped below, and a value past a long's nanoseconds must not throw either.
        long nanos = exact.compareTo(BigDecimal.valueOf(CAP_NANOS)) > 0 ? Long.MAX_VALUE : exact.longValueExact();
        hints.add(waitHint(
                name, raw, WaitHint.Role.WAIT, nanos, "RH1", "milliseconds: wait " + words(Duration.ofNanos(nanos))));
    }

    /** RH3: the provider's word on whether to retry at all. */
    private static Optional<Boolean> readShouldRetry(HintHeaders headers, List<WaitHint> hints) {
        List<String> values = headers.values("x-should-retry");
        if (values.isEmpty()) {
            return Optional.empty();
        }
        String raw = String.join(", ", values);
        if (values.size() > 1) {
            hints.add(ignored("x-should-retry", raw, "RH10", "more than one value: the provider contradicts itself"));
            return Optional.empty();
        }
        String value = raw.strip().toLowerCase(Locale.ROOT);
        if (value.equals("false")) {
            hints.add(new WaitHint(
                    "x-should-retry",
                    raw,
                    WaitHint.Role.SHOULD_RETRY,
                    Optional.empty(),
                    "RH3",
                    "the provider says not to retry: the step stops after this request; a valid wait is still"
                            + " reported and pauses the origin (P1)"));
            return Optional.of(false);
        }
        if (value.equals("true")) {
            hints.add(new WaitHint(
                    "x-should-retry",
                    raw,
                    WaitHint.Role.SHOULD_RETRY,
                    Optional.empty(),
                    "RH3",
                    "the provider allows a retry; the status, operation and budget rules still decide (ST1, OP, F1,"
                            + " P3, RC2, B1) and any wait is still honoured"));
            return Optional.of(true);
        }
        hints.add(ignored("x-should-retry", raw, "RH10", "neither true nor false"));
        return Optional.empty();
    }

    /** RH4–RH8: the quota dialects, in the order the headers came. */
    private static void readQuotas(
            HintHeaders headers,
            Instant now,
            Instant reference,
            List<WaitHint> hints,
            Map<WaitHint, PaceScope> scopes) {
        for (HintHeaders.Field field : headers.fields()) {
            String name = field.name();
            int before = hints.size();
            if (name.equals("ratelimit")) {
                readIetfItems(field.value(), hints, scopes);
            } else if (name.equals("ratelimit-policy") || name.equals("ratelimit-limit")) {
                hints.add(info(field, "RH5", "a quota policy: asks for no wait"));
            } else if (name.equals("ratelimit-remaining")) {
                readPair(headers, field, "ratelimit-reset", Dialect.IETF_DELTA, now, reference, hints);
            } else if (name.equals("x-ratelimit-remaining")) {
                readPair(headers, field, "x-ratelimit-reset", Dialect.GITHUB, now, reference, hints);
                scopeNew(hints, before, gitHubResource(headers), scopes);
            } else if (name.startsWith("x-ratelimit-remaining-")) {
                String resource = name.substring("x-ratelimit-remaining-".length());
                readPair(headers, field, "x-ratelimit-reset-" + resource, Dialect.OPENAI, now, reference, hints);
                // RH12: OpenAI's limits are per model (its rate-limit guide): the pace holds that model only.
                scopeNew(hints, before, PaceScope.MODEL, scopes);
            } else if (name.startsWith("anthropic-ratelimit-") && name.endsWith("-remaining")) {
                String stem = name.substring(0, name.length() - "remaining".length());
                readPair(headers, field, stem + "reset", Dialect.ANTHROPIC, now, reference, hints);
                // RH12: Anthropic's limits are per model class: the pace holds that model only.
                scopeNew(hints, before, PaceScope.MODEL, scopes);
            } else if (isReset(name)) {
                if (headers.values(partnerOfReset(name)).isEmpty()) {
                    hints.add(info(field, "RH4", "a reset time without a remaining count beside it: asks for no wait"));
                }
            } else if (!name.equals("retry-after-ms")
                    && !name.equals("x-ms-retry-after-ms")
                    && !name.equals("x-should-retry")) {
                hints.add(info(field, "RH4", "a limit or usage figure: asks for no wait"));
            }
        }
    }

    /** RH12: the scope of the hints just added, when one asks for a pace. */
    private static void scopeNew(List<WaitHint> hints, int from, PaceScope scope, Map<WaitHint, PaceScope> scopes) {
        for (int k = from; k < hints.size(); k++) {
            if (hints.get(k).role() == WaitHint.Role.EXHAUSTED) {
                scopes.put(hints.get(k), scope);
            }
        }
    }

    /**
     * RH12: GitHub names the quota a route counts against in {@code x-ratelimit-resource} ({@code core},
     * {@code search}, {@code graphql}...); without it, or with several values, the whole origin.
     */
    private static PaceScope gitHubResource(HintHeaders headers) {
        List<String> values = headers.values("x-ratelimit-resource");
        if (values.size() != 1 || values.get(0).isBlank() || values.get(0).indexOf(',') >= 0) {
            return PaceScope.ORIGIN;
        }
        return PaceScope.quota(values.get(0).strip().toLowerCase(Locale.ROOT));
    }

    /** RH12: an IETF item's key names its quota policy ({@code "default"}); quotes are not part of the name. */
    private static PaceScope ietfPolicy(String key) {
        String name = key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")
                ? key.substring(1, key.length() - 1)
                : key;
        return name.isBlank() ? PaceScope.ORIGIN : PaceScope.quota(name);
    }

    private static boolean isReset(String name) {
        return name.equals("ratelimit-reset")
                || name.equals("x-ratelimit-reset")
                || name.startsWith("x-ratelimit-reset-")
                || name.startsWith("anthropic-ratelimit-") && name.endsWith("-reset");
    }

    private static String partnerOfReset(String name) {
        if (name.startsWith("x-ratelimit-reset-")) {
            return "x-ratelimit-remaining-" + name.substring("x-ratelimit-reset-".length());
        }
        if (name.startsWith("anthropic-ratelimit-")) {
            return name.substring(0, name.length() - "reset".length()) + "remaining";
        }
        return name.replace("reset", "remaining");
    }

    /** How each dialect writes its reset time. */
    private enum Dialect {
        /** RH5: the older IETF drafts: {@code RateLimit-Reset} in delta-seconds. */
        IETF_DELTA("RH5", "delta-seconds"),
        /** RH6: OpenAI: a Go duration such as {@code 6m0s}, from receipt. */
        OPENAI("RH6", "a duration such as 6m0s"),
        /** RH7: Anthropic: an RFC 3339 instant. */
        ANTHROPIC("RH7", "an RFC 3339 instant"),
        /** RH8: GitHub: epoch seconds. */
        GITHUB("RH8", "epoch seconds");

        final String rule;
        final String form;

        Dialect(String rule, String form) {
            this.rule = rule;
            this.form = form;
        }
    }

    /** RH4: a remaining count and the reset beside it; only a used-up quota asks for a wait. */
    private static void readPair(
            HintHeaders headers,
            HintHeaders.Field remainingField,
            String resetName,
            Dialect dialect,
            Instant now,
            Instant reference,
            List<WaitHint> hints) {
        String remainingName = remainingField.name();
        List<String> remainingValues = headers.values(remainingName);
        if (remainingValues.size() > 1) {
            // Each repeated header line is met once; report the contradiction once, on the first.
            if (remainingValues.get(0) == remainingField.value()) {
                hints.add(ignored(
                        remainingName,
                        String.join(", ", remainingValues),
                        "RH10",
                        "more than one value: the provider contradicts itself"));
            }
            return;
        }
        String remainingRaw = remainingField.value().strip();
        if (!AsciiDigits.only(remainingRaw) || remainingRaw.length() > MAX_NUMBER_LENGTH) {
            hints.add(ignored(
                    remainingName,
                    remainingField.value(),
                    "RH10",
                    "'" + remainingRaw + "' is not a count of what is left"));
            return;
        }
        List<String> resets = headers.values(resetName);
        long remaining = Long.parseLong(remainingRaw);
        if (remaining > 0) {
            hints.add(new WaitHint(
                    remainingName,
                    remainingField.value(),
                    WaitHint.Role.INFO,
                    Optional.empty(),
                    dialect.rule,
                    remaining + " left"
                            + (resets.isEmpty() ? "" : " until " + resetName + ": " + String.join(", ", resets))
                            + ": asks for no wait"));
            return;
        }
        if (resets.isEmpty()) {
            hints.add(new WaitHint(
                    remainingName,
                    remainingField.value(),
                    WaitHint.Role.INFO,
                    Optional.empty(),
                    "RH4",
                    "nothing left, but no " + resetName + " says until when: asks for no wait"));
            return;
        }
        String resetRaw = String.join(", ", resets);
        if (resets.size() > 1 || resetRaw.indexOf(',') >= 0) {
            hints.add(ignored(resetName, resetRaw, "RH10", "more than one reset: the provider contradicts itself"));
            return;
        }
        String reset = resetRaw.strip();
        long nanos = switch (dialect) {
            case IETF_DELTA -> deltaSecondsNanos(reset);
            case OPENAI -> GoDuration.nanos(reset);
            case ANTHROPIC -> untilNanos(rfc3339(reset), reference);
            case GITHUB -> untilNanos(epochSeconds(reset), reference);
        };
        if (nanos == GoDuration.INVALID) {
            hints.add(ignored(resetName, resetRaw, "RH10", why(reset, dialect.form)));
            return;
        }
        if (nanos == IN_THE_PAST) {
            hints.add(ignored(
                    resetName,
                    resetRaw,
                    "RH10",
                    "the reset is not after the response's "
                            + (reference == now ? "receipt (no usable Date)" : "own Date") + ": it is in the past"));
            return;
        }
        hints.add(waitHint(
                resetName,
                resetRaw,
                WaitHint.Role.EXHAUSTED,
                nanos,
                dialect.rule,
                remainingName + " is 0, nothing is left until the reset (" + dialect.form + "): wait "
                        + words(Duration.ofNanos(Math.min(nanos, CAP_NANOS)))));
    }

    /** RH5: {@code RateLimit: "default";r=0;t=5}, one hint per item. */
    private static void readIetfItems(String value, List<WaitHint> hints, Map<WaitHint, PaceScope> scopes) {
        for (String item : splitOutsideQuotes(value, ',')) {
            String text = item.strip();
            if (text.isEmpty()) {
                continue;
            }
            List<String> parts = splitOutsideQuotes(text, ';');
            String key = parts.get(0).strip();
            Long remaining = null;
            Long reset = null;
            boolean garbled = key.isEmpty();
            for (int k = 1; k < parts.size() && !garbled; k++) {
                String parameter = parts.get(k).strip();
                int equals = parameter.indexOf('=');
                String name =
                        equals < 0 ? parameter : parameter.substring(0, equals).strip();
                String number =
                        equals < 0 ? "" : parameter.substring(equals + 1).strip();
                if (name.equals("r") || name.equals("t")) {
                    if (!AsciiDigits.only(number) || number.length() > MAX_NUMBER_LENGTH) {
                        garbled = true;
                    } else if (name.equals("r")) {
                        remaining = Long.parseLong(number);
                    } else {
                        reset = Long.parseLong(number);
                    }
                }
            }
            if (garbled) {
                hints.add(ignored("ratelimit", text, "RH10", "not an item with r and t as non-negative integers"));
            } else if (remaining == null || remaining > 0) {
                hints.add(new WaitHint(
                        "ratelimit",
                        text,
                        WaitHint.Role.INFO,
                        Optional.empty(),
                        "RH5",
                        (remaining == null ? "no remaining count" : remaining + " left") + ": asks for no wait"));
            } else if (reset == null) {
                hints.add(new WaitHint(
                        "ratelimit",
                        text,
                        WaitHint.Role.INFO,
                        Optional.empty(),
                        "RH4",
                        "nothing left, but no t= says until when: asks for no wait"));
            } else {
                long nanos = deltaSecondsNanos(Long.toString(reset));
                WaitHint hint = waitHint(
                        "ratelimit",
                        text,
                        WaitHint.Role.EXHAUSTED,
                        nanos,
                        "RH5",
                        "r=0, nothing is left until the reset t=" + reset + " s: wait "
                                + words(Duration.ofNanos(Math.min(nanos, CAP_NANOS))));
                hints.add(hint);
                // RH12: the draft's quota policy is the item's key; it covers the route that answered with it.
                scopes.put(hint, ietfPolicy(key));
            }
        }
    }

    private static final long IN_THE_PAST = Long.MIN_VALUE + 1;

    private static long deltaSecondsNanos(String value) {
        if (!AsciiDigits.only(value) || value.length() > MAX_NUMBER_LENGTH) {
            return GoDuration.INVALID;
        }
        long seconds = Long.parseLong(value);
        return seconds > Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE : seconds * 1_000_000_000L;
    }

    private static Optional<Instant> rfc3339(String value) {
        try {
            return Optional.of(OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty(); // RH10: a garbled time counts as absent
        }
    }

    private static Optional<Instant> epochSeconds(String value) {
        if (!AsciiDigits.only(value) || value.length() > 12) {
            return Optional.empty(); // RH10: beyond the year 33658 is not a reset time
        }
        return Optional.of(Instant.ofEpochSecond(Long.parseLong(value)));
    }

    /** From the reference to an absolute reset; {@link #IN_THE_PAST} when not after it (RH7, RH8). */
    private static long untilNanos(Optional<Instant> reset, Instant reference) {
        if (reset.isEmpty()) {
            return GoDuration.INVALID;
        }
        if (!reset.get().isAfter(reference)) {
            return IN_THE_PAST;
        }
        Duration until = Duration.between(reference, reset.get());
        return until.compareTo(RetryAfter.CAP) > 0 ? Long.MAX_VALUE : until.toNanos();
    }

    /** RA2, RH7, RH8: the response's own Date when usable, so a wrong local clock does not change the wait. */
    private static Instant reference(String date, Instant now) {
        if (date == null || date.isBlank()) {
            return now;
        }
        String value = date.strip();
        long seconds = HttpDate.parse(value, 0, value.length(), now.getEpochSecond());
        return seconds == HttpDate.INVALID ? now : Instant.ofEpochSecond(seconds);
    }

    private static WaitHint waitHint(
            String header, String raw, WaitHint.Role role, long nanos, String rule, String note) {
        // RA7: the wait the application sees is capped at a day.
        if (nanos > CAP_NANOS) {
            return new WaitHint(
                    header,
                    raw,
                    role,
                    Optional.of(RetryAfter.CAP),
                    "RA7",
                    "asks for more than " + RetryAfter.CAP.getSeconds() + " s; capped at " + RetryAfter.CAP.getSeconds()
                            + " s");
        }
        return new WaitHint(header, raw, role, Optional.of(Duration.ofNanos(nanos)), rule, note);
    }

    private static WaitHint ignored(String header, String raw, String rule, String why) {
        return new WaitHint(header, raw, WaitHint.Role.IGNORED, Optional.empty(), rule, why + ": counts as absent");
    }

    private static WaitHint info(HintHeaders.Field field, String rule, String note) {
        return new WaitHint(field.name(), field.value(), WaitHint.Role.INFO, Optional.empty(), rule, note);
    }

    /** RH1: a non-negative decimal number such as {@code 1500} or {@code 1500.5}; empty when not one. */
    private static Optional<BigDecimal> decimal(String value) {
        if (value.isEmpty() || value.length() > MAX_NUMBER_LENGTH + 10) {
            return Optional.empty();
        }
        int point = value.indexOf('.');
        String whole = point < 0 ? value : value.substring(0, point);
        String fraction = point < 0 ? "" : value.substring(point + 1);
        if (!(AsciiDigits.only(whole) || whole.isEmpty() && !fraction.isEmpty())
                || !(fraction.isEmpty() || AsciiDigits.only(fraction))
                || whole.length() > MAX_NUMBER_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(new BigDecimal(whole.isEmpty() ? "0" + value : value));
    }

    /** RA6, RH10: names what is wrong with a value. */
    private static String why(String value, String form) {
        if (value.isEmpty()) {
            return "the value is empty";
        }
        if (value.startsWith("-")) {
            return "'" + value + "' is negative";
        }
        if (AsciiDigits.only(value) && value.length() > MAX_NUMBER_LENGTH) {
            return "'" + value + "' is too large to be meant";
        }
        return "'" + value + "' is not " + form;
    }

    /** A wait for people: {@code 1.5 s}, {@code 360 s}, {@code 0.02 s}. */
    static String words(Duration wait) {
        return DurationText.seconds(wait);
    }

    /** Splits a structured-field list (RFC 8941) at a separator that is not inside a quoted string. */
    private static List<String> splitOutsideQuotes(String text, char separator) {
        List<String> parts = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '\\' && quoted) {
                k++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == separator && !quoted) {
                parts.add(text.substring(start, k));
                start = k + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }
}
