package dev.stormwatch.diagnose;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.sstoehr.harreader.HarReaderMode;
import de.sstoehr.harreader.jackson.DefaultMapperFactory;
import de.sstoehr.harreader.model.HarEntry;
import de.sstoehr.harreader.model.HarHeader;
import de.sstoehr.harreader.model.HarRequest;
import de.sstoehr.harreader.model.HarResponse;
import de.sstoehr.harreader.model.HarTiming;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Reads a HAR 1.2 file one entry at a time. har-reader's own {@code HarReader} binds the whole file into memory, so
 * this walks the JSON with Jackson's streaming parser to {@code log.entries} and binds each entry with har-reader's
 * model and its lenient (LAX) mapper: the library's reading of HAR (custom {@code _} fields, {@code -1} timings, bad
 * dates) without holding the file (docs/decisions/0006-har-entries-streamed-with-har-reader-model.md).
 */
public final class HarEntryReader {

    private static final ObjectMapper MAPPER = new DefaultMapperFactory().instance(HarReaderMode.LAX);

    private final String clientKeyHeader;

    /**
     * @param clientKeyHeader the request header that names the client, or null for the file's name (one HAR, one
     *     client)
     */
    public HarEntryReader(String clientKeyHeader) {
        this.clientKeyHeader =
                clientKeyHeader == null ? null : clientKeyHeader.strip().toLowerCase(Locale.ROOT);
    }

    /**
     * Streams the entries of {@code in}; {@code fileClient} is the client of entries that do not name one. A
     * truncated file keeps the entries before the break and rejects the rest with the entry number.
     */
    public void read(InputStream in, String fileClient, EvidenceSink sink) throws IOException {
        long entry = 0;
        long completed = 0;
        try (JsonParser parser = MAPPER.getFactory().createParser(in)) {
            if (parser.nextToken() != JsonToken.START_OBJECT
                    || !moveToField(parser, "log")
                    || parser.nextToken() != JsonToken.START_OBJECT
                    || !moveToField(parser, "entries")
                    || parser.nextToken() != JsonToken.START_ARRAY) {
                sink.reject(1, "expected a HAR: a JSON object with log.entries (HAR 1.2)", "");
                return;
            }
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                entry++;
                HarEntry harEntry = MAPPER.readValue(parser, HarEntry.class);
                completed = entry;
                read(harEntry, entry, fileClient, sink);
            }
        } catch (JsonProcessingException e) {
            sink.reject(
                    completed + 1,
                    "the HAR breaks off or is not valid JSON after entry " + completed + ": " + e.getOriginalMessage(),
                    "");
        }
    }

    /** Leaves the parser on the value of {@code name} in the current object, or returns false. */
    private static boolean moveToField(JsonParser parser, String name) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            if (parser.currentName().equals(name)) {
                return true;
            }
            parser.nextToken();
            parser.skipChildren();
        }
        return false;
    }

    private void read(HarEntry entry, long number, String fileClient, EvidenceSink sink) {
        HarRequest request = entry.getRequest();
        HarResponse response = entry.getResponse();
        // har-reader's LAX mode turns an unreadable date into the epoch: that is no start either.
        if (entry.getStartedDateTime() == null || entry.getStartedDateTime().getTime() <= 0) {
            sink.reject(number, "entry " + number + " has no valid startedDateTime (ISO 8601)", describe(request));
            return;
        }
        if (request == null || request.getUrl() == null) {
            sink.reject(number, "entry " + number + " has no request.url", "");
            return;
        }
        int status = response == null ? 0 : response.getStatus();
        String client = fileClient;
        if (clientKeyHeader != null) {
            String value = header(request.getHeaders(), clientKeyHeader);
            client = value != null ? value : fileClient;
        }
        String method = request.getRawMethod() != null
                ? request.getRawMethod()
                : request.getMethod() == null ? null : request.getMethod().name();
        List<HarHeader> responseHeaders = response == null ? List.of() : response.getHeaders();
        String idempotency = header(request.getHeaders(), "idempotency-key");
        sink.accept(
                new ObservedRequest(
                        entry.getStartedDateTime().getTime(),
                        duration(entry),
                        client,
                        method,
                        target(request.getUrl()),
                        status,
                        header(responseHeaders, "retry-after"),
                        header(responseHeaders, "date"),
                        idempotency),
                number);
    }

    /** The entry's total time; when the exporter wrote -1 there, the sum of the timings that are known. */
    private static long duration(HarEntry entry) {
        Integer time = entry.getTime();
        if (time != null && time >= 0) {
            return time;
        }
        HarTiming t = entry.getTimings();
        if (t == null) {
            return -1;
        }
        long sum = 0;
        boolean known = false;
        for (Integer part :
                new Integer[] {t.getBlocked(), t.getDns(), t.getConnect(), t.getSend(), t.getWait(), t.getReceive()}) {
            if (part != null && part >= 0) {
                sum += part;
                known = true;
            }
        }
        return known ? sum : -1;
    }

    private static String header(List<HarHeader> headers, String lowerName) {
        if (headers == null) {
            return null;
        }
        for (HarHeader h : headers) {
            if (h.getName() != null && h.getName().toLowerCase(Locale.ROOT).equals(lowerName)) {
                return h.getValue();
            }
        }
        return null;
    }

    /** The origin, path and query of a URL without its fragment: two hosts with one path are two requests. */
    private static String target(String url) {
        int hash = url.indexOf('#');
        String clean = hash >= 0 ? url.substring(0, hash) : url;
        try {
            URI uri = URI.create(clean);
            return uri.getRawQuery() == null
                    ? uri.getScheme() + "://" + uri.getRawAuthority() + uri.getRawPath()
                    : uri.getScheme() + "://" + uri.getRawAuthority() + uri.getRawPath() + "?" + uri.getRawQuery();
        } catch (IllegalArgumentException e) {
            return clean;
        }
    }

    private static String describe(HarRequest request) {
        return request == null ? "" : request.getRawMethod() + " " + request.getUrl();
    }
}
