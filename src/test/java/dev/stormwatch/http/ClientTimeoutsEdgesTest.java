package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The edges of the per-attempt timeouts (RC3): the ten-minute limit and the one-field changes. */
class ClientTimeoutsEdgesTest {

    @Test
    @DisplayName("RC3: a timeout of exactly 10 min is allowed; a millisecond more is a Configuration error")
    void tenMinutesIsTheLongestTimeout() {
        ClientTimeouts longest = new ClientTimeouts(ClientTimeouts.LIMIT, ClientTimeouts.LIMIT);

        assertThat(longest.connect()).isEqualTo(Duration.ofMinutes(10));
        assertThatThrownBy(() -> longest.withRead(Duration.ofMinutes(10).plusMillis(1)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("Invalid read timeout: PT10M0.001S. Give a duration above zero and at most PT10M.");
        assertThatThrownBy(() -> longest.withConnect(Duration.ofMinutes(10).plusMillis(1)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("Invalid connect timeout: ");
    }

    @Test
    @DisplayName("RC3: changing one timeout keeps the other; a millisecond is the shortest")
    void oneFieldChanges() {
        ClientTimeouts changed = ClientTimeouts.DEFAULT.withConnect(Duration.ofMillis(1));

        assertThat(changed).isEqualTo(new ClientTimeouts(Duration.ofMillis(1), Duration.ofSeconds(45)));
        assertThat(changed.withRead(Duration.ofSeconds(2)))
                .isEqualTo(new ClientTimeouts(Duration.ofMillis(1), Duration.ofSeconds(2)));
    }
}
