package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The bytes the event loop writes for a request (RFC 9112 §3, §6): its Host as OkHttp writes it, the caller's own
 * headers where it gave them, and the framing of the body, which is the encoder's alone. What goes out decides what
 * a provider counts and answers (RC2, L8), so it must be what OkHttp would have sent for the same request.
 */
class Http1RequestEncoderTest {

    private static String encoded(Request request) throws IOException {
        return new String(Http1RequestEncoder.encode(request), StandardCharsets.UTF_8);
    }

    private static long count(String text, String part) {
        return (text.length() - text.replace(part, "").length()) / part.length();
    }

    @Test
    @DisplayName("RC2: Host names the port only when it is not the scheme's default, an IPv6 host in brackets")
    void theHostHeaderIsWrittenAsOkHttpWritesIt() throws IOException {
        assertThat(encoded(new Request.Builder().url("http://localhost/a").build()))
                .startsWith("GET /a HTTP/1.1\r\nHost: localhost\r\n");
        assertThat(encoded(new Request.Builder().url("http://localhost:8080/a").build()))
                .contains("\r\nHost: localhost:8080\r\n");
        assertThat(encoded(new Request.Builder().url("http://[::1]:8080/a").build()))
                .contains("\r\nHost: [::1]:8080\r\n");
        assertThat(encoded(new Request.Builder().url("http://[::1]/a").build())).contains("\r\nHost: [::1]\r\n");
    }

    @Test
    @DisplayName("RC2: a Host or User-Agent the caller gave goes out once, as given, never beside the encoder's own")
    void theCallersHostAndUserAgentAreNotDoubled() throws IOException {
        String request = encoded(new Request.Builder()
                .url("http://localhost:8080/a")
                .header("Host", "api.example.test")
                .header("User-Agent", "my-client/1.0")
                .build());

        assertThat(count(request, "Host: ")).isEqualTo(1);
        assertThat(request).contains("\r\nHost: api.example.test\r\n");
        assertThat(count(request, "User-Agent: ")).isEqualTo(1);
        assertThat(request).contains("\r\nUser-Agent: my-client/1.0\r\n").doesNotContain("stormwatch-load");
    }

    @Test
    @DisplayName("RC2: a body's type goes out once; a Content-Type the caller set wins over the body's own")
    void theCallersContentTypeIsNotDoubled() throws IOException {
        String request = encoded(new Request.Builder()
                .url("http://localhost:8080/a")
                .header("Content-Type", "application/merge-patch+json")
                .patch(RequestBody.create("{}", MediaType.get("application/json")))
                .build());

        assertThat(count(request, "Content-Type: ")).isEqualTo(1);
        assertThat(request).contains("\r\nContent-Type: application/merge-patch+json\r\n");
        assertThat(request).contains("\r\nContent-Length: 2\r\n").endsWith("\r\n\r\n{}");
    }

    @Test
    @DisplayName("RC2: a body without a type goes out with its length and no Content-Type")
    void aBodyWithoutATypeHasNoContentType() throws IOException {
        String request = encoded(new Request.Builder()
                .url("http://localhost:8080/a")
                .put(RequestBody.create(new byte[] {1, 2, 3}))
                .build());

        assertThat(request).startsWith("PUT /a HTTP/1.1\r\n").doesNotContain("Content-Type");
        assertThat(request).contains("\r\nContent-Length: 3\r\n");
    }

    @Test
    @DisplayName("RC2: the caller's Content-Length and Transfer-Encoding never frame the body; the encoder's do")
    void theCallersFramingIsReplaced() throws IOException {
        String request = encoded(new Request.Builder()
                .url("http://localhost:8080/a")
                .header("Content-Length", "99")
                .header("Transfer-Encoding", "chunked")
                .post(RequestBody.create("abc", MediaType.get("text/plain")))
                .build());

        assertThat(count(request, "Content-Length: ")).isEqualTo(1);
        assertThat(request).contains("\r\nContent-Length: 3\r\n").doesNotContain("Transfer-Encoding");
        assertThat(request).endsWith("\r\n\r\nabc");
    }

    @Test
    @DisplayName("RC2: a request without a body, whatever its method, has no framing headers")
    void aRequestWithoutBodyHasNoFraming() throws IOException {
        for (String method : new String[] {"GET", "DELETE", "OPTIONS", "HEAD"}) {
            String request = encoded(new Request.Builder()
                    .url("http://localhost:8080/a?x=1")
                    .method(method, null)
                    .build());

            assertThat(request).as(method).startsWith(method + " /a?x=1 HTTP/1.1\r\n");
            assertThat(request).as(method).doesNotContain("Content-Length").endsWith("\r\n\r\n");
        }
    }
}
