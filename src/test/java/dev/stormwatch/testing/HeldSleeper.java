package dev.stormwatch.testing;

import dev.stormwatch.base.Sleeper;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A client's sleeper on a test's clock: each sleep moves the clock by what was asked, at once. While held, a sleep
 * first waits to be released (at most 20 s), so that a test can look at a wait, its countdown and what it refuses,
 * while the wait runs. Release it in {@code @AfterEach} so that no background thread stays parked.
 */
public final class HeldSleeper implements Sleeper {

    private static final long MOST_SECONDS_HELD = 20;

    private final FakeClock clock;
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean held;

    public HeldSleeper(FakeClock clock) {
        this.clock = clock;
    }

    /** From now on, sleeps wait for {@link #release()} before they move the clock. */
    public void hold() {
        held = true;
    }

    /** Lets every held sleep, and every later one, go on. */
    public void release() {
        released.countDown();
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        if (held) {
            released.await(MOST_SECONDS_HELD, TimeUnit.SECONDS);
        }
        clock.advance(duration);
    }
}
