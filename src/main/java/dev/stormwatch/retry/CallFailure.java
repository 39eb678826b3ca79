package dev.stormwatch.retry;

import dev.stormwatch.base.DurationText;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The one typed error a visible call ends with (spec E1): {@link Recoverable}, {@link Reauthenticate},
 * {@link Configuration} or {@link Protocol}. Unchecked, so that it can cross every layer unchanged.
 */
public abstract sealed class CallFailure extends RuntimeException
        permits CallFailure.Recoverable, CallFailure.Reauthenticate, CallFailure.Configuration, CallFailure.Protocol {

    /**
     * Every message is made printable here, the one place all of them pass: messages quote the provider's
     * {@code error}, {@code error_description}, {@code iss} and other values, which must not reach a terminal raw.
     */
    private CallFailure(String message, Throwable cause) {
        super(PrintableText.of(message), cause);
    }

    /**
     * Why a {@link Recoverable} failure happened: the provider's answer or the network (E1, E6). Not a
     * {@link Throwable#getCause()}: a {@code Recoverable} wraps no exception, and its reason is a value.
     */
    public sealed interface Reason permits Server, Network {

        /** Failed requests of the request step that raised the error (E3); 0 when a pause refused the call (P2). */
        int attempts();

        /** Time spent on the visible call's budget when it stopped (E2). */
        Duration elapsed();
    }

    /**
     * The provider answered with a retryable status (ST1): 429 and 5xx share this reason, {@code status} tells them
     * apart (E2, E6). {@code retryAfter} is set only when the provider said when it will accept requests again (E4).
     */
    public record Server(int status, Optional<Duration> retryAfter, int attempts, Duration elapsed) implements Reason {
        public Server {
            Objects.requireNonNull(retryAfter, "retryAfter");
            Objects.requireNonNull(elapsed, "elapsed");
        }
    }

    /** No HTTP response came back: connect failure, timeout, reset or TLS failure (E1, ST2). */
    public record Network(FailureKind kind, int attempts, Duration elapsed, Optional<String> detail) implements Reason {
        public Network {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(elapsed, "elapsed");
            Objects.requireNonNull(detail, "detail");
        }

        /** A failure with nothing more to say than its kind. */
        public Network(FailureKind kind, int attempts, Duration elapsed) {
            this(kind, attempts, elapsed, Optional.empty());
        }
    }

    /** Try again later; the session is kept (E1, E5). */
    public static final class Recoverable extends CallFailure {
        private final transient Reason reason;
        private final transient Origin origin;

        public Recoverable(Origin origin, Reason reason) {
            super(describe(origin, reason), null);
            this.origin = Objects.requireNonNull(origin, "origin");
            this.reason = Objects.requireNonNull(reason, "reason");
        }

        /** The provider's status ({@link Server}) or the network failure ({@link Network}). */
        public Reason reason() {
            return reason;
        }

        /** The origin the failed requests went to. */
        public Origin origin() {
            return origin;
        }

        /** Failed requests of the step that raised the error (E3); 0 means nothing was sent (P2, P9). */
        public int attempts() {
            return reason.attempts();
        }

        /** Time spent on the visible call's budget (E2). */
        public Duration elapsed() {
            return reason.elapsed();
        }

        /** When the provider will accept requests again, if it said so (E4); always empty for network failures. */
        public Optional<Duration> retryAfter() {
            return reason instanceof Server server ? server.retryAfter() : Optional.empty();
        }

        /** True when a running pause refused the call and nothing went on the wire: show a countdown (P2, P9). */
        public boolean refusedByPause() {
            return reason.attempts() == 0;
        }

        private static String describe(Origin origin, Reason reason) {
            if (reason instanceof Server server) {
                String wait = server.retryAfter()
                        .map(d -> " Try again in " + seconds(d) + " (the provider's Retry-After).")
                        .orElse(" Try again later.");
                if (server.attempts() == 0) {
                    return "Requests to " + origin + " are paused because it answered " + server.status()
                            + " and asked to wait; nothing was sent." + wait;
                }
                return origin + " answered " + server.status() + " after " + server.attempts() + " attempt"
                        + (server.attempts() == 1 ? "" : "s") + " in " + seconds(server.elapsed()) + "." + wait;
            }
            Network network = (Network) reason;
            if (network.kind().permanent()) {
                // TL1: not a hiccup; say what is wrong and what to do, since waiting will not change it.
                return origin + " was not contacted: " + network.kind().description()
                        + network.detail().map(d -> " (" + d + ")").orElse("") + ". Not retried: it fails the same"
                        + " way every time. " + remedy(network.kind());
            }
            return "No answer from " + origin + ": " + network.kind().description() + " after "
                    + network.attempts() + " attempt" + (network.attempts() == 1 ? "" : "s") + " in "
                    + seconds(network.elapsed()) + ". Check the network and try again.";
        }

        private static String remedy(FailureKind kind) {
            return switch (kind) {
                case TLS_UNTRUSTED ->
                    "If you trust this server, trust its certificate or the CA that issued it"
                            + " (stormwatch session --ca-file FILE.pem), or use its https address with a public certificate.";
                case TLS_CERTIFICATE_EXPIRED ->
                    "The server must renew its certificate; also check this machine's clock.";
                case TLS_WRONG_HOST ->
                    "Use the host name the certificate was issued for, or have the server present"
                            + " a certificate for this one.";
                default ->
                    "Check that this is the right address and port for https, and whether the server asks"
                            + " for a client certificate.";
            };
        }

        private static String seconds(Duration d) {
            return DurationText.seconds(d.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
        }
    }

    /** The grant is gone (for example {@code invalid_grant}, or no session): the user must log in again (E1). */
    public static final class Reauthenticate extends CallFailure {
        public Reauthenticate(String message) {
            this(message, null);
        }

        public Reauthenticate(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The application's own settings are wrong; raised when the settings are made, not on first use (E1, C2). */
    public static final class Configuration extends CallFailure {
        public Configuration(String message) {
            this(message, null);
        }

        public Configuration(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The provider (or an attacker) broke the protocol; never retried (E1). */
    public static final class Protocol extends CallFailure {
        public Protocol(String message) {
            this(message, null);
        }

        public Protocol(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
