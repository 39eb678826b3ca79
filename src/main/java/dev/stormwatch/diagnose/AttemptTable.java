package dev.stormwatch.diagnose;

import dev.stormwatch.base.AsciiDigits;
import dev.stormwatch.retry.RetryAfter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
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

    /** Rows are kept in chunks, so that growing never copies (and never holds twice) what was read. */
    // 16k rows: a chunk of longs (128 KiB) stays well under half a G1 region, so it is never a humongous object.
    private static final int CHUNK_BITS = 14;

    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private final List<long[]> start = new ArrayList<>();
    private final List<long[]> requestKey = new ArrayList<>();
    private final List<int[]> duration = new ArrayList<>();
    private final List<int[]> client = new ArrayList<>();
    private final List<int[]> retryAfterMillis = new ArrayList<>();
    private final List<short[]> status = new ArrayList<>();
    private final List<byte[]> retryAfterKind = new ArrayList<>();
    private final List<boolean[]> markedThrottled = new ArrayList<>();
    private int size;

    private final List<String> clientNames = new ArrayList<>();
    private final Map<String, Integer> labelIds = new HashMap<>();

    /** Adds one request; {@code clientLabel} is the label already redacted by {@link ClientLabels}. */
    public void add(ObservedRequest r, String clientLabel) {
        if ((size & MASK) == 0) {
            grow();
        }
        int i = size++;
        int c = i >>> CHUNK_BITS;
        int k = i & MASK;
        start.get(c)[k] = r.startMillis();
        duration.get(c)[k] = (int) Math.min(Integer.MAX_VALUE, Math.max(-1, r.durationMillis()));
        client.get(c)[k] = clientId(clientLabel);
        requestKey.get(c)[k] =
                r.idempotencyKey() != null ? hash("idempotency " + r.idempotencyKey()) : hash(r.method(), r.uri());
        status.get(c)[k] = (short) r.status();
        markedThrottled.get(c)[k] = r.markedThrottled();
        readRetryAfter(c, k, r);
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

    private void readRetryAfter(int c, int k, ObservedRequest r) {
        String raw = r.retryAfter();
        int[] retryAfterMillis = this.retryAfterMillis.get(c);
        byte[] retryAfterKind = this.retryAfterKind.get(c);
        int i = k;
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
        boolean digits = AsciiDigits.only(raw.strip());
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

    private void grow() {
        start.add(new long[CHUNK]);
        requestKey.add(new long[CHUNK]);
        duration.add(new int[CHUNK]);
        client.add(new int[CHUNK]);
        retryAfterMillis.add(new int[CHUNK]);
        status.add(new short[CHUNK]);
        retryAfterKind.add(new byte[CHUNK]);
        markedThrottled.add(new boolean[CHUNK]);
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
        return start.get(i >>> CHUNK_BITS)[i & MASK];
    }

    /** When the answer arrived: the start plus the duration when known. */
    public long end(int i) {
        int d = duration.get(i >>> CHUNK_BITS)[i & MASK];
        return d < 0 ? start(i) : start(i) + d;
    }

    /** DG16: whether a throttle mark (Envoy's {@code RL}, a {@code --throttled FIELD=VALUE}) says it was throttled. */
    public boolean markedThrottled(int i) {
        return markedThrottled.get(i >>> CHUNK_BITS)[i & MASK];
    }

    /** Whether the evidence said how long the exchange took. */
    public boolean durationKnown(int i) {
        return duration.get(i >>> CHUNK_BITS)[i & MASK] >= 0;
    }

    public int client(int i) {
        return client.get(i >>> CHUNK_BITS)[i & MASK];
    }

    public long requestKey(int i) {
        return requestKey.get(i >>> CHUNK_BITS)[i & MASK];
    }

    public int status(int i) {
        return status.get(i >>> CHUNK_BITS)[i & MASK];
    }

    /** The wait the answer asked for in ms (RA1–RA7 applied), or -1 when none applies. */
    public int retryAfterMillis(int i) {
        return retryAfterMillis.get(i >>> CHUNK_BITS)[i & MASK];
    }

    /** One of the {@code RA_} kinds. */
    public byte retryAfterKind(int i) {
        return retryAfterKind.get(i >>> CHUNK_BITS)[i & MASK];
    }

    /**
     * The row indexes in order of start time, or null when the rows already are in that order (one log read in
     * order, the usual case): then row k is the k-th by start, and no index array of 4 bytes a request is made. Rows
     * that start at the same millisecond keep the order they came in.
     */
    public int[] byStart() {
        boolean sorted = true;
        for (int i = 1; i < size && sorted; i++) {
            sorted = start(i) >= start(i - 1);
        }
        if (sorted) {
            return null;
        }
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        // A stable merge sort on primitives: boxed indexes would cost 20 bytes a request more.
        mergeSort(order, new int[size], 0, size);
        return order;
    }

    private void mergeSort(int[] a, int[] scratch, int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, scratch, from, mid);
        mergeSort(a, scratch, mid, to);
        if (start(a[mid - 1]) <= start(a[mid])) {
            return;
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int left = from;
        int right = mid;
        for (int k = from; k < to; k++) {
            if (right >= to || left < mid && start(scratch[left]) <= start(scratch[right])) {
                a[k] = scratch[left++];
            } else {
                a[k] = scratch[right++];
            }
        }
    }
}
