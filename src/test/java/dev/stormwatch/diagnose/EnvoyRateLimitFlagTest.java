package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * DG16 on lines in Envoy's JSON access log format whose local rate limit answers 503 with the {@code RL} flag (see
 * {@code diagnose/envoy/README.md} for the truth of the file).
 */
class EnvoyRateLimitFlagTest {

    /** The envoy preset's roles without its throttle mark. */
    private static final String WITHOUT_MARK = "time=start_time,duration=duration,"
            + "client=x_forwarded_for|downstream_remote_address,method=method,uri=path,status=response_code,"
            + "idempotency_key=request_id";

    private static Diagnosis diagnose(String fields, DiagnosisOptions options) throws Exception {
        Path log = Path.of(EnvoyRateLimitFlagTest.class
                .getResource("/diagnose/envoy/local-ratelimit-503.jsonl")
                .toURI());
        return new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(List.of(log), InputFormat.AUTO, null, fields, null, options),
                        p -> {},
                        () -> false);
    }

    private static long throttled(Diagnosis d) {
        return d.clients().stream()
                .mapToLong(Diagnosis.ClientDiagnosis::throttled)
                .sum();
    }

    @Test
    @DisplayName("DG16: Envoy's RL flag marks the 503s of its local rate limit as throttled, recognised without"
            + " options; a 503 with UF is not")
    void envoysRateLimitFlagIsThrottlingWhateverTheStatus() throws Exception {
        Diagnosis d = diagnose(null, DiagnosisOptions.DEFAULTS);

        assertThat(d.evidence().unparsed()).isZero();
        assertThat(d.requests()).isEqualTo(10);
        assertThat(d.status()).containsEntry(503, 6L).doesNotContainKey(429);
        assertThat(throttled(d)).as("the five RL lines, not the UF one").isEqualTo(5);
        assertThat(d.arrivals().throttled().stream().mapToInt(Integer::intValue).sum())
                .isEqualTo(5);
        assertThat(d.logicalRequests()).isEqualTo(4);
        assertThat(d.verdict()).contains("5 of 10 requests were throttled");
        Diagnosis.ClientDiagnosis eager = d.clients().stream()
                .filter(c -> c.client().startsWith("10.0.0.1"))
                .findFirst()
                .orElseThrow();
        assertThat(eager.retries()).isEqualTo(4);
        assertThat(eager.throttled()).isEqualTo(4);
    }

    @Test
    @DisplayName("DG16 DG9: without the mark the 503s are failures but not throttling; --throttled FIELD=VALUE and"
            + " a status put it back")
    void aMarkNamedByThePersonDoesTheSame() throws Exception {
        assertThat(throttled(diagnose(WITHOUT_MARK, DiagnosisOptions.DEFAULTS))).isZero();

        Diagnosis byFlag =
                diagnose(WITHOUT_MARK, DiagnosisOptions.DEFAULTS.withThrottledFields(List.of("response_flags=RL")));
        assertThat(throttled(byFlag)).isEqualTo(5);
        Diagnosis byDetails = diagnose(
                WITHOUT_MARK,
                DiagnosisOptions.DEFAULTS.withThrottledFields(List.of("response_code_details=local_rate_limited")));
        assertThat(throttled(byDetails)).isEqualTo(5);
        assertThat(byDetails.logicalRequests())
                .isEqualTo(byFlag.logicalRequests())
                .isEqualTo(4);
        Diagnosis byStatus = diagnose(
                WITHOUT_MARK,
                new DiagnosisOptions(
                        DiagnosisOptions.DEFAULT_TOLERANCE,
                        java.util.Set.of(503),
                        DiagnosisOptions.DEFAULT_RETRY_WINDOW));
        assertThat(throttled(byStatus)).as("a status cannot tell RL from UF").isEqualTo(6);
    }

    @Test
    @DisplayName("DG16: a flag is matched alone or as one item of a comma list, exactly")
    void aFlagMatchesAloneOrInACommaList() throws Exception {
        FieldMapping.ThrottleMark rl = FieldMapping.ThrottleMark.parse("response_flags=RL", "--throttled");
        assertThat(rl.matches("RL")).isTrue();
        assertThat(rl.matches("UO,RL")).isTrue();
        assertThat(rl.matches("URX, RL")).isTrue();
        assertThat(rl.matches("RLSE")).isFalse();
        assertThat(rl.matches("-")).isFalse();
        assertThat(rl.matches(null)).isFalse();
    }

    @Test
    @DisplayName("DG16: a --throttled mark without a field or a value is refused in the option's words before"
            + " anything is read")
    void aMarkThatSaysNothingIsRefused() {
        assertThatThrownBy(() -> diagnose(WITHOUT_MARK, DiagnosisOptions.DEFAULTS.withThrottledFields(List.of("RL"))))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessageContaining("--throttled names a field and the value that means throttled")
                .hasMessageContaining("'RL'");
    }
}
