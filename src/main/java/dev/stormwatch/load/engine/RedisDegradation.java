package dev.stormwatch.load.engine;

import dev.stormwatch.limit.DecisionSource;
import dev.stormwatch.limit.LimitDecision;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.load.options.RedisFailureHandling;
import dev.stormwatch.load.series.Figure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts the decisions a run's Redis limiters took without Redis (RB3), and when: spans of degraded decisions, a
 * span ending once a whole {@link #SPAN_GAP} passes without one. Thread-safe; holds at most {@link #MAX_SPANS} spans
 * (later ones join the last), so a long run's memory stays flat.
 */
final class RedisDegradation {

    /** Figure: decisions taken by the failure mode instead of Redis. */
    static final String DEGRADED_DECISIONS = "redis_degraded_decisions";
    /** Figure: the spans of time in which they were taken. */
    static final String DEGRADED_SPANS = "redis_degraded_spans";
    /** Degraded decisions less than this apart belong to one span. */
    static final Duration SPAN_GAP = Duration.ofSeconds(1);

    static final int MAX_SPANS = 100;
    /** The note names at most this many spans, the first ones; the figures count them all. */
    private static final int SPANS_NAMED = 10;

    /** One stretch of degraded decisions. */
    record Span(Instant first, Instant last, long decisions) {}

    private final Clock clock;
    private final RedisFailureHandling handling;
    private final List<Span> spans = new ArrayList<>();
    private long total;

    RedisDegradation(Clock clock, RedisFailureHandling handling) {
        this.clock = clock;
        this.handling = handling;
    }

    /** {@code limiter}, with every decision it takes without Redis counted here. */
    RateLimiter counting(RateLimiter limiter) {
        return new RateLimiter() {
            @Override
            public LimitDecision tryAcquire(LimitKey key) {
                LimitDecision decision = limiter.tryAcquire(key);
                if (decision.source() != DecisionSource.BACKEND) {
                    record(clock.instant());
                }
                return decision;
            }

            @Override
            public dev.stormwatch.limit.Algorithm algorithm() {
                return limiter.algorithm();
            }

            @Override
            public dev.stormwatch.limit.LimitSpec spec() {
                return limiter.spec();
            }
        };
    }

    /** One decision taken without Redis at {@code at}. */
    synchronized void record(Instant at) {
        total++;
        if (!spans.isEmpty()) {
            Span last = spans.get(spans.size() - 1);
            if (at.isBefore(last.last().plus(SPAN_GAP)) || spans.size() >= MAX_SPANS) {
                Instant end = at.isAfter(last.last()) ? at : last.last();
                spans.set(spans.size() - 1, new Span(last.first(), end, last.decisions() + 1));
                return;
            }
        }
        spans.add(new Span(at, at, 1));
    }

    synchronized long total() {
        return total;
    }

    synchronized List<Span> spans() {
        return List.copyOf(spans);
    }

    /** RB3: the figures, whether or not any decision was degraded (a zero says Redis answered every time). */
    synchronized void addFigures(Map<String, Figure> figures) {
        figures.put(DEGRADED_DECISIONS, Figure.of(total));
        figures.put(DEGRADED_SPANS, Figure.of(spans.size()));
    }

    /** RB3: how many decisions were degraded and when, in seconds from the run's start; empty when none were. */
    synchronized Optional<String> note(Instant runStart) {
        if (total == 0) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "Redis slow or away: %d decision(s) taken without it (%s), in %d span(s): ",
                total,
                handling.describeMode(),
                spans.size()));
        for (int i = 0; i < Math.min(SPANS_NAMED, spans.size()); i++) {
            Span span = spans.get(i);
            text.append(i == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "%.1f-%.1f s (%d)",
                            seconds(runStart, span.first()),
                            seconds(runStart, span.last()),
                            span.decisions()));
        }
        if (spans.size() > SPANS_NAMED) {
            text.append(", and ").append(spans.size() - SPANS_NAMED).append(" more");
        }
        return Optional.of(text.toString());
    }

    private static double seconds(Instant start, Instant at) {
        return Duration.between(start, at).toMillis() / 1000.0;
    }
}
