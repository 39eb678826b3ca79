package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class TokenDetailsTest {

    // A person reads exp, iat and auth_time as times, local and UTC, beside the number.
    @Test
    void timeClaimsAreReadOutInLocalTimeAndUtc() {
        String json = "{\n  \"auth_time\" : 1764581570,\n  \"exp\" : 1764582770,\n  \"sub\" : \"1764582770\"\n}";

        String shown = TokenDetails.withTimes(json, ZoneId.of("Europe/Berlin"));

        assertThat(shown)
                .isEqualTo("{\n"
                        + "  \"auth_time\" : 1764581570,  // 10:32:50 local, 09:32:50 UTC, 1 Dec 2025\n"
                        + "  \"exp\" : 1764582770,  // 10:52:50 local, 09:52:50 UTC, 1 Dec 2025\n"
                        + "  \"sub\" : \"1764582770\"\n}");
    }
}
