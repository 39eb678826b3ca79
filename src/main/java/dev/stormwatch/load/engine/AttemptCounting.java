package dev.stormwatch.load.engine;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptListener;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.LoadRecorder;

/**
 * Turns the resilient client's {@link AttemptEvent}s into the client-side counters of a load run: attempts
 * on the wire, their status class or network failure, retries, and the limiter's answers (RC7).
 */
final class AttemptCounting implements AttemptListener {

    private final LoadRecorder recorder;
    private final boolean limited;
    private final ResponseWatch watch;

    /**
     * @param limited whether a limiter sits in front: then every attempt that went on the wire was allowed by it
     * @param watch told of every HTTP response, so that the run can tell an unreachable target from a busy one
     */
    AttemptCounting(LoadRecorder recorder, boolean limited, ResponseWatch watch) {
        this.recorder = recorder;
        this.limited = limited;
        this.watch = watch;
    }

    /** This listener, then {@code next}. */
    AttemptListener andThen(AttemptListener next) {
        return event -> {
            onAttempt(event);
            next.onAttempt(event);
        };
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        // RC7: a refused attempt was never sent; it counts as a refusal, not as an attempt.
        if (event.verdict() == AttemptEvent.Verdict.REFUSED_BY_LIMITER) {
            recorder.add(event.at(), Counter.LIMITER_REFUSED, 1);
            return;
        }
        // RH11, RH13: the attempt waits before it is sent; it is counted when it goes out.
        if (event.verdict() == AttemptEvent.Verdict.PACED) {
            recorder.add(event.at(), Counter.PACED_WAITS, 1);
            recorder.add(
                    event.at(),
                    Counter.PACED_WAIT_MS,
                    event.delay().map(java.time.Duration::toMillis).orElse(0L));
            return;
        }
        // P2: a running pause sent nothing either.
        if (!event.sent()) {
            return;
        }
        recorder.add(event.at(), Counter.ATTEMPTS, 1);
        if (limited) {
            recorder.add(event.at(), Counter.LIMITER_ALLOWED, 1);
        }
        if (event.sentRetry()) {
            recorder.add(event.at(), Counter.RETRIES, 1);
        }
        if (event.status().isPresent()) {
            recorder.add(event.at(), Counter.forStatus(event.status().getAsInt()), 1);
            watch.responded(event.status().getAsInt());
            return;
        }
        // ST2: no HTTP response came back (connect failure, timeout, reset).
        recorder.add(event.at(), Counter.NETWORK_ERRORS, 1);
    }
}
