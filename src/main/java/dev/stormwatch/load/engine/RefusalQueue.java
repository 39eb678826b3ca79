package dev.stormwatch.load.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * LB1: the virtual clients of one client instance that its limiter refused, in one line. A refused client waits for
 * the retry-at the limiter gave it; when that instant comes, only the first in line asks the limiter again, and the
 * next asks as soon as one was allowed. A full limiter is therefore asked about once per place that frees up, not
 * once per waiting client per place (which was a storm of refusals and Redis round trips for nothing).
 *
 * <p>While nobody waits and the limiter has not refused, clients pass straight through. Thread-safe; the clients it
 * releases run on the {@link Timer}, one at a time, so that a long line never deepens a stack.
 */
final class RefusalQueue {

    /** Runs a task after a delay, or at once for {@link Duration#ZERO}: the run's timer. */
    interface Timer {
        void after(Duration delay, Runnable task);
    }

    /** What a client does when its turn comes; {@code probe} is true when it was let out of the line. */
    interface Turn {
        void take(boolean probe);
    }

    private final Clock clock;
    private final Timer timer;
    private final Deque<Turn> waiting = new ArrayDeque<>();
    private Instant closedUntil = Instant.EPOCH;
    /** A client let out of the line is asking the limiter; the next waits for its answer. */
    private boolean probing;

    private boolean wakeScheduled;

    RefusalQueue(Clock clock, Timer timer) {
        this.clock = clock;
        this.timer = timer;
    }

    /** The client takes its turn now when nobody waits and no refusal is running; otherwise it joins the line. */
    void submit(Turn turn) {
        synchronized (this) {
            if (probing || !waiting.isEmpty() || clock.instant().isBefore(closedUntil)) {
                waiting.addLast(turn);
                scheduleWake();
                return;
            }
        }
        turn.take(false);
    }

    /** A client let out of the line was allowed: the next one may ask at once. */
    void probeAllowed() {
        Turn next;
        synchronized (this) {
            probing = false;
            next = releaseOne();
            if (next == null) {
                scheduleWake(); // another client's refusal closed the line meanwhile
            }
        }
        if (next != null) {
            timer.after(Duration.ZERO, () -> next.take(true));
        }
    }

    /**
     * The limiter refused {@code turn}'s client until {@code retryAt} (RC7): nobody of this instance asks before
     * it. A client let out of the line goes back to its head; any other joins the line's end.
     */
    void refused(Instant retryAt, boolean probe, Turn turn) {
        synchronized (this) {
            if (retryAt.isAfter(closedUntil)) {
                closedUntil = retryAt;
            }
            if (probe) {
                probing = false;
                waiting.addFirst(turn);
            } else {
                waiting.addLast(turn);
            }
            scheduleWake();
        }
    }

    /** Clients waiting in line now. */
    synchronized int waiting() {
        return waiting.size();
    }

    private void wake() {
        Turn next;
        synchronized (this) {
            wakeScheduled = false;
            Instant now = clock.instant();
            if (now.isBefore(closedUntil)) {
                scheduleWake(); // woken early (the timer's resolution): not before the retry-at
                return;
            }
            next = releaseOne();
        }
        if (next != null) {
            next.take(true);
        }
    }

    /** Under the lock: the head of the line, now asking the limiter, or null when none may go. */
    private Turn releaseOne() {
        if (probing || waiting.isEmpty() || clock.instant().isBefore(closedUntil)) {
            return null;
        }
        probing = true;
        return waiting.pollFirst();
    }

    /** Under the lock: wakes the line at the retry-at, when someone waits and nobody is asking. */
    private void scheduleWake() {
        if (wakeScheduled || probing || waiting.isEmpty()) {
            return;
        }
        wakeScheduled = true;
        Duration delay = Duration.between(clock.instant(), closedUntil);
        timer.after(delay.isNegative() ? Duration.ZERO : delay, this::wake);
    }
}
