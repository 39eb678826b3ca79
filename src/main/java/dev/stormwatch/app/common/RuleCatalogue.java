package dev.stormwatch.app.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one-line meaning of each rule ID of {@code docs/spec/retry-semantics.md} (RA3, P1, F4, C2...), so that an ID
 * in the window explains itself on hover. The lines are the first sentence of each rule, generated from the spec
 * into {@code rules.properties}; a test fails when the spec and the file drift apart.
 */
public final class RuleCatalogue {

    /** A rule ID as the spec writes them: letters, then a number (E1, ST3, OP4, RA7, RC2...). */
    private static final Pattern ID = Pattern.compile("\\b(E|ST|OP|B|RA|P|F|A|CA|C|RC|L)(\\d{1,2})\\b");

    private static final RuleCatalogue SPEC = load();

    private final Map<String, String> rules;

    RuleCatalogue(Map<String, String> rules) {
        this.rules = Map.copyOf(rules);
    }

    /** The catalogue of the spec this build ships. */
    public static RuleCatalogue spec() {
        return SPEC;
    }

    /** The one-line meaning of a rule, if the spec has it. */
    public Optional<String> explain(String id) {
        return Optional.ofNullable(rules.get(id));
    }

    /** The known rule IDs a text mentions, in order of first mention. */
    public List<String> idsIn(String text) {
        if (text == null) {
            return List.of();
        }
        Set<String> ids = new LinkedHashSet<>();
        Matcher m = ID.matcher(text);
        while (m.find()) {
            if (rules.containsKey(m.group())) {
                ids.add(m.group());
            }
        }
        return List.copyOf(ids);
    }

    /** One line per rule the text mentions ("RA3: When present, ..."); empty when it mentions none. */
    public String legendFor(String text) {
        return idsIn(text).stream().map(id -> id + ": " + rules.get(id)).collect(Collectors.joining("\n"));
    }

    Map<String, String> rules() {
        return rules;
    }

    private static RuleCatalogue load() {
        Properties properties = new Properties();
        try (InputStream in = RuleCatalogue.class.getResourceAsStream("rules.properties")) {
            if (in == null) {
                return new RuleCatalogue(Map.of());
            }
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("rules.properties could not be read", e);
        }
        return new RuleCatalogue(
                properties.stringPropertyNames().stream().collect(Collectors.toMap(k -> k, properties::getProperty)));
    }
}
