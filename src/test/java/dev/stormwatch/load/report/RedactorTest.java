package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactorTest {

    // RC6
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Authorization: Bearer abc.def-123        | Authorization: Bearer [redacted]",
                "DPoP eyJhbGciOiJFUzI1NiJ9.e30.c2ln          | DPoP [redacted]",
                "token eyJhbGciOiJFUzI1NiJ9.e30.c2ln is old  | token [redacted] is old",
                "GET /v1?api_key=abc123&model=x              | GET /v1?api_key=[redacted]&model=x",
                "refresh_token=rt-1 rejected                 | refresh_token=[redacted] rejected",
                "code: auth-code-9 was used                  | code: [redacted] was used",
                "client_secret=s3cr3t                        | client_secret=[redacted]",
                "key sk-proj-abcdefgh1234 leaked             | key [redacted] leaked",
                "429 Too Many Requests, Retry-After: 120     | 429 Too Many Requests, Retry-After: 120",
                "attempts=4 status=503                       | attempts=4 status=503",
            })
    void secretShapedTextIsRedactedAndOrdinaryTextIsNot(String text, String expected) {
        assertThat(Redactor.PATTERNS_ONLY.redact(text.strip())).isEqualTo(expected.strip());
    }

    @Test
    void knownSecretsAreRedactedWhereverTheyAppear() {
        Redactor redactor = Redactor.knowing(List.of(Secret.of("plain-looking-value"), Secret.of("plain-looking")));

        assertThat(redactor.redact("x plain-looking-value y plain-looking z")).isEqualTo("x [redacted] y [redacted] z");
    }

    @Test
    void veryShortSecretsAreNotUsedToRedactOrdinaryWords() {
        assertThat(Redactor.knowing(List.of(Secret.of("the"))).redact("the end"))
                .isEqualTo("the end");
    }
}
