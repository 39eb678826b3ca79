package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Operation;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which requests map to a retryable operation (spec RC2, RFC 9110 §9.2.2). */
class RequestIdempotencyTest {

    @ParameterizedTest(name = "{0} with key ''{1}'' -> {2}")
    @CsvSource(
            nullValues = "none",
            value = {
                "GET, none, READ",
                "HEAD, none, READ",
                "OPTIONS, none, READ",
                "PUT, none, READ",
                "DELETE, none, READ",
                "POST, none, SEND_ONCE",
                "PATCH, none, SEND_ONCE",
                "POST, abc-1, READ",
                "PATCH, abc-1, READ",
                "POST, '   ', SEND_ONCE",
                "PROPFIND, abc-1, SEND_ONCE",
                "CONNECT, none, SEND_ONCE",
            })
    @DisplayName("RC2: idempotent methods, and POST/PATCH with an Idempotency-Key, are retried; the rest sent once")
    void mapsEachMethodToItsOperation(String method, String key, Operation expected) {
        boolean needsBody = !method.equals("GET")
                && !method.equals("HEAD")
                && !method.equals("OPTIONS")
                && !method.equals("CONNECT");
        Request.Builder builder = new Request.Builder()
                .url("http://example.test/v1")
                .method(method, needsBody ? RequestBody.create("{}", MediaType.get("application/json")) : null);
        if (key != null) {
            builder.header("Idempotency-Key", key);
        }

        assertThat(RequestIdempotency.operationOf(builder.build())).isEqualTo(expected);
    }
}
