package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The embedded servers' commands refuse a bad value naming the option it was given to, before anything starts. */
class ServerOptionWordsTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "relay    | --latency           | abc       | --latency 'abc' is not a duration: write 90 (seconds)",
                "relay    | --hiccup            | 5q        | --hiccup '5q' is not a duration: write 90 (seconds)",
                "relay    | --outage            | 5s..abc   | --outage 'abc' is not a duration: write 90 (seconds)",
                "relay    | --outage            | 5s        | --outage takes a time range FROM..TO, e.g. 30s..60s, not '5s'",
                "relay    | --brownout          | 1s..abc:0.3 | --brownout 'abc' is not a duration: write 90 (seconds)",
                "relay    | --brownout          | 1s..2s:most | --brownout's share 'most' is not a number: write one from 0 to 1",
                "relay    | --quota             | 60/xyz    | --quota's window 'xyz' is not a duration: write 90 (seconds)",
                "relay    | --quota             | many/1m   | --quota's request count 'many' is not a whole number",
                "provider | --access-token-ttl  | soon      | --access-token-ttl 'soon' is not a duration: write 90 (seconds)",
                "provider | --refresh-token-ttl | 1 week    | --refresh-token-ttl '1 week' is not a duration: write 90 (seconds)",
                "provider | --keep-alive        | abc       | --keep-alive 'abc' is not a duration: write 90 (seconds)",
            })
    @DisplayName("HD5: a bad duration or number is refused naming the option it was given to, before the server starts")
    void aBadValueIsRefusedInTheOptionsWords(String command, String option, String value, String expected) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exit = InProcessCli.run(out, err, command, "--port", "0", "--run-for", "1ms", option, value);

        assertThat(exit).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).startsWith(expected);
        assertThat(out.toString()).as("nothing started").doesNotContain("http://");
    }
}
