package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.limit.LimiterConfigurationException;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.RunVerdict;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.relay.RelayMeters;
import dev.stormwatch.retry.CallFailure;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The run itself at its edges, the whole {@link LoadEngine} on simulated time ({@link SimulatedEngine}): its ticks and
 * progress lines, its drain, the notes it ends with, the runs that cannot start, and its meters. Each run of a few
 * simulated seconds takes a fraction of a second.
 */
class LoadEngineEdgesTest {

    private static final Instant START = Instant.parse("2026-12-02T03:00:00Z");
    /** A model that answers long after any run here has ended. */
    private static final Duration STUCK = Duration.ofSeconds(30);

    /** CO3: what a closed loop's response-time figures say instead of a value. */
    private static final Figure CLOSED_LOOP =
            Figure.absent("closed loop: each request waits for the one before, so none is late (CO3)");

    private final SimulatedTime time = new SimulatedTime(START);

    private static Scenario withFaults(String name, TimedFault... faults) {
        return new Scenario(name, name, "a test's own scenario", List.of(faults), Duration.ofMillis(500));
    }

    private static LoadOptions.Builder steady(int clients, Duration duration) {
        return LoadOptions.builder()
                .clients(clients)
                .thinkTime(Duration.ofMillis(100))
                .duration(duration)
                .seed(7);
    }

    private LoadReport run(EngineSettings settings, LoadOptions options) {
        return SimulatedEngine.on(time, settings).run(options, line -> {});
    }

    /**
     * An engine on this test's simulated time whose limiter fleets are real ones, each kept in {@code fleets} when it
     * is built, with the connections it was built for in {@code concurrency}.
     */
    private LoadEngine engineKeepingItsFleets(List<LimiterFleet> fleets, List<Integer> concurrency) {
        return new LoadEngine(
                EngineSettings.defaults().withClock(time),
                Optional.empty(),
                time::runTime,
                InProcessRelayTransport.on(time),
                (choice, redis, handling, instances, spec, clock, concurrent, metrics, onLost) -> {
                    concurrency.add(concurrent);
                    LimiterFleet fleet = LimiterFleet.build(
                            choice, redis, handling, instances, spec, clock, concurrent, metrics, onLost);
                    fleets.add(fleet);
                    return fleet;
                });
    }

    /** Two clients for a second, each instance's sliding-log limiter on the run's embedded Redis. */
    private static LoadReport runOnSlidingLogsOnEmbeddedRedis(LoadEngine engine) throws Exception {
        return engine.run(
                steady(2, Duration.ofSeconds(1))
                        .limiter(LimiterChoice.SLIDING_LOG)
                        .redis(new RedisChoice.Embedded())
                        .build(),
                line -> {});
    }

    private static TimeSeries client(LoadReport report) {
        return report.seriesNamed("client per second").orElseThrow();
    }

    private static String notes(LoadReport report) {
        return String.join("\n", report.notes());
    }

