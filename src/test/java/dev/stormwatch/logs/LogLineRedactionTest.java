package dev.stormwatch.logs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogLineRedactionTest {

    @ParameterizedTest(name = "HD2: {0}")
    @CsvSource(delimiter = '|', textBlock = """
        a JWT anywhere                | id token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln here | id token [redacted] here
        an unsigned JWT               | got eyJhbGciOiJub25lIn0.eyJzdWIiOiJhIn0. once        | got [redacted] once
        a bearer header               | Authorization: Bearer at-123456                      | Authorization: Bearer [redacted]
        a DPoP header and scheme      | DPoP: abc.def.ghi and Authorization: DPoP tok-1       | DPoP: [redacted] and Authorization: DPoP [redacted]
        a scheme without a header     | sent with Bearer at-9 to the API                       | sent with Bearer [redacted] to the API
        a query's code and state      | GET /callback?code=c0de-1&state=st4te&iss=x           | GET /callback?code=[redacted]&state=[redacted]&iss=x
        JSON token fields             | {"access_token":"at-1","expires_in":300}              | {"access_token":"[redacted]","expires_in":300}
        a form's secret and verifier  | client_secret=s3cr3t&code_verifier=v3r               | client_secret=[redacted]&code_verifier=[redacted]
        an API key                    | key sk-demo-12345 refused                              | key [redacted] refused
        a Redis AUTH                  | AUTH 8f2c9a0b1d said WRONGPASS                         | AUTH [redacted] said WRONGPASS
        a URL's user info             | redis://default:p4ss@127.0.0.1:6379 is down            | redis://[redacted]@127.0.0.1:6379 is down
        a password field              | password: hunter2, user: ada                           | password: [redacted], user: ada
        """)
    void secretsAreRedacted(String what, String line, String expected) {
        assertThat(LogLineRedaction.redact(line)).isEqualTo(expected);
    }

    @Test
    @DisplayName("HD2: a line without secrets is left as it was, statuses and waits included")
    void plainLinesStayReadable() {
        String line = "token attempt 2: POST http://127.0.0.1:8080/token -> HttpResponse[status=503, retryAfter=[5]]"
                + " waited 5 s; Rate limiter: redis at 127.0.0.1:6379 is slow";

        assertThat(LogLineRedaction.redact(line)).isEqualTo(line);
    }

    @Test
    @DisplayName("HD2: redaction is linear: a hostile 4 MiB line of one long name is redacted, not stuck")
    void hostileLongLinesStayCheap() {
        String line = "a".repeat(4 << 20) + " code=c";

        // A quadratic pattern would take about 10^13 steps here; a linear one takes milliseconds. The bound only
        // guards against a hang, so a busy machine cannot fail it.
        String redacted = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LogLineRedaction.redact(line));

        assertThat(redacted).endsWith(" code=[redacted]");
    }
}
