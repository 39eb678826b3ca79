package dev.stormwatch.server;

import dev.stormwatch.base.Base64Url;
import java.security.SecureRandom;

/**
 * Server-supplied DPoP nonces (RFC 9449 §8): switched on or off at runtime; the current and the previous nonce are
 * accepted, so a rotation does not fail requests already on the way.
 */
public final class DpopNonces {

    private final SecureRandom random;
    private volatile boolean required;
    private volatile String current;
    private volatile String previous;

    public DpopNonces(SecureRandom random, boolean required) {
        this.random = random;
        this.required = required;
        this.current = fresh();
        this.previous = current;
    }

    /** Whether proofs must carry a nonce. */
    public boolean required() {
        return required;
    }

    /** Switches the nonce requirement on or off. */
    public void require(boolean on) {
        this.required = on;
    }

    /** The nonce to hand out in a {@code DPoP-Nonce} header. */
    public String current() {
        return current;
    }

    /** Issues a new nonce; the old one stays acceptable until the next rotation. */
    public synchronized void rotate() {
        previous = current;
        current = fresh();
    }

    /** True when {@code nonce} is the current or the previous nonce. */
    public boolean accepts(String nonce) {
        return nonce != null && (nonce.equals(current) || nonce.equals(previous));
    }

    private String fresh() {
        return Base64Url.random(random, 16);
    }
}
