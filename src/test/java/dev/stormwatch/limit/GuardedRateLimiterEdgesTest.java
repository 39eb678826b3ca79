package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * What the guarded limiter says and answers at the edges of an outage (L9, RB1): the status it reports and logs, once
 * per change, and the retry-at of a refusal while the circuit is still closed.
 */
class GuardedRateLimiterEdgesTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    private static final LimitSpec SPEC = LimitSpec.of(2, Duration.ofMinutes(1));
    private static final Duration RETRY = Duration.ofSeconds(1);

    private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final FlakyPort redis = new FlakyPort(clock);
    private final List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
    /** This test's log lines: a test running beside it in the other lane may log through the same logger. */
    private final List<String> logged = new CopyOnWriteArrayList<>();

    private final AppenderBase<ILoggingEvent> log = new AppenderBase<>() {
        private final String testThread = Thread.currentThread().getName();

        @Override
        protected void append(ILoggingEvent event) {
            if (event.getThreadName().equals(testThread)) {
                logged.add(event.getLevel() + " " + event.getFormattedMessage());
            }
        }
    };
    private final Logger logger = (Logger) LoggerFactory.getLogger(GuardedRateLimiter.class);
    private Level levelBefore;

    @BeforeEach
    void captureTheLog() {
        levelBefore = logger.getLevel();
        logger.setLevel(Level.INFO);
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void releaseTheLog() {
        logger.detachAppender(log);
        logger.setLevel(levelBefore);
    }

    private GuardedRateLimiter limiter(FailureMode mode, int failureThreshold) {
        return RateLimiterBuilder.of(Algorithm.SLIDING_LOG, SPEC)
                .clock(clock)
                .redis(redis)
                .failureMode(mode)
                .retryInterval(RETRY)
                .failureThreshold(failureThreshold)
                .statusListener(statuses::add)
                .buildRedis();
    }

    private List<String> logLines() {
        return List.copyOf(logged);
    }

    @Test
    @DisplayName("RB1 L9: fail closed below the threshold refuses with a retry-at 1 ms on, since Redis is asked again")
    void failClosedBelowTheThresholdRetriesOneMillisecondLater() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED, 3);
        redis.set(FlakyPort.State.DOWN);

        LimitDecision refused = limiter.tryAcquire(KEY);

        assertThat(refused.source()).isEqualTo(DecisionSource.FAIL_CLOSED);
        assertThat(refused.decidedAt()).isEqualTo(clock.instant());
        assertThat(refused.inWindow()).isZero();
        assertThat(refused.retryAtIfRefused()).contains(clock.instant().plusMillis(1));
        assertThat(limiter.status().reachable()).isTrue();
    }

    @Test
    @DisplayName("L9: fail open allows with nothing counted in the window, at the local clock's instant")
    void failOpenAllowsAtTheLocalInstant() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_OPEN, 1);
        redis.set(FlakyPort.State.DOWN);

        LimitDecision allowed = limiter.tryAcquire(KEY);

        assertThat(allowed).isEqualTo(new LimitDecision.Allowed(0, clock.instant(), DecisionSource.FAIL_OPEN));
    }

    @Test
    @DisplayName("L9: the status starts reachable at the build's instant, naming Redis, and answers report nothing")
    void answersReportNothing() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED, 1);
        clock.advance(Duration.ofSeconds(5));

        IntStream.range(0, 3).forEach(i -> limiter.tryAcquire(KEY));

        assertThat(limiter.status())
                .isEqualTo(new BackendStatus(true, "Redis at flaky", Instant.parse("2026-01-01T00:00:00Z")));
        assertThat(statuses).isEmpty();
        assertThat(logLines()).isEmpty();
    }

    @Test
    @DisplayName("L9: an outage and its end go to the log (a warning naming the mode, then a note) and the listener")
    void outageAndRecoveryAreLoggedOnce() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED, 1);
        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        clock.advance(RETRY);
        limiter.tryAcquire(KEY); // the probe fails as well: the same status, not reported again
        redis.set(FlakyPort.State.UP);
        clock.advance(RETRY);

        limiter.tryAcquire(KEY);

        assertThat(logLines())
                .containsExactly(
                        "WARN Rate limiter: Redis at flaky cannot be reached: connection refused; deciding FAIL_CLOSED"
                                + " until it answers",
                        "INFO Rate limiter: Redis at flaky answers again");
        assertThat(statuses)
                .containsExactly(
                        new BackendStatus(
                                false,
                                "Redis at flaky cannot be reached: connection refused",
                                Instant.parse("2026-01-01T00:00:00Z")),
                        new BackendStatus(true, "Redis at flaky answers again", Instant.parse("2026-01-01T00:00:02Z")));
        assertThat(limiter.status()).isEqualTo(statuses.get(1));
    }

    @Test
    @DisplayName("L9: a command error is logged as that decision's failure mode, once while it repeats")
    void repeatedCommandErrorIsReportedOnce() {
        GuardedRateLimiter limiter = limiter(FailureMode.LOCAL_FALLBACK, 1);
        redis.set(FlakyPort.State.ERROR);

        IntStream.range(0, 3).forEach(i -> limiter.tryAcquire(KEY));

        assertThat(logLines())
                .containsExactly("WARN Rate limiter: Redis at flaky answered an error: WRONGTYPE; that decision was"
                        + " LOCAL_FALLBACK");
        assertThat(statuses).singleElement().satisfies(s -> {
            assertThat(s.reachable()).isTrue();
            assertThat(s.detail()).isEqualTo("Redis at flaky answered an error: WRONGTYPE");
        });
    }

    @Test
    @DisplayName("L9: a command error after an outage is news: reported, though Redis was unreachable before")
    void commandErrorAfterAnOutageIsReported() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_OPEN, 1);
        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        redis.set(FlakyPort.State.ERROR);
        clock.advance(RETRY);

        limiter.tryAcquire(KEY);

        assertThat(statuses).extracting(BackendStatus::reachable).containsExactly(false, true);
        assertThat(logLines())
                .containsExactly(
                        "WARN Rate limiter: Redis at flaky cannot be reached: connection refused; deciding FAIL_OPEN"
                                + " until it answers",
                        "INFO Rate limiter: Redis at flaky answered an error: WRONGTYPE");
    }

    @Test
    @DisplayName("L9: the guarded limiter shows the bare Redis limiter, its algorithm and its limit")
    void accessorsShowWhatIsInside() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_OPEN, 1);

        assertThat(limiter.algorithm()).isEqualTo(Algorithm.SLIDING_LOG);
        assertThat(limiter.spec()).isEqualTo(SPEC);
        assertThat(limiter.redis().describeBackend()).isEqualTo("flaky");
        assertThat(limiter.redis().algorithm()).isEqualTo(Algorithm.SLIDING_LOG);
        assertThat(limiter.redis().spec()).isEqualTo(SPEC);
        assertThat(limiter.failureMode()).isEqualTo(FailureMode.FAIL_OPEN);
    }
}
