package dev.stormwatch.app.servers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A fault's text must be true for every action it can hit, not only for the one it was made for. */
class FaultSwitchTest {

    // P3: a token-endpoint fault hits the code exchange of Sign in as well as Refresh, and behaves differently.
    @ParameterizedTest
    @EnumSource(
            value = FaultSwitch.class,
            names = {"TOKEN_429_SHORT", "TOKEN_429_LONG", "TOKEN_503", "REFRESH_PROCESS_THEN_FAIL"})
    void tokenFaultsSayWhatHappensOnRefreshAndOnSignIn(FaultSwitch fault) {
        assertThat(fault.explanation()).contains("Refresh:", "Sign in:");
    }

    @Test
    void theOutageSaysWhatHappensToEachAction() {
        assertThat(FaultSwitch.PROVIDER_OUTAGE.explanation()).contains("UserInfo", "Refresh", "Sign out");
    }

    // P3: the short Retry-After does not promise success where the exchange is sent once.
    @Test
    void shortRetryAfterPromisesSuccessOnlyForRefresh() {
        String text = FaultSwitch.TOKEN_429_SHORT.explanation();

        assertThat(text.substring(text.indexOf("Sign in:")))
                .doesNotContain("succeeds")
                .contains("(P3)");
    }
}
