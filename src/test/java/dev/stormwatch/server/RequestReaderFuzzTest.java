package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: the embedded servers' request reader, the fault admin and the DPoP proof check answer whatever a peer sends
 * with a request, a 4xx or an invalid proof: never an exception the server would turn into a 500. Corpus under
 * {@code RequestReaderFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see CONTRIBUTING.md).
 */
class RequestReaderFuzzTest {

    private static final int MAX_BODY = 64 * 1024;
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any bytes on a connection are requests, then the end or a refusal with a 4xx or 5xx status")
    void anyBytesAreRequestsOrARefusalWithAStatus(byte[] bytes) throws IOException {
        RequestReader reader =
                new RequestReader(new ByteArrayInputStream(bytes), new ByteArrayOutputStream(), MAX_BODY);
        FaultAdmin admin = new FaultAdmin(new FaultPlan());
        try {
            for (Optional<Request> next = reader.next(); next.isPresent(); next = reader.next()) {
                Request request = next.get();
                assertThat(request.body().length).isLessThanOrEqualTo(MAX_BODY);
                request.queryParameters();
                FormBody.parse(request.bodyText());
                // The fault admin reads the body of any request sent to it: it answers, and never with a 500.
                Response answer = admin.handle(request);
                assertThat(answer.status()).isNotEqualTo(500);
            }
        } catch (MalformedRequestException refused) {
            assertThat(refused.status()).isBetween(400, 599);
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any DPoP header value is a valid proof, an invalid one or a nonce request")
    void anyDpopHeaderIsJudged(byte[] bytes) {
        String proof = new String(bytes, StandardCharsets.ISO_8859_1);
        DpopVerifier verifier =
                new DpopVerifier(Clock.fixed(NOW, ZoneOffset.UTC), new DpopNonces(new SecureRandom(), false));
        Request request = new Request("POST", "/token", "", Map.of("DPoP", List.of(proof)), new byte[0]);

        DpopVerifier.Outcome outcome =
                verifier.verify(request, "POST", URI.create("http://127.0.0.1:8080/token"), Optional.of("at"));

        assertThat(outcome).isNotNull();
    }
}
