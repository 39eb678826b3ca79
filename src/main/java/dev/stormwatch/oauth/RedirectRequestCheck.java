package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides whether one HTTP request to the loopback receiver is the redirect this login waits for (RFC 8252 §7.3,
 * RFC 6749 §10.12): GET, the callback path, every parameter once, the expected {@code state}, and a code or an error.
 */
final class RedirectRequestCheck {

    private RedirectRequestCheck() {}

    /** The verdict on one request. */
    sealed interface Verdict {
        /** The request ends the login. */
        record Accepted(AuthorizationRedirect redirect) implements Verdict {}

        /** The request is answered with an error page; waiting goes on. */
        record Rejected(int status, String reason) implements Verdict {}
    }

    /**
     * Judges a whole request head: its {@code Host} must name this receiver ({@code 127.0.0.1}, {@code [::1]} or
     * {@code localhost} with its port), a cheap guard against DNS rebinding, where a web page's own host name is made
     * to resolve to 127.0.0.1 and its script then talks to this port.
     */
    static Verdict judge(LoopbackReceiver.RequestHead head, int port, Secret expectedState) {
        return judge(head, RequestLine.parse(head.requestLine()), port, expectedState, LoopbackReceiver.CALLBACK_PATH);
    }

    /**
     * The same for a receiver waiting on {@code path}, with the head's request line already read ({@code line},
     * empty when it was not understood): on the callback path a code or an error must come with the state; after an
     * RP-initiated logout (SX1) the state alone is the answer.
     */
    static Verdict judge(
            LoopbackReceiver.RequestHead head,
            Optional<RequestLine> line,
            int port,
            Secret expectedState,
            String path) {
        List<String> hosts = head.values("Host");
        if (hosts.size() != 1 || !isThisReceiver(hosts.get(0), port)) {
            return new Verdict.Rejected(400, "The request is not addressed to this sign-in's loopback address.");
        }
        return judge(line, expectedState, path);
    }

    /** Whether a Host header names this receiver: a loopback name with exactly its port. */
    static boolean isThisReceiver(String host, int port) {
        String lower = host.toLowerCase(java.util.Locale.ROOT);
        String suffix = ":" + port;
        if (!lower.endsWith(suffix)) {
            return false;
        }
        String name = lower.substring(0, lower.length() - suffix.length());
        return name.equals("127.0.0.1") || name.equals("[::1]") || name.equals("localhost");
    }

    /**
     * A request line's method, target and version, as sent; the one reading of it for the redirect and for the
     * one-time page (SX8).
     */
    record RequestLine(String method, String target, String version) {

        /** The line's three parts; empty unless it has exactly three and the last names an HTTP version. */
        static Optional<RequestLine> parse(String line) {
            String[] parts = line.split(" ");
            if (parts.length != 3 || !parts[2].startsWith("HTTP/")) {
                return Optional.empty();
            }
            return Optional.of(new RequestLine(parts[0], parts[1], parts[2]));
        }

        /** The target without its query. */
        String path() {
            int query = target.indexOf('?');
            return query < 0 ? target : target.substring(0, query);
        }
    }

    private static Verdict judge(Optional<RequestLine> line, Secret expectedState, String path) {
        if (line.isEmpty()) {
            return new Verdict.Rejected(400, "The request was not understood.");
        }
        // A browser follows a redirect with GET; anything else is not the provider's redirect.
        if (!line.get().method().equals("GET")) {
            return new Verdict.Rejected(405, "Only the browser's redirect (GET) is accepted here.");
        }
        URI target;
        try {
            target = new URI(line.get().target());
        } catch (URISyntaxException e) {
            return new Verdict.Rejected(400, "The address was not understood.");
        }
        if (!path.equals(target.getRawPath())) {
            return new Verdict.Rejected(404, "There is nothing at this address.");
        }
        Map<String, List<String>> query = LoopbackReceiver.parseQuery(target.getRawQuery());
        // A repeated parameter makes the response ambiguous (RFC 6749 §3.1): refuse it rather than pick one.
        for (Map.Entry<String, List<String>> entry : query.entrySet()) {
            if (entry.getValue().size() > 1) {
                return new Verdict.Rejected(400, "The parameter '" + entry.getKey() + "' appears more than once.");
            }
        }
        Map<String, String> single = new HashMap<>();
        query.forEach((name, values) -> single.put(name, values.get(0)));
        String state = single.get("state");
        if (state == null) {
            return new Verdict.Rejected(400, "The redirect carries no state.");
        }
        // RFC 6749 §10.12: only the response bound to our request may end the login (CSRF defence).
        if (!Secret.of(state).equals(expectedState)) {
            return new Verdict.Rejected(400, "The redirect's state does not match this sign-in.");
        }
        // SX1: the provider's way back after logout carries the state alone (RP-Initiated Logout 1.0 §3).
        boolean signIn = LoopbackReceiver.CALLBACK_PATH.equals(path);
        if (signIn && !single.containsKey("code") && !single.containsKey("error")) {
            return new Verdict.Rejected(400, "The redirect carries neither a code nor an error.");
        }
        return new Verdict.Accepted(new AuthorizationRedirect(single));
    }
}
