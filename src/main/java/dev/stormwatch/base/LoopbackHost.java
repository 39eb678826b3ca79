package dev.stormwatch.base;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The one rule for "is this host this machine". It has three questions, because callers need each; the first two are
 * answered from the text alone, without DNS:
 *
 * <ul>
 *   <li>{@link #isLiteralAddress}: a loopback IP literal, {@code 127.0.0.0/8} in dotted decimal or {@code ::1} (also
 *       bracketed, as in a URL). RFC 8252 §7.3 and §8.3: a native app's redirect URI uses the literal, and only the
 *       literal's port may vary; a provider matching redirect URIs asks this.
 *   <li>{@link #isLoopback}: names this machine: a loopback literal, {@code localhost}, or a name under
 *       {@code .localhost} (RFC 6761 §6.3: such names resolve to loopback; browsers treat them alike, W3C Secure
 *       Contexts §3.2). Plain http to an issuer, or a load run without a rate cap, asks this.
 *   <li>{@link #resolvedLoopbackAddresses}: the loopback addresses the resolver gives for a host, for a transport that
 *       connects to them itself and must never send a request meant for this machine anywhere else.
 * </ul>
 *
 * <p>The first two never resolve a name: {@code 127.1}, {@code 0x7f.0.0.1} and names that merely resolve to
 * {@code 127.0.1.1} through a hosts file are not loopback for them.
 *
 * <table>
 *   <caption>Answers</caption>
 *   <tr><th>host</th><th>{@code isLiteralAddress}</th><th>{@code isLoopback}</th></tr>
 *   <tr><td>{@code 127.0.0.1}, {@code 127.8.9.10}, {@code [::1]}, {@code ::1}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>{@code localhost}, {@code api.localhost}</td><td>no</td><td>yes</td></tr>
 *   <tr><td>{@code 127.1}, {@code localhost.example.com}, {@code 127.0.0.1.example.com}, {@code 10.0.0.1}</td>
 *       <td>no</td><td>no</td></tr>
 * </table>
 */
public final class LoopbackHost {

    private static final String LOCALHOST = "localhost";

    private LoopbackHost() {}

    /** True for a loopback IP literal: {@code 127.0.0.0/8} in dotted decimal, or {@code ::1} (bracketed or not). */
    public static boolean isLiteralAddress(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String bare = unbracketed(host);
        return bare.indexOf(':') >= 0 ? isIpv6Loopback(bare) : isIpv4Loopback(bare);
    }

    /** True when {@code host} names this machine: a loopback literal, {@code localhost} or a name under it. */
    public static boolean isLoopback(String host) {
        if (isLiteralAddress(host)) {
            return true;
        }
        if (host == null) {
            return false;
        }
        String lower = host.toLowerCase(Locale.ROOT);
        if (lower.equals(LOCALHOST)) {
            return true;
        }
        // RFC 6761 §6.3: every name under .localhost; "x..localhost" or ".localhost" are no names at all.
        String suffix = "." + LOCALHOST;
        return lower.endsWith(suffix)
                && lower.length() > suffix.length()
                && lower.charAt(0) != '.'
                && !lower.contains("..");
    }

    /**
     * True for https, or for plain http to a host that {@link #isLoopback names this machine}: the traffic of such a URL
     * is either encrypted or never leaves the machine (RFC 8252 §8.3; OAuth 2.0 Security BCP §4.1).
     */
    public static boolean isHttpsOrLoopbackHttp(URI uri) {
        if ("https".equalsIgnoreCase(uri.getScheme())) {
            return true;
        }
        return "http".equalsIgnoreCase(uri.getScheme()) && isLoopback(uri.getHost());
    }

    /**
     * The loopback addresses among those the system resolver gives for {@code host}, in its order; empty when it has
     * none or does not resolve. Blocks on DNS for a name: call it off any event loop.
     */
    public static InetAddress[] resolvedLoopbackAddresses(String host) {
        try {
            return Arrays.stream(InetAddress.getAllByName(host))
                    .filter(InetAddress::isLoopbackAddress)
                    .toArray(InetAddress[]::new);
        } catch (UnknownHostException e) {
            return new InetAddress[0];
        }
    }

    private static String unbracketed(String host) {
        return host.length() > 2 && host.startsWith("[") && host.endsWith("]")
                ? host.substring(1, host.length() - 1)
                : host;
    }

    private static boolean isIpv4Loopback(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            // Only plain decimal octets: "127.1" or "0x7f.0.0.1" are not accepted as literals.
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return false;
            }
            if (Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return parts[0].equals("127");
    }

    private static boolean isIpv6Loopback(String host) {
        // Hex digits, colons and an embedded dotted quad only, so that InetAddress parses a literal and never looks up.
        if (!host.chars()
                .allMatch(c -> (c >= '0' && c <= '9')
                        || (c >= 'a' && c <= 'f')
                        || (c >= 'A' && c <= 'F')
                        || c == ':'
                        || c == '.')) {
            return false;
        }
        try {
            return InetAddress.getByName("[" + host + "]").isLoopbackAddress();
        } catch (UnknownHostException notALiteral) {
            return false;
        }
    }
}
