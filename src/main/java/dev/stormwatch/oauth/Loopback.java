package dev.stormwatch.oauth;

import java.net.URI;
import java.util.Locale;

/**
 * Whether a URL points at this machine by a name that needs no DNS: {@code localhost}, 127.0.0.0/8 or {@code [::1]}
 * (RFC 8252 §8.3). Only such URLs may use plain http.
 */
final class Loopback {

    private Loopback() {}

    static boolean isLoopbackHost(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        return isIpv4InLoopbackRange(h);
    }

    /** True for https, or http on a loopback host (the demo provider, a provider a developer runs locally). */
    static boolean isSecureOrLoopback(URI uri) {
        if ("https".equalsIgnoreCase(uri.getScheme())) {
            return true;
        }
        return "http".equalsIgnoreCase(uri.getScheme()) && isLoopbackHost(uri.getHost());
    }

    private static boolean isIpv4InLoopbackRange(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            // Only plain decimal octets: "127.1" or "0x7f.0.0.1" are not accepted as literals.
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
                return false;
            }
            if (Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return parts[0].equals("127");
    }
}
