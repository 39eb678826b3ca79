package dev.stormwatch.diagnose;

import dev.stormwatch.retry.RetryAfter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The facts a diagnosis needs from every request, kept in columns of primitives (about 40 bytes a request, no strings
 * per request) so that millions of log lines fit in a small heap: start and end, client, a 64-bit key of the logical
 * request (method and target, or the idempotency key when mapped: DG2), status, and the Retry-After the answer asked
 * for, already read by the client's own rules (RA1–RA7) and classified for the anomaly findings (DG8).
 */
public final class AttemptTable {

    /** What the answer's Retry-After was, for DG8. */
    public static final byte RA_NONE = 0;
    /** A usable wait (RA2). */
    public static final byte RA_USABLE = 1;
    /** RA6: invalid, counts as absent. */
    public static final byte RA_INVALID = 2;
    /** RA6: an HTTP-date in the past relative to the response's Date (or its time). */
    public static final byte RA_PAST_DATE = 3;
    /** Usable, but 1000 s or more and not whole minutes: probably milliseconds written as seconds (DG8). */
    public static final byte RA_LOOKS_LIKE_MILLIS = 4;
    /** RA1: a Retry-After on a status other than 429 and 503, ignored. */
    public static final byte RA_IGNORED_STATUS = 5;

    private static final Clock ANY_CLOCK = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    private long[] start = new long[1024];
    private long[] end = new long[1024];
    private long[] requestKey = new long[1024];
    private int[] client = new int[1024];
    private int[] retryAfterMillis = new int[1024];
    private short[] status = new short[1024];
    private byte[] retryAfterKind = new byte[1024];
    private int size;

    private final List<String> clientNames = new ArrayList<>();
    private final Map<String, Integer> labelIds = new HashMap<>();

    /** Adds one request; {@code clientLabel} is the label already redacted by {@link ClientLabels}. */
    public void add(ObservedRequest r, String clientLabel) {
        if (size == start.length) {
            grow();
        }
        int i = size++;
        start[i] = r.startMillis();
        end[i] = r.endMillis();
        client[i] = clientId(clientLabel);
        requestKey[i] = r.idempotencyKey() != null ? hash("idempotency " + r.idempotencyKey())
                : hash(r.method(), r.uri());
        status[i] = (short) r.status();
        readRetryAfter(i, r);
    }

    private int clientId(String label) {
        Integer id = labelIds.get(label);
        if (id == null) {
            id = clientNames.size();
            clientNames.add(label);
            labelIds.put(label, id);
        }
        return id;
    }

    private void readRetryAfter(int i, ObservedRequest r) {
        String raw = r.retryAfter();
        retryAfterMillis[i] = -1;
        retryAfterKind[i] = RA_NONE;
        if (raw == null || raw.isBlank()) {
            return;
        }
        int code = r.status();
        if (code != 429 && code != 503) {
            retryAfterKind[i] = RA_IGNORED_STATUS;
            return;
        }
        boolean digits = isDigits(raw.strip());
        // RA2: an HTTP-date is measured against the response's Date; without one, against when the answer was logged.
        Clock reference = digits ? ANY_CLOCK : Clock.fixed(Instant.ofEpochMilli(r.endMillis()), ZoneOffset.UTC);
        Optional<Duration> wait = RetryAfter.parse(code, List.of(raw), r.date(), reference);
        if (wait.isEmpty()) {
            RetryAfter.Explanation why = RetryAfter.explain(code, List.of(raw), r.date(), reference);
            retryAfterKind[i] = why.reason().contains("in the past") ? RA_PAST_DATE : RA_INVALID;
            return;
        }
        long seconds = wait.get().getSeconds();
        retryAfterMillis[i] = (int) Math.min(Integer.MAX_VALUE, seconds * 1000);
        retryAfterKind[i] = digits && seconds >= 1000 && seconds % 60 != 0 ? RA_LOOKS_LIKE_MILLIS : RA_USABLE;
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (s.charAt(k) < '0' || s.charAt(k) > '9') {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int n = start.length * 2;
        start = Arrays.copyOf(start, n);
        end = Arrays.copyOf(end, n);
        requestKey = Arrays.copyOf(requestKey, n);
        client = Arrays.copyOf(client, n);
        retryAfterMillis = Arrays.copyOf(retryAfterMillis, n);
        status = Arrays.copyOf(status, n);
        retryAfterKind = Arrays.copyOf(retryAfterKind, n);
    }

    /** 64-bit FNV-1a of method and target: collisions are negligible at the volumes of one storm. */
    private static long hash(String method, String uri) {
        long h = 0xcbf29ce484222325L;
        h = mix(h, method == null ? "" : method);
        h = (h ^ ' ') * 0x100000001b3L;
        return mix(h, uri == null ? "" : uri);
    }

    private static long hash(String text) {
        return mix(0xcbf29ce484222325L, text);
    }

    private static long mix(long h, String s) {
        for (int k = 0; k < s.length(); k++) {
            h = (h ^ s.charAt(k)) * 0x100000001b3L;
        }
        return h;
    }

    /** How many requests the table holds. */
    public int size() {
        return size;
    }

    /** The client labels, indexed by client id. */
    public List<String> clients() {
        return List.copyOf(clientNames);
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        return end[i];
    }

    public int client(int i) {
        return client[i];
    }

    public long requestKey(int i) {
        return requestKey[i];
    }

    public int status(int i) {
        return status[i];
    }

    /** The wait the answer asked for in ms (RA1–RA7 applied), or -1 when none applies. */
    public int retryAfterMillis(int i) {
        return retryAfterMillis[i];
    }

    /** One of the {@code RA_} kinds. */
    public byte retryAfterKind(int i) {
        return retryAfterKind[i];
    }

    /** The row indexes in order of start time; rows that start at the same millisecond keep the order they came in. */
    public int[] byStart() {
        boolean sorted = true;
        for (int i = 1; i < size && sorted; i++) {
            sorted = start[i] >= start[i - 1];
        }
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        if (sorted) {
            return order;
        }
        Integer[] boxed = new Integer[size];
        for (int i = 0; i < size; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(start[a], start[b]));
        for (int i = 0; i < size; i++) {
            order[i] = boxed[i];
        }
        return order;
    }
}
