package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DV7: the embedded provider's record of device polls keeps the newest ones and never grows past its limit. */
class DevicePollRecordTest {

    private final FakeClock clock = FakeClock.atNewYear();
    private final DeviceCodes codes = new DeviceCodes(clock, new SecureRandom());

    @Test
    @DisplayName("DV7: the record keeps every poll up to its limit, then drops the oldest for each new one, so it"
            + " holds the newest 1,000 in order, the last poll's answer last")
    void theRecordKeepsTheNewestPollsOnly() {
        Instant start = clock.instant();
        DeviceCodes.Issued issued = codes.issue("device-code-1", ClientRegistration.DESKTOP_CLIENT_ID, "openid");
        // Unknown codes a tenth of a second apart: the real code stays within its ten minutes.
        for (int i = 0; i < DeviceCodes.RECORD_LIMIT - 1; i++) {
            clock.advance(Duration.ofMillis(100));
            codes.poll("no-such-code", ClientRegistration.DESKTOP_CLIENT_ID);
        }
        clock.advance(Duration.ofMillis(100));
        codes.poll("device-code-1", ClientRegistration.DESKTOP_CLIENT_ID);
        assertThat(codes.polls()).hasSize(DeviceCodes.RECORD_LIMIT);
        assertThat(codes.polls().get(0).receivedAt()).isEqualTo(start.plusMillis(100));

        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofSeconds(6));
            codes.poll("device-code-1", ClientRegistration.DESKTOP_CLIENT_ID);
        }

        List<DevicePoll> polls = codes.polls();
        assertThat(polls).hasSize(DeviceCodes.RECORD_LIMIT);
        // The five oldest (unknown-code polls at 0.1 s to 0.5 s) are gone; the sixth is now first.
        assertThat(polls.get(0).receivedAt()).isEqualTo(start.plusMillis(600));
        assertThat(polls.get(polls.size() - 1).receivedAt()).isEqualTo(clock.instant());
        assertThat(polls.subList(polls.size() - 6, polls.size()))
                .extracting(DevicePoll::userCode, DevicePoll::answer)
                .containsOnly(org.assertj.core.groups.Tuple.tuple(issued.userCode(), "authorization_pending"));
    }
}
