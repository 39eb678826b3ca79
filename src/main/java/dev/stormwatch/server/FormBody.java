package dev.stormwatch.server;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses {@code application/x-www-form-urlencoded} text (the WHATWG URL standard's rules, as RFC 6749 §4.1.3 asks). */
public final class FormBody {

    private FormBody() {}

    /** Each name with all of its values, in order; an undecodable sequence is kept as it is. */
    public static Map<String, List<String>> parse(String text) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return fields;
        }
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            fields.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return fields;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformedPercentEscape) {
            return text;
        }
    }
}
