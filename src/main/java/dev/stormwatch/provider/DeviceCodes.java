package dev.stormwatch.provider;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The device authorization grant's codes (RFC 8628, DV7): each device code with its user code, its expiry, the
 * interval the client must keep between polls, and what the person decided on the verification page; and the
 * provider's own record of the newest {@value #RECORD_LIMIT} polls (when each came and how it was answered), which
 * tests read.
 */
final class DeviceCodes {

    /** RFC 8628 §6.1: 20 consonants, no vowels (no words) and no look-alike letters; 8 of them, about 34 bits. */
    private static final String USER_CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ";

    /** How long a device code and its user code stay valid. */
    static final Duration LIFETIME = Duration.ofMinutes(10);

    /** The interval the answer states (RFC 8628 §3.2; 5 s is also the RFC's default). */
    static final Duration INTERVAL = Duration.ofSeconds(5);

    /** DV7: how many polls the record keeps, newest last, so a provider that runs for days stays the same size. */
    static final int RECORD_LIMIT = 1_000;

    /** What the person decided on the verification page. */
    enum Decision {
        PENDING,
        APPROVED,
        DENIED
    }

    /** One issued device code, as the provider keeps it. */
    private static final class Pending {
        final String userCode;
        final String clientId;
        final String scope;
        final Instant expiresAt;
        Duration interval = INTERVAL;
        Instant lastPoll;
        Decision decision = Decision.PENDING;
        DemoUser user;
        Instant authTime;

        Pending(String userCode, String clientId, String scope, Instant issuedAt, Instant expiresAt) {
            this.userCode = userCode;
            this.clientId = clientId;
            this.scope = scope;
            this.expiresAt = expiresAt;
            this.lastPoll = issuedAt;
        }
    }

    /** A new device code and its user code. */
    record Issued(String deviceCode, String userCode, Instant expiresAt) {}

    /** The answer to one poll (RFC 8628 §3.5), or the grant when the person approved. */
    sealed interface Polled {
        record Refused(String error, String description) implements Polled {}

        record Approved(String clientId, String scope, DemoUser user, Instant authTime) implements Polled {}
    }

    private final Clock clock;
    private final SecureRandom random;
    private final Map<String, Pending> byDeviceCode = new ConcurrentHashMap<>();
    private final java.util.ArrayDeque<DevicePoll> polls = new java.util.ArrayDeque<>(RECORD_LIMIT);

    DeviceCodes(Clock clock, SecureRandom random) {
        this.clock = clock;
        this.random = random;
    }

    synchronized Issued issue(String deviceCode, String clientId, String scope) {
        Instant now = clock.instant();
        byDeviceCode.values().removeIf(p -> !now.isBefore(p.expiresAt.plus(LIFETIME)));
        String userCode = userCode();
        Instant expiresAt = now.plus(LIFETIME);
        byDeviceCode.put(deviceCode, new Pending(userCode, clientId, scope, now, expiresAt));
        return new Issued(deviceCode, userCode, expiresAt);
    }

    /** Whether this user code, as typed (case and dash ignored), is waiting for a decision. */
    synchronized boolean waiting(String typed) {
        return find(typed).isPresent();
    }

    /**
     * Records the person's decision for a waiting user code.
     *
     * @return false when the code is unknown, expired or already decided
     */
    synchronized boolean decide(String typed, Decision decision, Optional<DemoUser> user) {
        Optional<Pending> pending = find(typed);
        if (pending.isEmpty()) {
            return false;
        }
        pending.get().decision = decision;
        pending.get().user = user.orElse(null);
        pending.get().authTime = clock.instant();
        return true;
    }

    /**
     * A poll of the token endpoint (RFC 8628 §3.4, §3.5): {@code slow_down} (and 5 s more interval) when it came
     * sooner than the interval after the last one, {@code expired_token} after the expiry, {@code access_denied}
     * when the person refused, {@code authorization_pending} while they have not decided; once approved, the grant,
     * and the device code is spent ({@code invalid_grant} after).
     */
    synchronized Polled poll(String deviceCode, String clientId) {
        Instant now = clock.instant();
        Pending pending = byDeviceCode.get(deviceCode);
        if (pending == null || !pending.clientId.equals(clientId)) {
            return record(now, "-", new Polled.Refused("invalid_grant", "the device_code is unknown or was used"));
        }
        Polled answer;
        if (!now.isBefore(pending.expiresAt)) {
            byDeviceCode.remove(deviceCode);
            answer = new Polled.Refused("expired_token", "the device_code expired; start the device sign-in again");
        } else if (now.isBefore(pending.lastPoll.plus(pending.interval))) {
            pending.interval = pending.interval.plusSeconds(5);
            answer = new Polled.Refused(
                    "slow_down", "polled sooner than the interval; wait " + pending.interval.toSeconds() + " s");
        } else if (pending.decision == Decision.DENIED) {
            byDeviceCode.remove(deviceCode);
            answer = new Polled.Refused("access_denied", "the user denied the request");
        } else if (pending.decision == Decision.APPROVED) {
            byDeviceCode.remove(deviceCode);
            answer = new Polled.Approved(pending.clientId, pending.scope, pending.user, pending.authTime);
        } else {
            answer = new Polled.Refused("authorization_pending", "the user has not finished on the other device yet");
        }
        pending.lastPoll = now;
        return record(now, pending.userCode, answer);
    }

    /** The provider's record of the newest polls (at most {@value #RECORD_LIMIT}), oldest first. */
    synchronized List<DevicePoll> polls() {
        return List.copyOf(polls);
    }

    private Polled record(Instant now, String userCode, Polled answer) {
        String named = answer instanceof Polled.Refused refused ? refused.error() : "tokens";
        if (polls.size() == RECORD_LIMIT) {
            polls.removeFirst(); // DV7: the oldest goes, so the record never grows past its limit
        }
        polls.addLast(new DevicePoll(now, userCode, named));
        return answer;
    }

    private Optional<Pending> find(String typed) {
        String wanted = normalise(typed);
        Instant now = clock.instant();
        return byDeviceCode.values().stream()
                .filter(p -> p.decision == Decision.PENDING && now.isBefore(p.expiresAt))
                .filter(p -> normalise(p.userCode).equals(wanted))
                .findFirst();
    }

    /** RFC 8628 §6.1: what a person types is compared without case and without the dash. */
    static String normalise(String typed) {
        return typed.replace("-", "").replace(" ", "").toUpperCase(java.util.Locale.ROOT);
    }

    private String userCode() {
        StringBuilder code = new StringBuilder(9);
        for (int i = 0; i < 8; i++) {
            if (i == 4) {
                code.append('-');
            }
            code.append(USER_CODE_LETTERS.charAt(random.nextInt(USER_CODE_LETTERS.length())));
        }
        return code.toString();
    }
}
