package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WhatIfReplayEdgesTest {

    private static final long T0 = 1_764_583_200_000L;

    private static List<WhatIfReplay.Attempt> replay(WhatIfReplay.Server server, long... offsets) {
        WhatIfReplay.LogicalStarts starts = new WhatIfReplay.LogicalStarts(T0);
        for (long offset : offsets) {
            starts.add(T0 + offset);
        }
        List<WhatIfReplay.Attempt> attempts = new ArrayList<>();
        WhatIfReplay.replay(starts, server, 2015, T0, 1000, 0, false, attempts::add);
        return attempts;
    }

    private static WhatIfReplay.Attempt attempt(long logical, long offset, int status, long retryAfter) {
        return new WhatIfReplay.Attempt(logical, T0 + offset, status, retryAfter);
    }

    @Test
    @DisplayName("DG14: Retry-After: 0 is a wait of 0 ms, not a missing header; a logical request that starts as an"
            + " answer arrives is sent before the retry that answer causes")
    void retryAfterZeroRetriesAtOnceAndNewRequestsGoFirst() {
        List<WhatIfReplay.Attempt> attempts = replay(new WhatIfReplay.Server(1, 0, 100), 0, 0, 100);
        assertThat(attempts.subList(0, 4))
                .containsExactly(
                        attempt(0, 0, 200, -1),
                        attempt(1, 0, 429, 0),
                        attempt(2, 100, 429, 0),
                        attempt(1, 100, 429, 0));
        assertThat(attempts)
                .as("every retry starts the instant its answer arrived: each attempt 100 ms after the one before")
                .allSatisfy(a -> assertThat((a.startMillis() - T0) % 100).isZero());
    }

    @Test
    @DisplayName("DG15: a request a whole second after the oldest of the last Q accepted gets through")
    void aWholeSecondLaterGetsThrough() {
        List<WhatIfReplay.Attempt> attempts = replay(new WhatIfReplay.Server(1, 5, 0), 0, 999, 1000);
        assertThat(attempts.subList(0, 3))
                .extracting(WhatIfReplay.Attempt::status)
                .containsExactly(200, 429, 200);
    }

    @Test
    @DisplayName("DG14: each logical request starts when its first attempt really started, while others await"
            + " their answers")
    void logicalRequestsStartOnTimeWhileOthersAreInFlight() {
        List<WhatIfReplay.Attempt> attempts = replay(new WhatIfReplay.Server(10, 1, 1000), 0, 500);
        assertThat(attempts).extracting(WhatIfReplay.Attempt::startMillis).containsExactly(T0, T0 + 500);
    }
}
