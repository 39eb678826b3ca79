package dev.stormwatch.provider;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Issued authorization codes: short-lived, single use (RFC 6749 §4.1.2). A code presented twice is refused and the
 * tokens issued for it are revoked, as §4.1.2 recommends.
 */
final class AuthorizationCodes {

    private static final class Entry {
        final AuthorizationRequest request;
        final DemoUser user;
        final Instant authTime;
        final Instant expiresAt;
        boolean used;
        String familyId;

        Entry(AuthorizationRequest request, DemoUser user, Instant authTime, Instant expiresAt) {
            this.request = request;
            this.user = user;
            this.authTime = authTime;
            this.expiresAt = expiresAt;
        }
    }

    /** A code that may be exchanged: what was asked, who signed in, when. */
    record Redeemable(AuthorizationRequest request, DemoUser user, Instant authTime) {}

    private final Clock clock;
    private final Map<String, Entry> codes = new HashMap<>();

    AuthorizationCodes(Clock clock) {
        this.clock = clock;
    }

    synchronized void issue(String code, AuthorizationRequest request, DemoUser user, Instant expiresAt) {
        codes.put(code, new Entry(request, user, clock.instant(), expiresAt));
    }

    /**
     * Marks {@code code} used and returns it, or says why not. On a second use, {@code revokeFamily} receives the
     * family issued for the first use.
     */
    synchronized Result redeem(String code, Consumer<String> revokeFamily) {
        Entry entry = codes.get(code);
        if (entry == null) {
            return new Result(Optional.empty(), "unknown authorization code");
        }
        if (entry.used) {
            if (entry.familyId != null) {
                revokeFamily.accept(entry.familyId);
            }
            return new Result(Optional.empty(), "authorization code already used; tokens issued for it are revoked");
        }
        entry.used = true;
        if (!clock.instant().isBefore(entry.expiresAt)) {
            return new Result(Optional.empty(), "authorization code expired");
        }
        return new Result(Optional.of(new Redeemable(entry.request, entry.user, entry.authTime)), "");
    }

    synchronized void linkFamily(String code, String familyId) {
        Entry entry = codes.get(code);
        if (entry != null) {
            entry.familyId = familyId;
        }
    }

    /** The code's contents, or why it cannot be exchanged. */
    record Result(Optional<Redeemable> redeemable, String refusal) {}
}
