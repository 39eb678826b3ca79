package dev.stormwatch.cli;

import dev.stormwatch.retry.RetryAfter;
import dev.stormwatch.retry.RetryPolicy;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch explain-retry-after}: says what wait a response's Retry-After asks for and which rule of the spec
 * decided it (RA1–RA7), or why the header is ignored. Support staff paste the headers from a ticket.
 */
@Command(
        name = "explain-retry-after",
        mixinStandardHelpOptions = true,
        description = {
            "Explain the wait a response's Retry-After asks for, and the rule that decided it (RA1-RA7).",
            "Paste the status and the headers from a ticket; headers other than Retry-After and Date are ignored."
        },
        footer = {"", "Example:", "  stormwatch explain-retry-after --status 503 --header \"Retry-After: 120\""})
public final class ExplainRetryAfterCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--status", required = true, paramLabel = "CODE", description = "The response's HTTP status, e.g. 503.")
    private int status;

    @Option(names = "--header", paramLabel = "\"NAME: VALUE\"",
            description = "A response header, e.g. \"Retry-After: 120\" or \"Date: Sun, 06 Nov 1994 08:49:37 GMT\"."
                    + " Repeat for each header.")
    private List<String> headers = new ArrayList<>();

    @Option(names = "--now", paramLabel = "INSTANT",
            description = "The local clock, as an ISO-8601 instant (e.g. 2026-11-30T06:00:00Z). Default: now.")
    private String now;

    @Override
    public Integer call() {
        // Bad input: say what is wrong and what to do, never a stack trace.
        if (status < 100 || status > 599) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--status must be an HTTP status between 100 and 599, was " + status);
        }
        Clock clock = clock();
        List<String> retryAfter = new ArrayList<>();
        List<String> dates = new ArrayList<>();
        List<String> ignored = new ArrayList<>();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--header must look like \"Name: value\""
                        + " (for example \"Retry-After: 120\"), was \"" + header + "\"");
            }
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1);
            switch (name) {
                case "retry-after" -> retryAfter.add(value.trim());
                case "date" -> dates.add(value.trim());
                default -> ignored.add(header.substring(0, colon).trim());
            }
        }
        // RA2: a Date header is usable only when there is exactly one.
        String date = dates.size() == 1 ? dates.get(0) : null;
        RetryAfter.Explanation explanation = RetryAfter.explain(status, retryAfter, date, clock);
        print(spec.commandLine().getOut(), retryAfter, dates, ignored, explanation);
        return 0;
    }

    private Clock clock() {
        if (now == null) {
            return Clock.systemUTC();
        }
        try {
            return Clock.fixed(Instant.parse(now), ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--now must be an ISO-8601 instant such as 2026-11-30T06:00:00Z, was \"" + now + "\"");
        }
    }

    private void print(PrintWriter out, List<String> retryAfter, List<String> dates, List<String> ignored,
            RetryAfter.Explanation explanation) {
        out.println("Status:       " + status);
        out.println("Retry-After:  " + (retryAfter.isEmpty() ? "(none)" : String.join(" | ", retryAfter)));
        if (!dates.isEmpty()) {
            out.println("Date:         " + String.join(" | ", dates)
                    + (dates.size() > 1 ? "  (more than one Date header: not usable, the local clock is used)" : ""));
        }
        Optional<Duration> wait = explanation.retryAfter();
        if (wait.isPresent()) {
            long seconds = wait.get().getSeconds();
            long jitterMillis = Math.min(seconds * 100, 1_000);
            out.println("Wait:         " + seconds + " s, plus a random jitter of up to " + jitterMillis
                    + " ms (RA3)");
        } else {
            out.println("Wait:         none from Retry-After: ordinary backoff with full jitter applies (B3)");
        }
        out.println("Rule:         " + explanation.rule().specId() + ": " + explanation.reason());
        if (wait.isPresent()) {
            out.println("Budget:       with the default policy (" + RetryPolicy.DEFAULT.totalBudget().getSeconds()
                    + " s per call) the client " + (wait.get().compareTo(RetryPolicy.DEFAULT.totalBudget()) <= 0
                            ? "waits, then retries (RA3)"
                            : "does not wait: it stops, reports the wait and pauses the origin (RA4, P1)"));
        }
        if (!ignored.isEmpty()) {
            out.println("Ignored:      " + String.join(", ", ignored) + " (only Retry-After and Date matter here)");
        }
        out.flush();
    }
}
