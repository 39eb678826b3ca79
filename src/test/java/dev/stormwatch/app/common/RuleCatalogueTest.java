package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The in-app rule catalogue is the spec's: each rule's first sentence. When this fails after a spec change,
 * regenerate the file: {@code java -cp target/classes:target/test-classes dev.stormwatch.app.common.RuleCatalogueTest}.
 */
class RuleCatalogueTest {

    private static final Path SPEC = Path.of("docs/spec/retry-semantics.md");
    private static final Path FILE = Path.of("src/main/resources/dev/stormwatch/app/common/rules.properties");
    private static final Pattern RULE = Pattern.compile("^- \\*\\*([A-Z]{1,2}\\d{1,2})\\*\\* (.*)$", Pattern.MULTILINE);

    @Test
    void catalogueHoldsTheFirstSentenceOfEveryRuleOfTheSpec() throws IOException {
        assertThat(RuleCatalogue.spec().rules()).isEqualTo(fromSpec());
    }

    @Test
    void aTextExplainsTheRulesItNames() {
        String legend = RuleCatalogue.spec().legendFor("The provider asked to wait 5 s (RA3); paused (P1, P1).");

        assertThat(legend.lines()).hasSize(2);
        assertThat(legend).startsWith("RA3: When present, the SDK waits exactly that long");
        assertThat(legend.lines().skip(1).findFirst().orElseThrow()).startsWith("P1: ");
        assertThat(RuleCatalogue.spec().legendFor("HTTP 429 from P99 at 09:21")).isEmpty();
    }

    static Map<String, String> fromSpec() throws IOException {
        Map<String, String> rules = new TreeMap<>();
        List<String> lines = Files.readAllLines(SPEC, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = RULE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            // A rule's text goes on over the indented lines below its first, up to a blank line or the next item.
            StringBuilder text = new StringBuilder(m.group(2));
            for (int j = i + 1;
                    j < lines.size()
                            && lines.get(j).startsWith("  ")
                            && !lines.get(j).trim().startsWith("- ")
                            && !lines.get(j).trim().startsWith("|");
                    j++) {
                text.append(' ').append(lines.get(j).trim());
            }
            rules.put(m.group(1), firstSentence(text.toString()));
        }
        return rules;
    }

    private static String firstSentence(String markdown) {
        String plain = markdown.replace("`", "")
                .replace("**", "")
                .replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1")
                .trim();
        Matcher end = Pattern.compile("[.](\\s|$)").matcher(plain);
        String sentence = end.find() ? plain.substring(0, end.start() + 1) : plain;
        // A rule that goes on in a table ends its line with a colon: the tooltip ends the sentence there.
        return sentence.endsWith(":") ? sentence.substring(0, sentence.length() - 1) + "." : sentence;
    }

    /** Writes the catalogue from the spec; run from the repository's root. */
    public static void main(String[] args) throws IOException {
        StringBuilder out = new StringBuilder("# Generated from docs/spec/retry-semantics.md by RuleCatalogueTest.main:"
                + " the first sentence of each rule.\n");
        for (Map.Entry<String, String> rule : fromSpec().entrySet()) {
            out.append(rule.getKey())
                    .append(" = ")
                    .append(rule.getValue().replace("\\", "\\\\"))
                    .append('\n');
        }
        Files.writeString(FILE, out.toString(), StandardCharsets.UTF_8);
    }
}
