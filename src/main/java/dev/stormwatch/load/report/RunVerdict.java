package dev.stormwatch.load.report;

import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * LB4: the one sentence that ends a run, saying what its scenario promised to show and what happened, from the run's
 * series and figures only. Pure: the same report always reads the same.
 */
public final class RunVerdict {

    /** The note that carries the verdict in a report starts with this. */
    public static final String PREFIX = "In short: ";

    private RunVerdict() {}

    /**
     * @param scenario the run's scenario (its faults and when they happen)
     * @param jitter the clients' backoff
     * @param runStart the instant the scenario's offsets count from
     * @param client the client's per-second series
     * @param clientFine the client's 100 ms series around the scenario's focus, if recorded
     * @param figures the run's {@link StandardFigures}
     */
    public static String of(
            Scenario scenario,
            BackoffStrategy jitter,
            Instant runStart,
            TimeSeries client,
            Optional<TimeSeries> clientFine,
            Map<String, Figure> figures) {
        List<String> clauses = new ArrayList<>();
        // LB17: a standing slow model or quota comes first in a storm's timeline; the reset is its story.
        Optional<Duration> reset = scenario.resetAt();
        Optional<TimedFault> fault = scenario.timeline().stream().findFirst();
        if (reset.isPresent()) {
            clauses.addAll(storm(reset.get(), jitter, runStart, client, clientFine));
        } else if (fault.isPresent() && fault.get().fault() instanceof RelayFault.Outage outage) {
            clauses.add("the provider answered " + outage.status() + " from t = "
                    + seconds(fault.get().at()) + " to t = "
                    + seconds(fault.get().at().plus(outage.length())));
            clauses.add(budgets(client));
            clauses.add(recovery(figures.get(StandardFigures.TIME_TO_RECOVER)));
        } else if (fault.isPresent() && scenario.sharedRetryAfterEnds().isPresent()) {
            long throttled = client.total(Counter.STATUS_429);
            clauses.add(count(throttled, "answer was", "answers were") + " 429, every one telling the same instant to"
                    + " come back, t = "
                    + seconds(scenario.sharedRetryAfterEnds().get()));
            clauses.add(peak(figures.get(StandardFigures.PEAK_TO_MEAN)));
        } else {
            clauses.add(count(client.total(Counter.STATUS_2XX), "attempt", "attempts") + " of "
                    + client.total(Counter.ATTEMPTS) + " succeeded");
        }
        long refused = client.total(Counter.LIMITER_REFUSED);
        if (refused > 0) {
            clauses.add("the limiter refused " + count(refused, "request, which was", "requests, which were")
                    + " never sent");
        }
        Figure amplification = figures.get(StandardFigures.RETRY_AMPLIFICATION);
        if (amplification instanceof Figure.Value value) {
            clauses.add(String.format(Locale.ROOT, "%.2f attempts per request", value.value()));
        }
        String sentence = String.join("; ", clauses) + ".";
        return Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    /** The storm: resets at the fault, then how the retries spread out (the fine series shows it to 100 ms). */
    private static List<String> storm(
            Duration at, BackoffStrategy jitter, Instant runStart, TimeSeries client, Optional<TimeSeries> fine) {
        List<String> clauses = new ArrayList<>();
        Instant faultAt = runStart.plus(at);
        long resets = 0;
        for (int i = 0; i < client.buckets().size(); i++) {
            if (!client.bucketStart(i).isBefore(faultAt)) {
                resets += client.buckets().get(i).count(Counter.NETWORK_ERRORS);
            }
        }
        clauses.add(count(resets, "connection", "connections") + " reset at t = " + seconds(at));
        TimeSeries retries = fine.orElse(client);
        Instant first = null;
        Instant last = null;
        long retried = 0;
        for (int i = 0; i < retries.buckets().size(); i++) {
            Bucket bucket = retries.buckets().get(i);
            Instant start = retries.bucketStart(i);
            if (start.isBefore(faultAt) || bucket.count(Counter.RETRIES) == 0) {
                continue;
            }
            retried += bucket.count(Counter.RETRIES);
            first = first == null ? start : first;
            last = start.plus(retries.bucketWidth());
        }
        if (retried == 0) {
            clauses.add("no client retried");
        } else {
            clauses.add(count(retried, "retry", "retries") + " spread over " + seconds(Duration.between(first, last))
                    + (jitter == BackoffStrategy.NONE ? " with no backoff" : " with " + jitter.cliName() + " jitter"));
        }
        long throttled = 0;
        for (int i = 0; i < client.buckets().size(); i++) {
            if (!client.bucketStart(i).isBefore(faultAt)) {
                throttled += client.buckets().get(i).count(Counter.STATUS_429);
            }
        }
        if (throttled > 0) {
            // LB17: the retries pushed past the provider's quota.
            clauses.add(count(throttled, "answer", "answers") + " 429 from the quota after it");
        }
        clauses.add(budgets(client));
        return clauses;
    }

    private static String budgets(TimeSeries client) {
        long exhausted = client.total(Counter.EXHAUSTED_BUDGETS);
        return exhausted == 0
                ? "no call ran out of its retry budget"
                : count(exhausted, "call", "calls") + " ran out of their retry budget (B1)";
    }

    private static String recovery(Figure figure) {
        if (figure instanceof Figure.Value value) {
            return String.format(Locale.ROOT, "goodput was back to 90%% %.1f s after it ended", value.value());
        }
        return "goodput did not come back to 90% before the run ended";
    }

    private static String peak(Figure figure) {
        if (figure instanceof Figure.Value value) {
            return String.format(
                    Locale.ROOT, "in the second after, arrivals peaked at %.1f times their mean", value.value());
        }
        return "the second after it was not recorded";
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static String seconds(Duration offset) {
        double s = offset.toMillis() / 1000.0;
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.format(Locale.ROOT, "%.1f", s)) + " s";
    }
}
