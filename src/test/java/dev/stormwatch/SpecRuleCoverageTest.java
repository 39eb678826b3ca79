package dev.stormwatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/spec/retry-semantics.md} and the code in step: every rule ID the sources cite is defined in the
 * spec, and every rule the spec defines is named by at least one test.
 *
 * <p>A rule is defined by a list item that starts with its ID in bold ({@code - **RA4** ...}). A citation is a whole
 * token of a known family followed by digits ({@code RA4}, {@code P1}, {@code RC7}); a range such as
 * {@code RA1–RA7} cites its two ends. Tokens that only look like IDs are not citations: a part of a longer word or
 * number ({@code 0xB2}, {@code ES256}), a qualified name ({@code KeyCode.F1}), a colour ({@code #A1B2C3}) and the
 * latency percentiles ({@code P50}, {@code P99}...).
 */
class SpecRuleCoverageTest {

    private static final Path SPEC = Path.of("docs", "spec", "retry-semantics.md");
    private static final Path MAIN = Path.of("src", "main");
    private static final Path TEST = Path.of("src", "test");

    /** The ID families of the spec, one per section. A new family is added here and in the spec together. */
    static final Set<String> FAMILIES = Set.of(
            "E", "ST", "OP", "B", "RA", "P", "F", "A", "C", "RC", "L", "RH", "CN", "TL", "DG", "CA", "HD", "LB", "DV",
            "IN", "AR", "PF", "PX", "UI", "CO", "TX", "SX", "RB");

    private static final Pattern DEFINITION =
            Pattern.compile("^\\s*[-*]\\s+\\*\\*([A-Z]+[0-9]+)\\*\\*", Pattern.MULTILINE);

    /**
     * Longest family first, so that {@code RA4} is never read as {@code R} + something; whole tokens only. Rules are
     * numbered from 1, so {@code C0} and {@code C1} (the control-character sets) are read only where a rule C1 exists.
     */
    private static final Pattern CITATION = Pattern.compile("(?<![\\w.#$])("
            + FAMILIES.stream().sorted((a, b) -> b.length() - a.length()).collect(Collectors.joining("|"))
            + ")([1-9][0-9]{0,2})(?![\\w])");

    /** Percentiles in latency figures: P followed by digits, but not rules. */
    private static final Set<String> PERCENTILES = Set.of("P50", "P75", "P90", "P95", "P99", "P999");

    private static final Path GENERATED_CATALOGUE = Path.of("dev", "stormwatch", "app", "common", "rules.properties");

    private static final Set<String> SCANNED = Set.of(".java", ".css", ".lua", ".properties");

    @Test
    @DisplayName("the spec defines each rule once, in the known families, and every family has rules")
    void theSpecDefinesEachRuleOnce() {
        List<String> defined = definitionsIn(read(SPEC));

        assertThat(defined).as("rule IDs defined twice in %s", SPEC).doesNotHaveDuplicates();
        assertThat(defined)
                .as("rules in %s whose family this test does not know", SPEC)
                .allSatisfy(id -> assertThat(FAMILIES).contains(family(id)));
        assertThat(defined.stream().map(SpecRuleCoverageTest::family).collect(Collectors.toSet()))
                .as("families without a rule in %s", SPEC)
                .containsExactlyInAnyOrderElementsOf(FAMILIES);
    }

    @Test
    @DisplayName("every rule ID cited in src/main or src/test is defined in the spec")
    void everyCitedRuleIsDefined() {
        Set<String> defined = new TreeSet<>(definitionsIn(read(SPEC)));
        Map<String, List<String>> undefined = new TreeMap<>();
        for (Map.Entry<Path, String> file : sources(MAIN, TEST).entrySet()) {
            for (String id : citationsIn(file.getValue())) {
                if (!defined.contains(id)) {
                    undefined
                            .computeIfAbsent(id, k -> new ArrayList<>())
                            .add(file.getKey().toString());
                }
            }
        }

        assertThat(undefined)
                .as("rule IDs cited in the sources but not defined in %s (ID -> files)", SPEC)
                .isEmpty();
    }

    @Test
    @DisplayName("every rule in the spec is named by at least one test")
    void everyRuleHasATest() {
        Set<String> named = new TreeSet<>();
        sources(TEST).forEach((path, text) -> {
            if (text.contains("@Test")
                    || text.contains("@ParameterizedTest")
                    || text.contains("@ArchTest")
                    || text.contains("@FuzzTest")) {
                named.addAll(citationsIn(text));
            }
        });
        List<String> untested = definitionsIn(read(SPEC)).stream()
                .filter(id -> !named.contains(id))
                .toList();

        assertThat(untested)
                .as("rules of %s that no test under %s names", SPEC, TEST)
                .isEmpty();
    }

    @Test
    @DisplayName("what the scanner reads as a citation, and what it does not")
    void theScannerKnowsCitationsFromLookAlikes() {
        assertThat(citationsIn("// RA4 above a test; \"P1, P2: a pause\" (RC1–RC7) [L9] B3's formula"))
                .containsExactlyInAnyOrder("RA4", "P1", "P2", "RC1", "RC7", "L9", "B3");
        assertThat(citationsIn("0xB2 ES256 RS256 KeyCode.F1 #A1B2C3 $E1 RA4x XRA4 A1b P99 P50 latency"))
                .isEmpty();
        assertThat(definitionsIn("- **RA4** Never shortened\n  - **E1** nested\ntext **B1** not at a list start\n"))
                .containsExactly("RA4", "E1");
    }

    static List<String> definitionsIn(String markdown) {
        List<String> ids = new ArrayList<>();
        Matcher m = DEFINITION.matcher(markdown);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    static Set<String> citationsIn(String text) {
        Set<String> ids = new TreeSet<>();
        Matcher m = CITATION.matcher(text);
        while (m.find()) {
            String id = m.group(1) + m.group(2);
            if (!PERCENTILES.contains(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    private static String family(String id) {
        return id.replaceAll("[0-9]+$", "");
    }

    /** The source files under these roots (Java, CSS, Lua, properties; no data files, whose base64 can look like IDs). */
    private static Map<Path, String> sources(Path... roots) {
        Map<Path, String> files = new LinkedHashMap<>();
        for (Path root : roots) {
            assertThat(root).as("run from the project's base directory").isDirectory();
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> SCANNED.stream()
                                .anyMatch(ext -> p.getFileName().toString().endsWith(ext)))
                        // The rule tooltips are the spec's own text, which also names keys that look like IDs.
                        .filter(p -> !p.endsWith(GENERATED_CATALOGUE))
                        .sorted()
                        .forEach(p -> files.put(p, read(p)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static String read(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
