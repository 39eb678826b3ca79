package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;

/**
 * Reads a provider's response body (discovery, JWKS, PAR, token, userinfo, revocation) with a size cap:
 * these documents are a few kilobytes, and a provider or a man in the middle must not make the client hold gigabytes.
 * A body over the cap is a Protocol error; nothing past the cap is read.
 */
final class ProviderBody {

    /** 1 MiB: a large JWKS or discovery document is tens of kilobytes. */
    static final long MAX_BYTES = 1024 * 1024;

    private static final int UTF8_BOM_LENGTH = 3;

    private ProviderBody() {}

    /** The body as text (charset from Content-Type, else UTF-8), or "" when there is none. */
    static String read(Response response) throws IOException {
        return read(response, MAX_BYTES);
    }

    /**
     * As {@link #read(Response)} with another cap.
     *
     * @throws CallFailure.Protocol when the body (announced or sent) is longer than {@code limit} bytes
     * @throws IOException when the body breaks off (the caller's network failure)
     */
    static String read(Response response, long limit) throws IOException {
        ResponseBody body = response.body();
        if (body == null) {
            return "";
        }
        // A Content-Length over the cap is refused before a byte is read.
        if (body.contentLength() > limit) {
            throw tooLarge(response, limit);
        }
        BufferedSource source = body.source();
        // request(n) buffers up to n bytes and says whether they all came: limit + 1 means over the cap.
        if (source.request(limit + 1)) {
            throw tooLarge(response, limit);
        }
        byte[] bytes = source.readByteArray();
        MediaType type = body.contentType();
        Charset charset = type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8);
        // As OkHttp's string() did: a UTF-8 byte order mark is not part of the text.
        int start = hasUtf8Bom(bytes) ? UTF8_BOM_LENGTH : 0;
        return new String(bytes, start, bytes.length - start, charset);
    }

    private static boolean hasUtf8Bom(byte[] bytes) {
        return bytes.length >= UTF8_BOM_LENGTH
                && (bytes[0] & 0xFF) == 0xEF
                && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF;
    }

    private static CallFailure.Protocol tooLarge(Response response, long limit) {
        return Failures.protocol(
                "response body",
                "the answer from " + Origin.of(response.request().url().uri()) + " (status " + response.code()
                        + ") is over the " + describe(limit) + " limit");
    }

    private static String describe(long bytes) {
        return bytes % (1024 * 1024) == 0 ? (bytes / (1024 * 1024)) + " MiB" : bytes + " bytes";
    }
}
