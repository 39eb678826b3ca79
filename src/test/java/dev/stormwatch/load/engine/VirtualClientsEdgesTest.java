package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptTransport;
import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.RequestDeadline;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.LimitDecision;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TwoResolutionRecorder;
import dev.stormwatch.retry.PolicyPreset;
import java.net.ConnectException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * How the virtual clients end a run early, on simulated time: a target that never answered, a session lost mid-run.
 * The real retry engine runs over a transport of the test's own; {@link OpenLoopScheduleTest} runs the same clients over
 * a model that answers.
 */
class VirtualClientsEdgesTest {

    private static final Instant START = Instant.parse("2026-12-02T03:00:00Z");

    private final SimulatedTime time = new SimulatedTime(START);
    private final TwoResolutionRecorder recorder =
            new TwoResolutionRecorder(time, START, Duration.ofSeconds(60), START, Duration.ofSeconds(6));
    private final StopSignal stop = new StopSignal();
    private final ResponseWatch watch = new ResponseWatch();

    /** A target whose every connection is refused, at once. */
    private static final class Refusing implements AttemptTransport {
        private final SimulatedTime time;
        final AtomicInteger sent = new AtomicInteger();

        Refusing(SimulatedTime time) {
            this.time = time;
        }

        @Override
        public void send(Call call, Callback callback) {
            sent.incrementAndGet();
            time.execute(() -> callback.onFailure(call, new ConnectException("Connection refused")));
        }

        @Override
        public void handOn(Runnable nextAttempt) {
            time.execute(nextAttempt);
        }
    }

    private VirtualClients clients(ResilientClient.Builder builder) {
        return clients(builder, CallOptions.model("storm-mini"), time);
    }

    private VirtualClients clients(ResilientClient.Builder builder, CallOptions call, Clock clientClock) {
        ResilientClient client = builder.policy(PolicyPreset.BATCH.policy())
                .clock(clientClock)
                .scheduler(time.retryScheduler())
                .random(() -> 0.5)
                .build();
        return new VirtualClients(
                List.of(client),
                new Request.Builder().url("http://127.0.0.1:9/v1/models").get().build(),
                call,
                recorder,
                time,
                stop,
                watch,
                "the refusing target");
    }

