package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The line of refused clients of one instance, on a hand-driven clock and timer. */
class RefusalQueueTest {

    private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    /** A timer whose tasks run only when the test moves the clock. */
    private static final class HandTimer implements RefusalQueue.Timer {
        private record Task(Instant at, long order, Runnable task) {}

        private final PriorityQueue<Task> tasks = new PriorityQueue<>(
                (a, b) -> a.at().equals(b.at()) ? Long.compare(a.order(), b.order()) : a.at().compareTo(b.at()));
        private Instant now = T0;
        private long order;

        Clock clock() {
            return new Clock() {
                @Override
                public ZoneOffset getZone() {
                    return ZoneOffset.UTC;
                }

                @Override
                public Clock withZone(java.time.ZoneId zone) {
                    return this;
                }

                @Override
                public Instant instant() {
                    return now;
                }
            };
        }

        @Override
        public void after(Duration delay, Runnable task) {
            tasks.add(new Task(now.plus(delay), order++, task));
        }

        void advanceTo(Instant until) {
            while (!tasks.isEmpty() && !tasks.peek().at().isAfter(until)) {
                Task next = tasks.poll();
                now = next.at().isAfter(now) ? next.at() : now;
                next.task().run();
            }
            now = until;
        }
    }

    private final HandTimer timer = new HandTimer();
    private final RefusalQueue queue = new RefusalQueue(timer.clock(), timer);
    /** Which client took a turn, when, and whether it was let out of the line. */
    private final List<String> turns = new ArrayList<>();

    private RefusalQueue.Turn client(String name) {
        return probe -> turns.add(
                name + "@" + Duration.between(T0, timer.clock().instant()).toMillis() + (probe ? " probe" : ""));
    }

    @Test
    @DisplayName("LB1: with nobody waiting and no refusal running, a client goes at once")
    void aClientGoesAtOnceWhenNobodyWaits() {
        queue.submit(client("a"));
        queue.submit(client("b"));

        assertThat(turns).containsExactly("a@0", "b@0");
    }

    @Test
    @DisplayName("LB1, RC7: refused clients wait for the retry-at, and only the first in line asks then")
    void refusedClientsWaitForTheRetryAtAndOnlyTheFirstAsks() {
        Instant retryAt = T0.plusMillis(200);
        queue.refused(retryAt, false, client("a"));
        queue.refused(retryAt, false, client("b"));
        queue.submit(client("c")); // a client coming back meanwhile joins the line

        timer.advanceTo(retryAt.minusMillis(1));
        assertThat(turns).as("nobody asks a millisecond before the retry-at").isEmpty();

        timer.advanceTo(retryAt.plusMillis(50));
        assertThat(turns)
                .as("one asks at the retry-at; the others wait for its answer")
                .containsExactly("a@200 probe");
        assertThat(queue.waiting()).isEqualTo(2);
    }

    @Test
    @DisplayName("LB1: when the first in line is allowed, the next asks at once, one at a time")
    void anAllowedProbeLetsTheNextAsk() {
        Instant retryAt = T0.plusMillis(100);
        queue.refused(retryAt, false, client("a"));
        queue.refused(retryAt, false, client("b"));
        timer.advanceTo(retryAt);

        queue.probeAllowed();
        timer.advanceTo(retryAt);

        assertThat(turns).containsExactly("a@100 probe", "b@100 probe");
        queue.probeAllowed();
        queue.submit(client("c"));
        assertThat(turns)
                .as("the line is empty again: the next client goes straight through")
                .containsExactly("a@100 probe", "b@100 probe", "c@100");
    }

    @Test
    @DisplayName("LB1: a refused first-in-line goes back to the head and the line waits for the new retry-at")
    void aRefusedProbeKeepsItsPlaceAndTheLineWaitsAgain() {
        queue.refused(T0.plusMillis(100), false, client("a"));
        queue.refused(T0.plusMillis(100), false, client("b"));
        timer.advanceTo(T0.plusMillis(100));

        queue.refused(T0.plusMillis(300), true, client("a again"));
        timer.advanceTo(T0.plusMillis(299));
        assertThat(turns).containsExactly("a@100 probe");

        timer.advanceTo(T0.plusMillis(300));
        assertThat(turns).containsExactly("a@100 probe", "a again@300 probe");
        assertThat(queue.waiting()).isEqualTo(1);
    }

    @Test
    @DisplayName("LB1: a client that comes back before the retry-at waits in line even if nobody else does")
    void aClientBeforeTheRetryAtWaitsEvenAlone() {
        queue.refused(T0.plusMillis(500), false, client("a"));
        timer.advanceTo(T0.plusMillis(500));
        queue.probeAllowed();
        // another client's call, not from the line, was refused until t = 900 ms
        queue.refused(T0.plusMillis(900), false, client("b"));
        queue.submit(client("c"));

        timer.advanceTo(T0.plusMillis(899));
        assertThat(turns).containsExactly("a@500 probe");
        timer.advanceTo(T0.plusMillis(900));
        assertThat(turns).containsExactly("a@500 probe", "b@900 probe");
    }
}
