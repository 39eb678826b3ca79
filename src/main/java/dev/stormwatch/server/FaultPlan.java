package dev.stormwatch.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The faults planned for a server, per endpoint path: "the next N responses of /token are 503 with Retry-After".
 * Faults of one endpoint apply in the order they were planned. Thread-safe.
 */
public final class FaultPlan {

    private final Map<String, Deque<PlannedFault>> byEndpoint = new TreeMap<>();
    /** Read without the lock on every request, so that an empty plan costs nothing under load. */
    private volatile int planned;

    /** The next {@code times} responses of {@code endpoint} (a path such as {@code /token}) get {@code fault}. */
    public synchronized void inject(String endpoint, Fault fault, int times) {
        if (!endpoint.startsWith("/")) {
            throw new InvalidFaultSpec("an endpoint is a path starting with '/', e.g. /token, not " + endpoint);
        }
        if (times < 1) {
            throw new InvalidFaultSpec("times must be at least 1, was " + times);
        }
        byEndpoint.computeIfAbsent(endpoint, k -> new ArrayDeque<>()).addLast(new PlannedFault(endpoint, fault, times));
        planned++;
    }

    /** The next response of {@code endpoint} gets {@code fault}. */
    public void inject(String endpoint, Fault fault) {
        inject(endpoint, fault, 1);
    }

    /** Takes the fault for the next response of {@code endpoint}, if one is planned. */
    public Optional<Fault> take(String endpoint) {
        if (planned == 0) {
            return Optional.empty();
        }
        synchronized (this) {
            Deque<PlannedFault> queue = byEndpoint.get(endpoint);
            if (queue == null || queue.isEmpty()) {
                return Optional.empty();
            }
            PlannedFault head = queue.removeFirst();
            if (head.remaining() > 1) {
                queue.addFirst(new PlannedFault(endpoint, head.fault(), head.remaining() - 1));
            } else {
                planned--;
            }
            return Optional.of(head.fault());
        }
    }

    /** Drops every planned fault. */
    public synchronized void clear() {
        byEndpoint.clear();
        planned = 0;
    }

    /** What is still planned, endpoint by endpoint. */
    public synchronized List<PlannedFault> pending() {
        List<PlannedFault> all = new ArrayList<>();
        byEndpoint.values().forEach(all::addAll);
        return all;
    }
}
