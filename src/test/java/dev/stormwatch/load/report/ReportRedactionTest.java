package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.series.Figure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RC6: exported reports never contain a bearer token, API key, refresh token, authorization code or DPoP proof. */
class ReportRedactionTest {

    private static final String API_KEY = "sk-live-0123456789abcdef";
    private static final String QUERY_KEY = "q-key-4f1b9a7c";
    private static final String REDIS_PASSWORD = "redis-pw-77aa";
    private static final String ACCESS_TOKEN =
            "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJzY29wZSI6Im1vZGVscyJ9.c2lnbmF0dXJlLWJ5dGVz";
    private static final String OPAQUE_TOKEN = "opaque-token-31337xyz";

    @TempDir
    Path dir;

    // RC6
    @DisplayName("RC6: no secret of the run reaches the JSON or CSV report, whichever text it hides in")
    @Test
    void reportsNeverContainASecret() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .target("https://gateway.example.com/v1?api_key=" + QUERY_KEY)
                .rate(5)
                .credential(new TargetCredential.ApiKey(Secret.of(API_KEY)))
                .limiter("sliding-log")
                .redis("redis://:" + REDIS_PASSWORD + "@cache.internal:6379")
                .build();
        LoadReport leaky = new LoadReport(
                "Steady load, key " + API_KEY,
                options.describe() + " (sent with " + API_KEY + ")",
                SampleReports.START,
                Duration.ofSeconds(60),
                new RunOutcome.Partial("target answered 401: Authorization: Bearer " + OPAQUE_TOKEN + " is invalid"),
                1L,
                List.of(
                        "first error: GET /v1/models?api_key=" + QUERY_KEY + " -> 401",
                        "the token " + ACCESS_TOKEN + " expired",
                        "redis " + REDIS_PASSWORD + " refused"),
                Map.of("error_" + API_KEY, Figure.absent("refresh_token=" + OPAQUE_TOKEN + " rejected")),
                List.of(new NamedSeries(
                        "client of " + API_KEY,
                        SampleReports.storm().series().get(0).series())));

        LoadReport report = leaky.redacted(Redactor.forOptions(options));
        Path json = dir.resolve("report.json");
        Path csv = dir.resolve("report.csv");
        JsonReportWriter.write(report, json);
        CsvReportWriter.write(report, csv);
        PngChartWriter.write(report, dir.resolve("report.png"));

        for (Path file : List.of(json, csv)) {
            assertThat(Files.readString(file))
                    .as(file.getFileName().toString())
                    .doesNotContain(API_KEY, QUERY_KEY, REDIS_PASSWORD, ACCESS_TOKEN, OPAQUE_TOKEN);
        }
        assertThat(report.title()).isEqualTo("Steady load, key [redacted]"); // the chart's title
        assertThat(Files.readString(json)).contains("gateway.example.com/v1", "[redacted]", "401");
    }

    // RC6
    @Test
    @DisplayName("RC6: the OAuth session's tokens, learnt during the run, are redacted by value even when opaque;"
            + " the options name the kind of credential, never a token")
    void theSessionsTokensAreRedactedByValue() throws Exception {
        String refreshed = "opaque-refreshed-9d8e7f";
        LoadOptions options = LoadOptions.builder()
                .target("http://127.0.0.1:8080/v1")
                .credential(new TargetCredential.OAuthSessionToken(() -> Secret.of(OPAQUE_TOKEN)))
                .build();
        LoadReport leaky = new LoadReport(
                "t",
                options.describe(),
                SampleReports.START,
                Duration.ofSeconds(1),
                new RunOutcome.Partial("target said: token " + refreshed + " is unknown"),
                null,
                List.of("sent " + OPAQUE_TOKEN + " then " + refreshed),
                Map.of(),
                List.of());

        LoadReport report = leaky.redacted(
                Redactor.forOptions(options).alsoKnowing(List.of(Secret.of(OPAQUE_TOKEN), Secret.of(refreshed))));

        assertThat(report.run())
                .contains("credential OAuth session token [redacted]")
                .doesNotContain(OPAQUE_TOKEN);
        assertThat(report.notes()).containsExactly("sent [redacted] then [redacted]");
        assertThat(((RunOutcome.Partial) report.outcome()).reason()).doesNotContain(refreshed);
    }

    // RC6
    @Test
    void evenAReportBuiltWithoutTheRunsSecretsHidesTokensByTheirShape() {
        LoadReport report = new LoadReport(
                "t",
                "Authorization: Bearer " + OPAQUE_TOKEN,
                SampleReports.START,
                Duration.ofSeconds(1),
                new RunOutcome.Partial("id token " + ACCESS_TOKEN),
                null,
                List.of("key " + API_KEY),
                Map.of(),
                List.of());

        assertThat(report.run()).isEqualTo("Authorization: Bearer [redacted]");
        assertThat(((RunOutcome.Partial) report.outcome()).reason()).isEqualTo("id token [redacted]");
        assertThat(report.notes()).containsExactly("key [redacted]");
    }
}
