package dev.stormwatch.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.retry.HintHeaders;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryAfter;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.retry.WaitHint;
import dev.stormwatch.retry.WaitHints;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch explain-retry-after}: says what wait a response asks for and which rule of the spec decided it
 * (RA1–RA7, RH1–RH10): every wait and quota hint read, the one that decided, and why the others did not. Support staff
 * paste the headers from a ticket.
 */
@Command(
        name = "explain-retry-after",
        mixinStandardHelpOptions = true,
        description = {
            "Explain the wait a response asks for, and the rule that decided it (RA1-RA7, RH1-RH10).",
            "Paste the status and the headers from a ticket: Retry-After, Date, retry-after-ms, x-ms-retry-after-ms,",
            "x-should-retry, RateLimit, RateLimit-Policy, x-ratelimit-*, anthropic-ratelimit-*; others are ignored."
        },
        footer = {
            "",
            "Examples:",
            "  stormwatch explain-retry-after --status 503 --header \"Retry-After: 120\"",
            "  stormwatch explain-retry-after --status 429 --header \"retry-after-ms: 1500\" --header \"Retry-After: 1\""
        })
public final class ExplainRetryAfterCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--status",
            required = true,
            paramLabel = "CODE",
            description = "The response's HTTP status, e.g. 503.")
    private int status;

    @Option(
            names = "--header",
            paramLabel = "\"NAME: VALUE\"",
            description = "A response header, e.g. \"Retry-After: 120\" or \"Date: Sun, 06 Nov 1994 08:49:37 GMT\"."
                    + " Repeat for each header.")
    private List<String> headers = new ArrayList<>();

    @Option(
            names = "--now",
            paramLabel = "INSTANT",
            description = "The local clock, as an ISO-8601 instant (e.g. 2026-11-30T06:00:00Z). Default: now.")
    private String now;

    @Option(
            names = "--json",
            description = "Print exactly one JSON object on stdout, for scripts: status, wait_s, jitter_max_ms, rule,"
                    + " reason, decided_by, every hint read, should_retry, pace_s, ignored. Waits are in seconds; null"
                    + " when absent.")
    private boolean json;

    @Override
    public Integer call() {
        // Bad input: say what is wrong and what to do, never a stack trace.
        if (status < 100 || status > 599) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--status must be an HTTP status between 100 and 599, was " + status);
        }
        Clock clock = clock();
        List<String> retryAfter = new ArrayList<>();
        List<String> dates = new ArrayList<>();
        List<String> ignored = new ArrayList<>();
        HintHeaders.Builder hints = HintHeaders.builder();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--header must look like \"Name: value\"" + " (for example \"Retry-After: 120\"), was \""
                                + header + "\"");
            }
            String rawName = header.substring(0, colon).trim();
            String name = rawName.toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1);
            if (name.equals("retry-after")) {
                retryAfter.add(value.trim());
            } else if (name.equals("date")) {
                dates.add(value.trim());
            } else if (HintHeaders.isHintHeader(name)) {
                hints.add(rawName, value.trim());
            } else {
                ignored.add(rawName);
            }
        }
        // RA2: a Date header is usable only when there is exactly one.
        String date = dates.size() == 1 ? dates.get(0) : null;
        RetryAfter.Explanation explanation = RetryAfter.explain(status, retryAfter, date, clock);
        WaitHints.Reading reading = WaitHints.read(status, retryAfter, date, hints.build(), clock);
        if (json) {
            printJson(spec.commandLine().getOut(), retryAfter, dates, ignored, explanation, reading);
        } else {
            print(spec.commandLine().getOut(), retryAfter, dates, ignored, explanation, reading);
        }
        return 0;
    }

    private Clock clock() {
        if (now == null) {
            return Clock.systemUTC();
        }
        try {
            return Clock.fixed(Instant.parse(now), ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--now must be an ISO-8601 instant such as 2026-11-30T06:00:00Z, was \"" + now + "\"");
        }
    }

    private void print(
            PrintWriter out,
            List<String> retryAfter,
            List<String> dates,
            List<String> ignored,
            RetryAfter.Explanation explanation,
            WaitHints.Reading reading) {
        out.println("Status:       " + status);
        out.println("Retry-After:  " + (retryAfter.isEmpty() ? "(none)" : String.join(" | ", retryAfter)));
        if (!dates.isEmpty()) {
            out.println("Date:         " + String.join(" | ", dates)
                    + (dates.size() > 1 ? "  (more than one Date header: not usable, the local clock is used)" : ""));
        }
        boolean dialects = reading.hints().stream().anyMatch(h -> !h.header().equals("retry-after"));
        Optional<WaitHint> decided = reading.decidedBy();
        if (dialects) {
            out.println("Hints:");
            for (WaitHint hint : reading.hints()) {
                out.println("  " + hint.headerLine() + "  ->  " + asks(hint) + " (" + hint.rule() + "): " + hint.note()
                        + verdict(hint, decided, reading));
            }
        }
        Optional<Duration> wait = reading.waitTime();
        if (wait.isPresent()) {
            long jitterMillis = Math.min(wait.get().toMillis() / 10, 1_000);
            out.println("Wait:         " + words(wait.get()) + ", plus a random jitter of up to " + jitterMillis
                    + " ms (RA3)");
        } else if (dialects && !Outcome.isRetryableStatus(status)) {
            out.println("Wait:         none: status " + status + " is not retried (ST1)");
        } else {
            out.println("Wait:         none from " + (dialects ? "any hint" : "Retry-After")
                    + ": ordinary backoff with full jitter applies (B3)");
        }
        if (decided.isPresent() && !decided.get().header().equals("retry-after")) {
            WaitHint hint = decided.get();
            out.println("Rule:         " + hint.rule() + ": " + hint.note());
            out.println("Decided by:   " + hint.headerLine()
                    + (reading.hints().stream()
                                            .filter(h -> h.waitTime().isPresent())
                                            .count()
                                    > 1
                            ? " (RH2: the longest valid wait wins, so no hint is answered earlier than it asked)"
                            : ""));
        } else if (retryAfter.isEmpty() && dialects) {
            out.println("Rule:         B3: no hint asks for a wait");
        } else {
            out.println("Rule:         " + explanation.rule().specId() + ": " + explanation.reason());
            if (dialects && decided.isPresent()) {
                out.println("Decided by:   " + decided.get().headerLine()
                        + " (RH2: the longest valid wait wins; on equal waits Retry-After decides)");
            }
        }
        if (wait.isPresent() && !reading.forbidsRetry()) {
            out.println("Budget:       with the default policy ("
                    + RetryPolicy.DEFAULT.totalBudget().getSeconds()
                    + " s per call) the client "
                    + (wait.get().compareTo(RetryPolicy.DEFAULT.totalBudget()) <= 0
                            ? "waits, then retries (RA3)"
                            : "does not wait: it stops, reports the wait and pauses the origin (RA4, P1)"));
        }
        reading.shouldRetry()
                .ifPresent(word -> out.println("Retry:        x-should-retry: " + word + " (RH3): "
                        + (word
                                ? "allowed, but the status, operation and budget rules still decide; it never widens them"
                                : "the client stops after this request"
                                        + (wait.isPresent() ? " and pauses the origin for the wait (P1)" : ""))));
        if (reading.pace().isPresent() && wait.isEmpty()) {
            out.println(
                    "Pace:         "
                            + (Outcome.isRetryableStatus(status)
                                    ? "nothing is left for "
                                            + words(reading.pace().get()) + ", but a " + status
                                            + " is retried with backoff (RA1): no pace"
                                    : "nothing is left for "
                                            + words(reading.pace().get()) + ": the response is delivered and "
                                            + reading.paceScope().describe()
                                            + " is paced until the reset (RH9, RH12); a request"
                                            + " it holds waits it out when it fits its budget, else is refused as a 429 (RH13, P2)"));
        }
        if (!ignored.isEmpty()) {
            out.println("Ignored:      " + String.join(", ", ignored) + " (they carry no wait hint)");
        }
        out.flush();
    }

    /** The same reading as {@link #print}, as one JSON object with snake_case names (as the diagnose report). */
    private void printJson(
            PrintWriter out,
            List<String> retryAfter,
            List<String> dates,
            List<String> ignored,
            RetryAfter.Explanation explanation,
            WaitHints.Reading reading) {
        boolean dialects = reading.hints().stream().anyMatch(h -> !h.header().equals("retry-after"));
        Optional<WaitHint> decided = reading.decidedBy();
        Optional<Duration> wait = reading.waitTime();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("status", status);
        root.put("retry_after", retryAfter);
        root.put("date", dates);
        root.put("wait_s", wait.map(ExplainRetryAfterCommand::seconds).orElse(null));
        root.put(
                "jitter_max_ms",
                wait.map(w -> Math.min(w.toMillis() / 10, 1_000)).orElse(null));
        // The same precedence as the text: a deciding dialect hint, else B3 without any wait, else Retry-After's rule.
        if (decided.isPresent() && !decided.get().header().equals("retry-after")) {
            root.put("rule", decided.get().rule());
            root.put("reason", decided.get().note());
        } else if (retryAfter.isEmpty() && dialects) {
            root.put("rule", "B3");
            root.put("reason", "no hint asks for a wait");
        } else {
            root.put("rule", explanation.rule().specId());
            root.put("reason", explanation.reason());
        }
        root.put("decided_by", decided.map(WaitHint::headerLine).orElse(null));
        List<Map<String, Object>> hints = new ArrayList<>();
        for (WaitHint hint : reading.hints()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("header", hint.header());
            entry.put("value", hint.value());
            entry.put("role", hint.role().name().toLowerCase(Locale.ROOT));
            entry.put(
                    "wait_s",
                    hint.waitTime().map(ExplainRetryAfterCommand::seconds).orElse(null));
            entry.put("rule", hint.rule());
            entry.put("note", hint.note());
            entry.put("decides", decided.isPresent() && decided.get() == hint);
            hints.add(entry);
        }
        root.put("hints", hints);
        root.put(
                "retries_within_default_budget",
                wait.isPresent() && !reading.forbidsRetry()
                        ? wait.get().compareTo(RetryPolicy.DEFAULT.totalBudget()) <= 0
                        : null);
        root.put("should_retry", reading.shouldRetry().orElse(null));
        root.put("pace_s", reading.pace().map(ExplainRetryAfterCommand::seconds).orElse(null));
        root.put("ignored", ignored);
        try {
            out.println(CommandJson.MAPPER.writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings and numbers always serialises", e);
        }
        out.flush();
    }

    private static BigDecimal seconds(Duration duration) {
        return JsonSeconds.of(duration);
    }

    private static String asks(WaitHint hint) {
        return switch (hint.role()) {
            case WAIT, EXHAUSTED -> words(hint.waitTime().orElseThrow());
            case SHOULD_RETRY, INFO -> "no wait";
            case IGNORED -> "ignored";
        };
    }

    /** Why a hint decided, or why it did not (RH2, RH9). */
    private String verdict(WaitHint hint, Optional<WaitHint> decided, WaitHints.Reading reading) {
        if (hint.waitTime().isEmpty()) {
            return "";
        }
        if (decided.isPresent() && decided.get() == hint) {
            return reading.waitTime().isPresent()
                    ? "  [decides: the longest valid wait, RH2]"
                    : "  [decides the pace, RH9]";
        }
        if (status != 429 && status != 503 && hint.role() == WaitHint.Role.EXHAUSTED && decided.isPresent()) {
            return "  [shorter than the deciding pace]";
        }
        if (decided.isEmpty()) {
            return "";
        }
        Duration winner = decided.get().waitTime().orElseThrow();
        return hint.waitTime().get().equals(winner)
                ? "  [not chosen: as long as " + decided.get().header() + ", which was read first, RH2]"
                : "  [not chosen: shorter than " + decided.get().header() + "'s " + words(winner) + ", RH2]";
    }

    /** A wait for people: whole seconds as before ({@code 120 s}), fractions as decimals ({@code 1.5 s}). */
    private static String words(Duration wait) {
        return DurationText.seconds(wait);
    }
}