    @Test
    @DisplayName("LB11: a run tells its live view once a second with both sides, and last at the planned end")
    void liveTicksOnceASecondUntilThePlannedEnd() throws Exception {
        List<Duration> ticks = new ArrayList<>();
        List<Boolean> withProvider = new ArrayList<>();
        List<Long> requestsSoFar = new ArrayList<>();
        List<Long> arrivalsSoFar = new ArrayList<>();
        List<String> progress = new ArrayList<>();

        time.runFor(Duration.ofSeconds(5)); // the run's own time starts where the clock is, not at zero
        LoadReport report = SimulatedEngine.on(time, EngineSettings.defaults())
                .run(steady(4, Duration.ofMillis(2_500)).build(), progress::add, (elapsed, client, provider) -> {
                    ticks.add(elapsed);
                    withProvider.add(provider.isPresent());
                    requestsSoFar.add(client.total(Counter.LOGICAL_REQUESTS));
                    arrivalsSoFar.add(
                            provider.map(p -> p.total(Counter.ATTEMPTS)).orElse(-1L));
                });

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(ticks).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMillis(2_500));
        assertThat(withProvider).containsOnly(true);
        assertThat(requestsSoFar).isSorted().first().isNotEqualTo(0L);
        assertThat(progress).hasSize(3).allSatisfy(line -> assertThat(line).doesNotContain("jitter"));
        assertThat(progress.get(0)).startsWith("[   1s/2s] requests ");
        assertThat(arrivalsSoFar.get(0))
                .as("the relay's record is read at every tick")
                .isPositive();
        // Nothing happened that a note would tell: no 401, no session, no arrival left waiting, nothing cancelled.
        assertThat(notes(report))
                .contains("no limiter")
                .doesNotContain("401", "token changed", "arrival(s)", "cancelled");
        // CO3: a closed loop has no intended starts, so no response time from them.
        assertThat(report.figures()).containsEntry(StandardFigures.P99_RESPONSE_TIME, CLOSED_LOOP);
        assertThat(report.seriesNamed("client per 100 ms, from t = 0 s")).isPresent();
        assertThat(report.notes().get(0)).as("LB4: the run's story first").startsWith(RunVerdict.PREFIX);
        assertThat(client(report).total(Counter.LIMITER_ALLOWED))
                .as("no limiter allowed anything")
                .isZero();
    }

    @Test
    @DisplayName("the 100 ms series starts two seconds before the scenario's focus, the end of its outage")
    void theFineSeriesStartsBeforeTheFocus() throws Exception {
        Scenario outage = withFaults(
                "outage", new TimedFault(Duration.ofSeconds(3), new RelayFault.Outage(Duration.ofSeconds(2), 503)));

        LoadReport report = run(
                EngineSettings.defaults(),
                steady(2, Duration.ofSeconds(6)).scenario(outage).build());

        assertThat(report.seriesNamed("client per 100 ms, from t = 3 s")).isPresent();
        assertThat(report.seriesNamed("provider per 100 ms, from t = 3 s")).isPresent();
    }

    /** An engine on this test's simulated time whose run is interrupted at its first wait. */
    private LoadEngine engineInterruptedAtTheFirstWait() {
        return new LoadEngine(
                EngineSettings.defaults().withClock(time),
                Optional.empty(),
                () -> interruptedAtTheFirstWait(time.runTime()),
                InProcessRelayTransport.on(time));
    }

    @Test
    @DisplayName("an interrupted run stops at once with a partial report that says so, and stays interrupted")
    void anInterruptedRunSaysSo() throws Exception {
        LoadEngine engine = engineInterruptedAtTheFirstWait();

        LoadReport report;
        try {
            report = engine.run(steady(2, Duration.ofSeconds(3)).build(), line -> {});
        } finally {
            assertThat(Thread.interrupted())
                    .as("the caller learns of the interrupt")
                    .isTrue();
        }

        assertThat(report.outcome()).isEqualTo(new RunOutcome.Partial("interrupted"));
    }

    @Test
    @DisplayName("B2: an interrupted run cancels what is in flight, and no virtual client sends again after it")
    void anInterruptedRunSendsNothingAfterItsCancellations() throws Exception {
        // Interrupted at its first wait, before simulated time moves: both clients' first requests are in flight.
        LoadEngine engine = engineInterruptedAtTheFirstWait();

        LoadReport report;
        try {
            report = engine.run(
                    steady(2, Duration.ofSeconds(3)).thinkTime(Duration.ZERO).build(), line -> {});
        } finally {
            Thread.interrupted();
        }

        assertThat(report.outcome()).isEqualTo(new RunOutcome.Partial("interrupted"));
        assertThat(client(report).total(Counter.LOGICAL_REQUESTS))
                .as("the two clients' first requests, cancelled; a client whose cancelled call ended sent no other")
                .isEqualTo(2);
    }

    private static RunTime interruptedAtTheFirstWait(RunTime time) {
        return new RunTime() {
            @Override
            public long nanoTime() {
                return time.nanoTime();
            }

            @Override
            public void await(StopSignal stop, Duration length) throws InterruptedException {
                throw new InterruptedException("Ctrl-C");
            }

            @Override
            public void sleep(Duration length) throws InterruptedException {
                time.sleep(length);
            }

            @Override
            public RunScheduler timer() {
                return time.timer();
            }

            @Override
            public dev.stormwatch.http.RetryScheduler retryScheduler() {
                return time.retryScheduler();
            }

            @Override
            public void close() {
                time.close();
            }
        };
    }

    @Test
    @DisplayName("RB3, RB4: limiters on a real Redis give the run its degraded-decision figures and stop with it")
    void aRunOnRedisLimitersReportsDegradedDecisionsAndStopsRedis() throws Exception {
        List<LimiterFleet> fleets = new ArrayList<>();
        List<Integer> decisions = new ArrayList<>();
        LoadEngine engine = engineKeepingItsFleets(fleets, decisions);

        LoadReport report = runOnSlidingLogsOnEmbeddedRedis(engine);

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(decisions).as("RB4: the connections and two more").containsExactly(2 + 2);
        assertThat(report.figures())
                .containsEntry(RedisDegradation.DEGRADED_DECISIONS, Figure.of(0))
                .containsEntry(RedisDegradation.DEGRADED_SPANS, Figure.of(0));
        assertThat(fleets.get(0).embeddedRedis().orElseThrow().isRunning())
                .as("the run's embedded Redis stops with the run")
                .isFalse();
    }

    @Test
    @DisplayName("B4: every progress line of a run without full jitter says its clients are for comparison only")
    void aRunWithoutFullJitterSaysSoOnEveryProgressLine() throws Exception {
        List<String> progress = new ArrayList<>();

        LoadOptions options =
                steady(2, Duration.ofSeconds(2)).jitter(BackoffStrategy.NONE).build();

        LoadReport report = SimulatedEngine.on(time, EngineSettings.defaults()).run(options, progress::add);

        assertThat(report.notes()).contains(options.jitterNote().orElseThrow());

        assertThat(progress)
                .hasSize(2)
                .allSatisfy(line -> assertThat(line).endsWith(" | jitter none: comparison only (B4)"));
    }

    @Test
    @DisplayName(
            "B3, B4: a run's clients draw each retry's wait at random; without jitter every first retry waits alike")
    void fullJitterDrawsTheWaitsNoJitterDoesNot() throws Exception {
        LoadOptions.Builder options = steady(4, Duration.ofSeconds(3))
                .scenario(withFaults(
                        "down", new TimedFault(Duration.ZERO, new RelayFault.Outage(Duration.ofSeconds(2), 503))));

        List<Duration> full = firstRetryWaits(options.build());
        List<Duration> none =
                firstRetryWaits(options.jitter(BackoffStrategy.NONE).build());

        assertThat(full).hasSizeGreaterThan(1).doesNotHaveDuplicates();
        assertThat(full).allSatisfy(wait -> assertThat(wait).isPositive());
        assertThat(none).hasSizeGreaterThan(1).containsOnly(none.get(0));
    }

    private static List<Duration> firstRetryWaits(LoadOptions options) {
        List<AttemptEvent> events = new ArrayList<>();
        SimulatedEngine.on(new SimulatedTime(START), EngineSettings.defaults().withObserver(events::add))
                .run(options, line -> {});
        return events.stream()
                .filter(e -> e.verdict() == AttemptEvent.Verdict.RETRY && e.attempt() == 1)
                .map(e -> e.delay().orElseThrow())
                .toList();
    }

    @Test
    @DisplayName(
            "L6, RC7: local limiters take the relay's quota as their limit, refuse past it, and count what they allow")
    void localLimitersTakeTheRelaysQuota() throws Exception {
        LoadReport report = run(
                EngineSettings.defaults(),
                steady(6, Duration.ofSeconds(4))
                        .limiter(LimiterChoice.SLIDING_LOG)
                        .redis(new RedisChoice.LocalOnly())
                        .scenario(withFaults(
                                "quota",
                                new TimedFault(Duration.ZERO, new RelayFault.Quota(10, Duration.ofSeconds(2)))))
                        .build());

        assertThat(report.notes()).contains("1 local sliding-log limiter(s) of 10 per 2000 ms, one per instance");
        TimeSeries client = client(report);
        assertThat(client.total(Counter.LIMITER_REFUSED)).isPositive();
        assertThat(client.total(Counter.LIMITER_ALLOWED))
                .isEqualTo(client.total(Counter.ATTEMPTS))
                .isPositive();
    }

    @Test
    @DisplayName("RH11: with the adaptive send rate, clients answered 429 wait before sending, and the notes say so")
    void theAdaptiveSendRatePacesTheClients() throws Exception {
        LoadOptions.Builder options = steady(6, Duration.ofSeconds(4))
                .scenario(withFaults(
                        "quota", new TimedFault(Duration.ZERO, new RelayFault.Quota(10, Duration.ofSeconds(2)))));

        LoadReport adaptive =
                run(EngineSettings.defaults(), options.adaptive(true).build());
        LoadReport plain = SimulatedEngine.on(new SimulatedTime(START), EngineSettings.defaults())
                .run(options.adaptive(false).build(), line -> {});

        assertThat(client(adaptive).total(Counter.PACED_WAITS)).isPositive();
        assertThat(notes(adaptive)).contains("paced: ");
        assertThat(client(plain).total(Counter.PACED_WAITS)).isZero();
    }

    @Test
    @DisplayName("RB3: decisions taken while the run's Redis is away are counted in the figures and a note")
    void decisionsWithoutRedisAreCountedAndNoted() throws Exception {
        List<LimiterFleet> fleets = new ArrayList<>();
        LoadEngine engine = engineKeepingItsFleets(fleets, new ArrayList<>());
        time.schedule(
                Duration.ofMillis(500),
                () -> fleets.get(0).embeddedRedis().orElseThrow().stop());

        LoadReport report = runOnSlidingLogsOnEmbeddedRedis(engine);

        assertThat(report.figures().get(RedisDegradation.DEGRADED_DECISIONS))
                .isInstanceOfSatisfying(
                        Figure.Value.class, value -> assertThat(value.value()).isPositive());
        assertThat(notes(report)).contains("Redis slow or away: ");
    }

    @Test
    @DisplayName("B2: what is in flight at the planned end finishes within the drain, and nothing is cancelled")
    void inFlightRequestsFinishWithinTheDrain() throws Exception {
        Scenario slow =
                withFaults("slow", new TimedFault(Duration.ZERO, new RelayFault.SlowModel(Duration.ofMillis(300))));

        LoadReport report = run(
                EngineSettings.defaults().withDrain(Duration.ofSeconds(5)),
                steady(3, Duration.ofSeconds(2))
                        .thinkTime(Duration.ZERO)
                        .scenario(slow)
                        .build());

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(notes(report)).doesNotContain("cancelled");
        TimeSeries client = client(report);
        assertThat(client.total(Counter.STATUS_2XX))
                .as("every request asked for was answered, those of the last moment in the drain")
                .isEqualTo(client.total(Counter.LOGICAL_REQUESTS))
                .isPositive();
        assertThat(time.instant())
                .as("the drain ends when nothing is in flight")
                .isBefore(START.plusSeconds(7));
        assertThat(report.seriesNamed("provider per second").orElseThrow().total(Counter.STATUS_2XX))
                .as("the relay's record of the answers given in the drain is read too, after the last tick")
                .isEqualTo(client.total(Counter.STATUS_2XX));
    }

    @Test
    @DisplayName("B2: the retries sent in the drain reach the provider's series too, read after the last tick")
    void retriesSentInTheDrainAreRecordedOnBothSides() throws Exception {
        Scenario down = withFaults(
                "down", new TimedFault(Duration.ofMillis(1_500), new RelayFault.Outage(Duration.ofSeconds(1), 503)));

        LoadReport report = run(
                EngineSettings.defaults().withDrain(Duration.ofSeconds(10)),
                steady(2, Duration.ofSeconds(2)).scenario(down).build());

        long attempts = client(report).total(Counter.ATTEMPTS);
        assertThat(report.seriesNamed("provider per second").orElseThrow().total(Counter.ATTEMPTS))
                .isEqualTo(attempts)
                .isPositive();
        assertThat(client(report).totalFrom(Counter.ATTEMPTS, report.startedAt().plusSeconds(2)))
                .as("some of them in the drain")
                .isPositive();
    }

    @Test
    @DisplayName("B2: what is still in flight when the drain ends is cancelled, and a note counts it")
    void whatOutlastsTheDrainIsCancelledAndNoted() throws Exception {
        Scenario stuck = withFaults("stuck", new TimedFault(Duration.ZERO, new RelayFault.SlowModel(STUCK)));

        LoadReport report = run(
                EngineSettings.defaults().withDrain(Duration.ofMillis(200)),
                steady(3, Duration.ofSeconds(1)).scenario(stuck).build());

        assertThat(report.notes()).contains("3 request(s) still in flight 200 ms after the end were cancelled");
        assertThat(client(report).total(Counter.STATUS_2XX)).isZero();
    }

    @Test
    @DisplayName("CO2: open-loop arrivals still waiting for a busy client when sending stops are counted in a note")
    void arrivalsLeftWaitingAreCountedInANote() throws Exception {
        Scenario stuck = withFaults("stuck", new TimedFault(Duration.ZERO, new RelayFault.SlowModel(STUCK)));

        LoadReport report = run(
                EngineSettings.defaults().withDrain(Duration.ofMillis(100)),
                steady(1, Duration.ofSeconds(1)).rate(50).scenario(stuck).build());

        assertThat(report.notes())
                .contains("49 arrival(s) were never sent: they waited for one of the 1 busy virtual clients until"
                        + " the run stopped sending, or found " + VirtualClients.MAX_WAITING
                        + " arrivals already waiting");
        assertThat(client(report).total(Counter.LOGICAL_REQUESTS)).isOne();
        assertThat(report.figures().get(StandardFigures.P99_RESPONSE_TIME))
                .as("CO2: timed from the intended starts")
                .isNotEqualTo(CLOSED_LOOP);
    }

    @Test
    @DisplayName("ST2: an embedded relay that cannot start ends the run before anything is sent, and says why")
    void aRelayThatCannotStartGivesAPartialReport() throws Exception {
        LoadEngine engine = new LoadEngine(
                EngineSettings.defaults().withClock(time), Optional.empty(), time::runTime, (config, connections) -> {
                    throw new IOException("no free port");
                });

        LoadReport report = engine.run(steady(2, Duration.ofSeconds(2)).build(), line -> {});

        assertThat(report.outcome())
                .isEqualTo(new RunOutcome.Partial("the embedded relay could not start: no free port"));
        assertThat(report.seriesNamed("provider per second")).isEmpty();
        assertThat(client(report).total(Counter.LOGICAL_REQUESTS)).isZero();
    }

    @Test
    @DisplayName("L9: a limiter that cannot start ends the run before the relay starts, and says why")
    void aLimiterThatCannotStartGivesAPartialReport() throws Exception {
        AtomicInteger relays = new AtomicInteger();
        EmbeddedRelayStart inProcess = InProcessRelayTransport.on(time);
        LoadEngine engine = new LoadEngine(
                EngineSettings.defaults().withClock(time),
                Optional.empty(),
                time::runTime,
                (config, connections) -> {
                    relays.incrementAndGet();
                    return inProcess.start(config, connections);
                },
                (choice, redis, handling, instances, spec, clock, concurrent, metrics, onLost) -> {
                    throw new LimiterConfigurationException("Redis host is empty");
                });

        LoadReport report = engine.run(steady(2, Duration.ofSeconds(2)).build(), line -> {});

        assertThat(report.outcome())
                .isEqualTo(new RunOutcome.Partial("the limiter could not start: Redis host is empty"));
        assertThat(relays).hasValue(0);
    }

    @Test
    @DisplayName("RC6, A2: the embedded relay is called with its demo key; the session's token is never asked for")
    void theEmbeddedRelayGetsTheDemoKeyNotTheSessionsToken() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        SessionTokenSource tokens = () -> {
            asked.incrementAndGet();
            return Secret.of("session-token-never-sent");
        };

        LoadReport report = run(
                EngineSettings.defaults(),
                steady(2, Duration.ofSeconds(2))
                        .credential(new TargetCredential.OAuthSessionToken(tokens))
                        .build());

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(asked).hasValue(0);
        assertThat(report.notes())
                .contains("the embedded relay is called with its demo key; the OAuth session's token is sent only to"
                        + " a --target URL");
        assertThat(client(report).total(Counter.STATUS_2XX)).isPositive();
    }

    @Test
    @DisplayName("RC6: without the session's token a URL run sends nothing; its notes say what the target would get")
    void noTokenForAUrlSendsNothing() throws Exception {
        SessionTokenSource lost = () -> {
            throw new SessionTokenSource.Unavailable(
                    SessionTokenSource.Unavailable.Reason.NOT_SIGNED_IN, "not signed in");
        };

        LoadReport report = run(EngineSettings.defaults(), offMachine(lost));

        assertThat(report.outcome())
                .isEqualTo(new RunOutcome.Partial(
                        "the OAuth session's token could not be had, so nothing was sent: not signed in"));
        assertThat(report.notes())
                .contains(
                        "the credential was sent over plain http off this machine (--allow-insecure-credentials)",
                        "non-loopback target: rate capped at 5.0 requests/s");
        assertThat(report.seriesNamed("provider per second")).isEmpty();
        assertThat(client(report).total(Counter.LOGICAL_REQUESTS)).isZero();
    }

    @Test
    @DisplayName("RC6: a session's token that cannot be sent ends a URL run before anything is sent, and says why")
    void aTokenThatCannotBeSentSendsNothing() throws Exception {
        SessionTokenSource unsendable = () -> {
            throw new CallFailure.Configuration("the token has a line break");
        };

        LoadReport report = run(EngineSettings.defaults(), offMachine(unsendable));

        assertThat(report.outcome())
                .isEqualTo(new RunOutcome.Partial(
                        "the OAuth session's token cannot be sent, so nothing was sent: the token has a line break"));
    }

    private static LoadOptions offMachine(SessionTokenSource tokens) throws Exception {
        return LoadOptions.builder()
                .target("http://198.51.100.7/v1")
                .credential(new TargetCredential.OAuthSessionToken(tokens))
                .allowInsecureCredentials(true)
                .rate(5)
                .clients(2)
                .duration(Duration.ofSeconds(2))
                .seed(7)
                .build();
    }

    @Test
    @DisplayName("LB19: the run opens the clients' count of connections, at most the cap per instance")
    void connectionsAreTheClientsUpToTheCapPerInstance() throws Exception {
        EngineSettings settings = EngineSettings.defaults().withMaxConnections(3);

        LoadReport capped =
                run(settings, steady(10, Duration.ofSeconds(1)).instances(2).build());
        LoadReport few = SimulatedEngine.on(new SimulatedTime(START), settings)
                .run(steady(4, Duration.ofSeconds(1)).instances(2).build(), line -> {});

        assertThat(capped.notes())
                .contains("sent to the embedded relay in process, without sockets, over at most 6 connection(s)");
        assertThat(few.notes())
                .contains("sent to the embedded relay in process, without sockets, over at most 4 connection(s)");
    }

    @Test
    @DisplayName("LB13, LB9: the notes give the embedded relay's quota, nginx's rate or a window per principal")
    void theNotesGiveTheRelaysQuota() throws Exception {
        LoadReport nginx = run(
                EngineSettings.defaults(),
                steady(2, Duration.ofSeconds(1))
                        .scenario(withFaults("nginx", new TimedFault(Duration.ZERO, new RelayFault.LeakyBucket(50))))
                        .build());
        LoadReport window = SimulatedEngine.on(new SimulatedTime(START), EngineSettings.defaults())
                .run(
                        steady(2, Duration.ofSeconds(1))
                                .scenario(withFaults(
                                        "window",
                                        new TimedFault(Duration.ZERO, new RelayFault.Quota(10, Duration.ofSeconds(2)))))
                                .build(),
                        line -> {});

        assertThat(nginx.notes())
                .contains("relay quota: nginx's limit_req at 50 requests per 1000 ms, no burst, 429 with"
                        + " Retry-After: 2 (LB9)");
        assertThat(window.notes()).contains("relay quota: 10 requests per 2000 ms per principal, in the plain dialect");
        assertThat(notes(window)).contains("embedded relay of this run at http://");
    }

    @Test
    @DisplayName("L8, L10: an engine with meters binds the relay's counters and times every attempt upstream")
    void anEngineWithMetersRecordsTheRelayAndTheAttempts() throws Exception {
        LimiterMetrics metrics = LimiterMetrics.inMemory();
        LoadEngine engine = new LoadEngine(
                EngineSettings.defaults().withClock(time),
                Optional.of(metrics),
                time::runTime,
                InProcessRelayTransport.on(time));

        LoadReport report = engine.run(steady(2, Duration.ofSeconds(2)).build(), line -> {});

        long attempts = client(report).total(Counter.ATTEMPTS);
        assertThat(attempts).isPositive();
        assertThat(metrics.registry()
                        .get(RelayMeters.REQUESTS)
                        .tag("outcome", "ok")
                        .functionCounter()
                        .count())
                .isEqualTo((double) attempts);
        assertThat(metrics.registry()
                        .get(LimiterMetrics.UPSTREAM_LATENCY)
                        .timer()
                        .count())
                .isEqualTo(attempts);
    }

    @Test
    @DisplayName("LB15: the article's 8 s cap brings the clients back early for more 429s than honouring Retry-After")
    void theArticlesCapEarnsMore429s() throws Exception {
        LoadOptions.Builder options = LoadOptions.builder()
                .scenario(ScenarioPresets.RETRY_AFTER_12)
                .clients(10)
                .thinkTime(Duration.ofMillis(100))
                .duration(Duration.ofSeconds(16))
                .seed(11);

        LoadReport honoured = run(EngineSettings.defaults(), options.build());
        LoadReport capped = SimulatedEngine.on(new SimulatedTime(START), EngineSettings.defaults())
                .run(options.articleRetryAfterCap(true).build(), line -> {});

        assertThat(client(capped).total(Counter.STATUS_429))
                .isGreaterThan(client(honoured).total(Counter.STATUS_429));
        assertThat(notes(capped)).contains("8 s");
    }

    @Test
    @DisplayName("a run without a seed takes one from its clock and does not report it as fixed")
    void aRunWithoutASeedReportsNone() throws Exception {
        LoadReport report = run(
                EngineSettings.defaults(),
                LoadOptions.builder()
                        .clients(2)
                        .thinkTime(Duration.ofMillis(100))
                        .duration(Duration.ofSeconds(1))
                        .build());
        LoadReport seeded = SimulatedEngine.on(new SimulatedTime(START), EngineSettings.defaults())
                .run(steady(2, Duration.ofSeconds(1)).build(), line -> {});

        assertThat(report.seedIfFixed()).isEmpty();
        assertThat(seeded.seedIfFixed()).contains(7L);
    }
}