    @Test
    @DisplayName("ST2: network failures from a target that never answered stop the run as unreachable, once spent")
    void aTargetThatNeverAnsweredIsUnreachable() {
        Refusing target = new Refusing(time);
        VirtualClients clients =
                clients(ResilientClient.builder(new OkHttpClient()).transport(target));

        clients.startClosedLoop(2, Duration.ofMillis(100));
        time.runFor(Duration.ofSeconds(30), stop::isStopped);

        assertThat(stop.reason())
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("target unreachable: the refusing target: ")
                        .endsWith(" attempt(s))"));
        assertThat(target.sent.get()).as("the budget was spent first").isGreaterThan(1);
        assertThat(recorder.perSecond().total(Counter.EXHAUSTED_BUDGETS)).isPositive();
        assertThat(recorder.perSecond().total(Counter.UNSENT_REQUESTS))
                .as("attempts went out: not unsent (LB2)")
                .isZero();
    }

    @Test
    @DisplayName("ST2: once the target has answered, network failures are counted and the run goes on")
    void aTargetThatAnsweredOnceIsNotUnreachable() {
        watch.responded(200);
        VirtualClients clients =
                clients(ResilientClient.builder(new OkHttpClient()).transport(new Refusing(time)));

        clients.startClosedLoop(2, Duration.ofMillis(100));
        time.runFor(Duration.ofSeconds(60));
        clients.stopSending();

        assertThat(stop.reason()).isEmpty();
        assertThat(recorder.perSecond().total(Counter.EXHAUSTED_BUDGETS)).isGreaterThan(2);
    }

    @Test
    @DisplayName("RC6: a session lost mid-run stops the run, saying why, without counting a spent budget")
    void aSessionLostMidRunStopsTheRun() {
        AtomicInteger asked = new AtomicInteger();
        SessionTokenSource tokens = () -> {
            if (asked.incrementAndGet() > 3) {
                throw new SessionTokenSource.Unavailable(
                        SessionTokenSource.Unavailable.Reason.SESSION_ENDED, "the session has ended");
            }
            return Secret.of("session-token");
        };
        ScriptedModelTransport model =
                new ScriptedModelTransport(time, Duration.ofMillis(10), START.plusSeconds(600), Duration.ZERO);
        VirtualClients clients = clients(
                ResilientClient.builder(new OkHttpClient()).transport(model).credential(new SessionBearer(tokens)));

        clients.startClosedLoop(1, Duration.ofMillis(100));
        time.runFor(Duration.ofSeconds(5), stop::isStopped);

        assertThat(stop.reason()).contains("the OAuth session's token could not be had mid-run: the session has ended");
        assertThat(model.received()).isEqualTo(3);
        assertThat(recorder.perSecond().total(Counter.EXHAUSTED_BUDGETS)).isZero();
    }

    @Test
    @DisplayName("L9: a limiter that throws instead of deciding stops the run, naming the failure: a fault of the run")
    void aLimiterThatThrowsStopsTheRun() {
        RateLimiter broken = new RateLimiter() {
            @Override
            public LimitDecision tryAcquire(LimitKey key) {
                throw new IllegalStateException("no failure mode", new java.io.IOException("connection reset"));
            }

            @Override
            public Algorithm algorithm() {
                return Algorithm.GCRA;
            }

            @Override
            public LimitSpec spec() {
                return LimitSpec.of(5, Duration.ofSeconds(1));
            }
        };
        ScriptedModelTransport model =
                new ScriptedModelTransport(time, Duration.ofMillis(10), START.plusSeconds(600), Duration.ZERO);
        VirtualClients clients = clients(
                ResilientClient.builder(new OkHttpClient()).transport(model).limiter(broken, "load-7"));

        clients.startClosedLoop(1, Duration.ofMillis(100));
        time.runFor(Duration.ofSeconds(5), stop::isStopped);

        assertThat(stop.reason()).contains("the run failed: IllegalStateException: no failure mode");
        assertThat(model.received()).isZero();
    }

    @Test
    @DisplayName("CO2: at most 60,000 arrivals wait for a busy client; later ones are dropped, and all are counted")
    void pastSixtyThousandWaitingArrivalsAreDropped() {
        ScriptedModelTransport stalled =
                new ScriptedModelTransport(time, Duration.ofMillis(10), START, Duration.ofMinutes(10));
        VirtualClients clients =
                clients(ResilientClient.builder(new OkHttpClient()).transport(stalled));

        clients.startOpenLoop(1_000, 1);
        time.runFor(Duration.ofSeconds(61));
        long sent = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);
        long dropped = clients.skipped();
        clients.stopSending();

        assertThat(sent).isOne();
        assertThat(dropped)
                .as("61,000 due, one sent, 60,000 waiting")
                .isEqualTo(61_000 - 1 - VirtualClients.MAX_WAITING);
        assertThat(clients.skipped())
                .as("once sending stops, the waiting ones count too")
                .isEqualTo(61_000 - 1);
        assertThat(clients.inFlight()).isOne();
        assertThat(clients.cancelAll()).isOne();
    }

    /** A model that answers every request 200 after {@code serviceTime}, and never stalls. */
    private ScriptedModelTransport answering(Duration serviceTime) {
        return new ScriptedModelTransport(time, serviceTime, START.plusSeconds(600), Duration.ZERO);
    }

    @Test
    @DisplayName(
            "CO3: a closed-loop client sends its next request a think time after its last one ended, one at a time")
    void aClosedLoopClientThinksBetweenRequests() {
        ScriptedModelTransport model = answering(Duration.ofMillis(10));
        VirtualClients clients =
                clients(ResilientClient.builder(new OkHttpClient()).transport(model));

        clients.startClosedLoop(1, Duration.ofMillis(100));
        time.runFor(Duration.ofMillis(1_050));
        clients.stopSending();

        assertThat(model.received()).as("sent at 0, 110, 220, ..., 990 ms").isEqualTo(10);
        assertThat(recorder.perSecond().buckets().get(0).maxInFlight()).isOne();
    }

    @Test
    @DisplayName("CO2: a virtual client freed between two ticks of the pacer takes the next waiting arrival at once")
    void aFreedClientTakesTheNextWaitingArrivalAtOnce() {
        ScriptedModelTransport model = answering(Duration.ofMillis(7));
        VirtualClients clients =
                clients(ResilientClient.builder(new OkHttpClient()).transport(model));

        clients.startOpenLoop(200, 1); // an arrival due every 5 ms, each served in 7 ms: a line forms
        time.runFor(Duration.ofSeconds(1));
        clients.stopSending();

        assertThat(model.received())
                .as("back to back from 5 ms on, at 5 + 7k ms, not only at the pacer's 5 ms ticks")
                .isEqualTo(143);
    }

    /** Simulated time for the clients' retry engine that remembers how deep the stack was at each reading. */
    private static final class StackWatchingClock extends Clock {
        private final Clock time;
        private long shallowest = Long.MAX_VALUE;
        private long deepest;

        StackWatchingClock(Clock time) {
            this.time = time;
        }

        @Override
        public Instant instant() {
            long depth = StackWalker.getInstance().walk(Stream::count);
            shallowest = Math.min(shallowest, depth);
            deepest = Math.max(deepest, depth);
            return time.instant();
        }

        @Override
        public ZoneId getZone() {
            return time.getZone();
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    /** Calls whose deadline has passed: each ends inside {@code sendAsync}, before anything is sent (RC5). */
    private VirtualClients endingAtOnce(Clock clientClock) {
        ScriptedModelTransport model =
                new ScriptedModelTransport(time, Duration.ofMillis(10), START.plusSeconds(600), Duration.ZERO);
        return clients(
                ResilientClient.builder(new OkHttpClient()).transport(model),
                CallOptions.model("storm-mini").withDeadline(RequestDeadline.at(START)),
                clientClock);
    }

    @Test
    @DisplayName(
            "CO2: a line of arrivals whose calls end at once is sent in full at its tick, on a stack of bounded depth")
    void aLineOfCallsThatEndAtOnceIsSentInFull() {
        StackWatchingClock clientClock = new StackWatchingClock(time);
        VirtualClients clients = endingAtOnce(clientClock);

        clients.startOpenLoop(200_000, 1); // 1,000 arrivals due at each 5 ms tick of the pacer
        time.runFor(Duration.ofMillis(5));
        long firstTick = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);
        time.runFor(Duration.ofMillis(5));
        clients.stopSending();

        assertThat(firstTick).isEqualTo(1_000);
        assertThat(recorder.perSecond().total(Counter.LOGICAL_REQUESTS))
                .as("the one virtual client was free again for the next tick's line")
                .isEqualTo(2_000);
        assertThat(recorder.perSecond().total(Counter.UNSENT_REQUESTS))
                .as("LB2: nothing went out")
                .isEqualTo(2_000);
        assertThat(clients.skipped()).as("none left waiting").isZero();
        assertThat(clients.inFlight()).isZero();
        assertThat(clientClock.deepest - clientClock.shallowest)
                .as("each call that ended at once did not nest the next one's frames on the stack for good")
                .isLessThan(500);
        assertThat(stop.reason()).isEmpty();
    }

    @Test
    @DisplayName("LB2: a closed-loop client whose calls end at once goes on sending, each one counted as unsent")
    void aClientWhoseCallsEndAtOnceGoesOn() {
        VirtualClients clients = endingAtOnce(time);
        AtomicInteger tasks = new AtomicInteger();

        clients.startClosedLoop(1, Duration.ZERO); // no think time: every next request is due at once
        time.runFor(Duration.ofMillis(1), () -> tasks.incrementAndGet() > 500);
        long first = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);
        tasks.set(0);
        time.runFor(Duration.ofMillis(1), () -> tasks.incrementAndGet() > 500);
        clients.stopSending();
        long second = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);

        assertThat(first).as("the chain went on past its own stack").isGreaterThan(500);
        assertThat(second).as("and is still going").isGreaterThan(first + 500);
        assertThat(recorder.perSecond().total(Counter.UNSENT_REQUESTS)).isEqualTo(second);
        assertThat(time.instant()).as("all at one simulated instant").isEqualTo(START);
        assertThat(stop.reason()).isEmpty();
    }

    @Test
    @DisplayName("LB1, RC5: the head of a refused line whose call then ends at once for another reason (its deadline)"
            + " still lets the next in line go")
    void aProbeThatEndsForAnotherReasonReleasesTheLine() {
        RateLimiter onePerTenSeconds = dev.stormwatch.limit.RateLimiterBuilder.of(
                        Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofSeconds(10)))
                .clock(time)
                .build();
        VirtualClients clients = clients(
                ResilientClient.builder(new OkHttpClient())
                        .transport(answering(Duration.ofMillis(10)))
                        .limiter(onePerTenSeconds, "load-7"),
                // The deadline passes while the line waits for the limiter's retry-at, 10 s after the start.
                CallOptions.model("storm-mini").withDeadline(RequestDeadline.at(START.plusSeconds(5))),
                time);

        clients.startClosedLoop(3, Duration.ofMillis(100));
        time.runFor(Duration.ofSeconds(10).minusMillis(1));
        long beforeRetryAt = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);
        time.runFor(Duration.ofSeconds(10));
        clients.stopSending();
        long after = recorder.perSecond().total(Counter.LOGICAL_REQUESTS);

        assertThat(beforeRetryAt)
                .as("one allowed, one refused; the third and then the first joined the line without asking")
                .isEqualTo(2);
        // From the retry-at on, each of the three clients ends a call at once every think time of 100 ms: about
        // 3 x 100 in 10 s. A line that stayed closed behind its head would have sent that head's call alone.
        assertThat(after - beforeRetryAt).isGreaterThan(250);
        assertThat(recorder.perSecond().total(Counter.UNSENT_REQUESTS))
                .as("LB2: only the first call went out; the refused one and those past the deadline did not")
                .isEqualTo(after - 1);
        assertThat(stop.reason()).isEmpty();
    }
}
