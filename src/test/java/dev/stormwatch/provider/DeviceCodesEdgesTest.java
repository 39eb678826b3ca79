package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DV7: the device grant's codes on a fake clock, each threshold one millisecond before, on and after. */
class DeviceCodesEdgesTest {

    private static final String CLIENT = ClientRegistration.DESKTOP_CLIENT_ID;

    private final FakeClock clock = FakeClock.atNewYear();
    private final DeviceCodes codes = new DeviceCodes(clock, new SecureRandom());

    private String answer(String deviceCode) {
        DeviceCodes.Polled polled = codes.poll(deviceCode, CLIENT);
        return polled instanceof DeviceCodes.Polled.Refused refused ? refused.error() : "tokens";
    }

    @Test
    @DisplayName("DV7: a poll one millisecond before the interval is slow_down and adds 5 s; one on the interval is"
            + " authorization_pending")
    void theIntervalIsMeasuredFromTheLastPoll() {
        codes.issue("dc", CLIENT, "openid");

        clock.advance(DeviceCodes.INTERVAL.minusMillis(1));
        assertThat(answer("dc")).isEqualTo("slow_down");
        clock.advance(Duration.ofSeconds(10).minusMillis(1));
        assertThat(answer("dc")).as("the interval is 10 s now").isEqualTo("slow_down");
        clock.advance(Duration.ofSeconds(15));
        assertThat(answer("dc")).isEqualTo("authorization_pending");
        clock.advance(Duration.ofSeconds(15));
        assertThat(answer("dc")).isEqualTo("authorization_pending");
        assertThat(((DeviceCodes.Polled.Refused) codes.poll("dc", CLIENT)).description())
                .isEqualTo("polled sooner than the interval; wait 20 s");
    }

    @Test
    @DisplayName("DV7: one millisecond before the expiry the poll is pending; at the expiry expired_token, and the code"
            + " is gone after")
    void theCodeExpiresAtItsLifetime() {
        DeviceCodes.Issued issued = codes.issue("dc", CLIENT, "openid");
        assertThat(issued.expiresAt()).isEqualTo(clock.instant().plus(DeviceCodes.LIFETIME));

        clock.advance(DeviceCodes.LIFETIME.minusMillis(1));
        assertThat(answer("dc")).isEqualTo("authorization_pending");
        assertThat(codes.waiting(issued.userCode())).isTrue();
        clock.advance(Duration.ofMillis(1));
        assertThat(codes.waiting(issued.userCode())).isFalse();
        assertThat(answer("dc")).isEqualTo("expired_token");
        clock.advance(DeviceCodes.INTERVAL);
        assertThat(answer("dc")).isEqualTo("invalid_grant");
    }

    @Test
    @DisplayName("DV7: an expired code that was never polled is kept, answering expired_token, until a new code is"
            + " issued one lifetime after its expiry")
    void expiredCodesAreForgottenOneLifetimeLater() {
        codes.issue("old", CLIENT, "openid");
        codes.issue("older", CLIENT, "openid");

        clock.advance(DeviceCodes.LIFETIME.multipliedBy(2).minusMillis(1));
        codes.issue("new-1", CLIENT, "openid");
        assertThat(answer("old")).isEqualTo("expired_token");
        clock.advance(Duration.ofMillis(1));
        codes.issue("new-2", CLIENT, "openid");
        assertThat(answer("older")).isEqualTo("invalid_grant");
    }

    @Test
    @DisplayName("DV7: a user code is typed without case, dash or spaces; it is decided once, by Allow or Deny, and"
            + " the approved grant carries who and when")
    void theUserCodeIsDecidedOnce() {
        DeviceCodes.Issued issued = codes.issue("dc", CLIENT, "openid profile");
        DeviceCodes.Issued other = codes.issue("dc-2", CLIENT, "openid");
        String typed =
                " " + issued.userCode().toLowerCase(java.util.Locale.ROOT).replace("-", " - ") + " ";

        assertThat(codes.waiting(typed)).isTrue();
        assertThat(codes.waiting("BBBB-BBBB".equals(issued.userCode()) ? "CCCC-CCCC" : "BBBB-BBBB"))
                .isFalse();
        clock.advance(Duration.ofSeconds(7));
        Instant decided = clock.instant();
        assertThat(codes.decide(typed, DeviceCodes.Decision.APPROVED, Optional.of(DemoUser.bob())))
                .isTrue();
        assertThat(codes.waiting(typed)).isFalse();
        assertThat(codes.decide(typed, DeviceCodes.Decision.DENIED, Optional.empty()))
                .isFalse();
        assertThat(codes.decide(other.userCode(), DeviceCodes.Decision.DENIED, Optional.empty()))
                .isTrue();

        clock.advance(Duration.ofSeconds(1));
        DeviceCodes.Polled polled = codes.poll("dc", CLIENT);
        assertThat(polled)
                .isEqualTo(new DeviceCodes.Polled.Approved(CLIENT, "openid profile", DemoUser.bob(), decided));
        assertThat(answer("dc-2")).isEqualTo("access_denied");
        assertThat(answer("dc-2")).as("spent").isEqualTo("invalid_grant");
        assertThat(codes.polls())
                .extracting(DevicePoll::userCode)
                .containsExactly(issued.userCode(), other.userCode(), "-");
    }

    @Test
    @DisplayName("DV7: a device code polled by another client is invalid_grant and does not count as a poll of its"
            + " own client")
    void anotherClientsPollIsUnknown() {
        DeviceCodes.Issued issued = codes.issue("dc", CLIENT, "openid");

        clock.advance(Duration.ofSeconds(3));
        assertThat(((DeviceCodes.Polled.Refused) codes.poll("dc", "someone-else")).error())
                .isEqualTo("invalid_grant");
        clock.advance(Duration.ofSeconds(2));
        assertThat(answer("dc")).isEqualTo("authorization_pending");
        assertThat(issued.userCode()).matches("[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}");
        assertThat(DeviceCodes.normalise("ab-c d")).isEqualTo("ABCD");
    }
}
