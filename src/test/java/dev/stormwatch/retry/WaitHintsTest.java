package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The rate-limit dialects (spec RH1–RH10), from each provider's documented examples. */
class WaitHintsTest {

    /** The response's Date in the Anthropic and GitHub tables: 2024-06-01T12:00:00Z. */
    private static final String DATE = "Sat, 01 Jun 2024 12:00:00 GMT";

    private final FakeClock clock = FakeClock.at("2024-06-01T12:00:00Z");

    private WaitHints.Reading read(int status, String... namesAndValues) {
        return WaitHints.read(status, List.of(), null, HintHeaders.of(namesAndValues), clock);
    }

    private WaitHints.Reading readWithRetryAfter(int status, String retryAfter, String... namesAndValues) {
        return WaitHints.read(status, List.of(retryAfter), null, HintHeaders.of(namesAndValues), clock);
    }

    @DisplayName("RH1: retry-after-ms and x-ms-retry-after-ms are milliseconds on 429 and 503")
    @ParameterizedTest(name = "{0}: ''{1}'' -> {2} ns")
    @MethodSource
    void millisecondWaits(String header, String value, long nanos) {
        WaitHints.Reading reading = read(429, header, value);
        assertThat(reading.waitTime()).contains(Duration.ofNanos(nanos));
        assertThat(reading.decidedBy().orElseThrow().rule()).isEqualTo("RH1");
    }

    static Stream<Arguments> millisecondWaits() {
        return Stream.of(
                Arguments.of("retry-after-ms", "1500", 1_500_000_000L),
                Arguments.of("Retry-After-Ms", " 20 ", 20_000_000L),
                Arguments.of("retry-after-ms", "0", 0L),
                Arguments.of("retry-after-ms", "1500.5", 1_500_500_000L),
                Arguments.of("retry-after-ms", "0.0000001", 1L), // rounded up, never down
                Arguments.of("x-ms-retry-after-ms", "2000", 2_000_000_000L),
                Arguments.of("retry-after-ms", "86400000", 86_400_000_000_000L));
    }

    @DisplayName("RH1, RA1: a millisecond wait on any status but 429 and 503 is ignored")
    @ParameterizedTest(name = "status {0}")
    @ValueSource(ints = {200, 408, 500, 502, 504, 403})
    void millisecondWaitIgnoredOutside429And503(int status) {
        WaitHints.Reading reading = read(status, "retry-after-ms", "1500");
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.hints()).singleElement().satisfies(h -> {
            assertThat(h.role()).isEqualTo(WaitHint.Role.IGNORED);
            assertThat(h.rule()).isEqualTo("RA1");
        });
    }

    @DisplayName("RH1, RA6, RH10: an invalid millisecond value counts as absent, with a note")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {
                "",
                " ",
                "-1",
                "-0.5",
                "+5",
                "1e3",
                "abc",
                "1500ms",
                "1,500",
                "1500, 2000",
                "1234567890123456789",
                "1..5",
                ".",
                "1.2.3"
            })
    void invalidMilliseconds(String value) {
        WaitHints.Reading reading = read(503, "retry-after-ms", value);
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.hints()).singleElement().satisfies(h -> {
            assertThat(h.role()).isEqualTo(WaitHint.Role.IGNORED);
            assertThat(h.note()).endsWith("counts as absent");
        });
    }

    @Test
    @DisplayName("RH1, RA6: two retry-after-ms headers contradict each other and both count as absent")
    void twoMillisecondHeadersAreIgnored() {
        assertThat(read(429, "retry-after-ms", "100", "retry-after-ms", "200").waitTime())
                .isEmpty();
    }

    @Test
    @DisplayName("RH2: the longest valid wait wins: Retry-After 2 s over retry-after-ms 1500")
    void longestWaitWinsRetryAfter() {
        WaitHints.Reading reading = readWithRetryAfter(429, "2", "retry-after-ms", "1500");
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(2));
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("retry-after");
    }

    @Test
    @DisplayName("RH2: the longest valid wait wins: retry-after-ms 2500 over Retry-After 2 (the seconds round down)")
    void longestWaitWinsMilliseconds() {
        WaitHints.Reading reading =
                readWithRetryAfter(429, "2", "retry-after-ms", "2500", "x-ms-retry-after-ms", "2400");
        assertThat(reading.waitTime()).contains(Duration.ofMillis(2500));
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("retry-after-ms");
    }

    @Test
    @DisplayName("RH2: on equal waits the first read decides, Retry-After first")
    void equalWaitsRetryAfterDecides() {
        WaitHints.Reading reading = readWithRetryAfter(503, "3", "x-ms-retry-after-ms", "3000");
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("retry-after");
    }

    @Test
    @DisplayName("RH2, RH10: a malformed Retry-After does not hide a valid retry-after-ms")
    void malformedRetryAfterLeavesTheValidHint() {
        WaitHints.Reading reading = readWithRetryAfter(429, "soon", "retry-after-ms", "700");
        assertThat(reading.waitTime()).contains(Duration.ofMillis(700));
        assertThat(reading.hints())
                .extracting(WaitHint::role)
                .containsExactly(WaitHint.Role.IGNORED, WaitHint.Role.WAIT);
    }

    @Test
    @DisplayName("RH2, RA7: the winning wait is capped at 86 400 s")
    void winningWaitIsCapped() {
        WaitHints.Reading reading = read(429, "retry-after-ms", "999999999999");
        assertThat(reading.waitTime()).contains(RetryAfter.CAP);
        assertThat(reading.decidedBy().orElseThrow().rule()).isEqualTo("RA7");
    }

    @DisplayName("RH3: x-should-retry true or false is the provider's word; anything else is ignored")
    @ParameterizedTest(name = "''{0}'' -> {1}")
    @MethodSource
    void shouldRetry(String value, Optional<Boolean> word) {
        assertThat(read(500, "x-should-retry", value).shouldRetry()).isEqualTo(word);
    }

    static Stream<Arguments> shouldRetry() {
        return Stream.of(
                Arguments.of("true", Optional.of(true)),
                Arguments.of("false", Optional.of(false)),
                Arguments.of(" FALSE ", Optional.of(false)),
                Arguments.of("yes", Optional.empty()),
                Arguments.of("", Optional.empty()),
                Arguments.of("0", Optional.empty()));
    }

    @Test
    @DisplayName("RH3: x-should-retry false keeps the wait that came with it")
    void shouldRetryFalseKeepsTheWait() {
        WaitHints.Reading reading = readWithRetryAfter(429, "30", "x-should-retry", "false");
        assertThat(reading.forbidsRetry()).isTrue();
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(30));
    }

    // OpenAI's documented example (platform.openai.com, rate limits: "Rate limits in headers").
    @Test
    @DisplayName("RH6, RH4: OpenAI's documented example with requests and tokens left asks for no wait")
    void openAiExampleWithQuotaLeft() {
        WaitHints.Reading reading = read(
                200,
                "x-ratelimit-limit-requests",
                "60",
                "x-ratelimit-limit-tokens",
                "150000",
                "x-ratelimit-remaining-requests",
                "59",
                "x-ratelimit-remaining-tokens",
                "149984",
                "x-ratelimit-reset-requests",
                "1s",
                "x-ratelimit-reset-tokens",
                "6m0s");
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.pace()).isEmpty();
        assertThat(reading.hints()).extracting(WaitHint::role).containsOnly(WaitHint.Role.INFO);
    }

    @DisplayName("RH6: OpenAI's resets are Go durations, from receipt")
    @ParameterizedTest(name = "''{0}'' -> {1} ns")
    @MethodSource
    void openAiDurations(String reset, long nanos) {
        WaitHints.Reading reading =
                read(429, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", reset);
        assertThat(reading.waitTime()).contains(Duration.ofNanos(nanos));
        assertThat(reading.decidedBy().orElseThrow().rule()).isEqualTo("RH6");
    }

    static Stream<Arguments> openAiDurations() {
        return Stream.of(
                Arguments.of("1s", 1_000_000_000L),
                Arguments.of("6m0s", 360_000_000_000L),
                Arguments.of("20ms", 20_000_000L),
                Arguments.of("1h2m3.5s", 3_723_500_000_000L),
                Arguments.of("0s", 0L),
                Arguments.of("0", 0L),
                Arguments.of("7.66s", 7_660_000_000L),
                Arguments.of("500us", 500_000L),
                Arguments.of("500µs", 500_000L),
                Arguments.of("3ns", 3L),
                Arguments.of(".5s", 500_000_000L));
    }

    @DisplayName("RH6, RH10: a garbled OpenAI reset counts as absent")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "1", "-1s", "s", "1x", "6m0", "1s 2s", "1.2.3s", "ms", "1d"})
    void garbledOpenAiReset(String reset) {
        WaitHints.Reading reading =
                read(429, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", reset);
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.hints()).singleElement().extracting(WaitHint::role).isEqualTo(WaitHint.Role.IGNORED);
    }

    @Test
    @DisplayName("RH2, RH6: a 429 whose tokens are used up for 6m0s waits 6 minutes, not Retry-After's 1 s")
    void usedUpTokensOutwaitRetryAfter() {
        WaitHints.Reading reading = readWithRetryAfter(
                429,
                "1",
                "x-ratelimit-remaining-requests",
                "0",
                "x-ratelimit-reset-requests",
                "1s",
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "6m0s");
        assertThat(reading.waitTime()).contains(Duration.ofMinutes(6));
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("x-ratelimit-reset-tokens");
    }

    @Test
    @DisplayName("RH9, RH6: a 200 with no request left paces until the reset")
    void successWithNothingLeftPaces() {
        WaitHints.Reading reading =
                read(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "850ms");
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.pace()).contains(Duration.ofMillis(850));
    }

    @Test
    @DisplayName("RH4: Azure OpenAI's remaining counts without a reset ask for no wait")
    void azureRemainingWithoutReset() {
        WaitHints.Reading reading =
                read(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-remaining-tokens", "0");
        assertThat(reading.pace()).isEmpty();
        assertThat(reading.hints()).extracting(WaitHint::role).containsOnly(WaitHint.Role.INFO);
    }

    // Anthropic's documented headers (docs.anthropic.com, rate limits: "Response headers").
    @DisplayName("RH7: Anthropic's resets are RFC 3339 instants, measured against the response's Date")
    @ParameterizedTest(name = "''{0}'' -> {1} ms")
    @MethodSource
    void anthropicResets(String reset, long millis) {
        WaitHints.Reading reading = WaitHints.read(
                429,
                List.of(),
                DATE,
                HintHeaders.of(
                        "anthropic-ratelimit-requests-limit", "50",
                        "anthropic-ratelimit-requests-remaining", "0",
                        "anthropic-ratelimit-requests-reset", reset),
                clock);
        assertThat(reading.waitTime()).contains(Duration.ofMillis(millis));
        assertThat(reading.decidedBy().orElseThrow().rule()).isEqualTo("RH7");
    }

    static Stream<Arguments> anthropicResets() {
        return Stream.of(
                Arguments.of("2024-06-01T12:00:30Z", 30_000L),
                Arguments.of("2024-06-01T12:00:00.001Z", 1L), // just after the Date
                Arguments.of("2024-06-01T14:00:30+02:00", 30_000L),
                Arguments.of("2024-06-01T12:01:00.5Z", 60_500L));
    }

    @Test
    @DisplayName("RH7: the Date is the reference, not a local clock that is an hour behind")
    void anthropicMeasuredAgainstDateNotLocalClock() {
        clock.set(java.time.Instant.parse("2024-06-01T11:00:00Z"));
        WaitHints.Reading reading = WaitHints.read(
                200,
                List.of(),
                DATE,
                HintHeaders.of(
                        "anthropic-ratelimit-tokens-remaining", "0",
                        "anthropic-ratelimit-tokens-reset", "2024-06-01T12:00:10Z"),
                clock);
        assertThat(reading.pace()).contains(Duration.ofSeconds(10));
    }

    @DisplayName("RH7, RH10: a reset on or before the response's Date is in the past and ignored")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {
                "2024-06-01T12:00:00Z",
                "2024-06-01T11:59:59.999Z",
                "2020-01-01T00:00:00Z",
                "2024-06-01 12:00:30",
                "tomorrow",
                "2024-06-01T12:00:30"
            })
    void anthropicResetInThePastOrGarbled(String reset) {
        WaitHints.Reading reading = WaitHints.read(
                429,
                List.of(),
                DATE,
                HintHeaders.of(
                        "anthropic-ratelimit-requests-remaining", "0", "anthropic-ratelimit-requests-reset", reset),
                clock);
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.hints()).singleElement().extracting(WaitHint::role).isEqualTo(WaitHint.Role.IGNORED);
    }

    @Test
    @DisplayName("RH7, RH2: Anthropic's 429 with retry-after 30 and a tokens reset in 45 s waits 45 s")
    void anthropicLongestWins() {
        WaitHints.Reading reading = WaitHints.read(
                429,
                List.of("30"),
                DATE,
                HintHeaders.of(
                        "anthropic-ratelimit-requests-remaining", "12",
                        "anthropic-ratelimit-requests-reset", "2024-06-01T12:00:20Z",
                        "anthropic-ratelimit-input-tokens-remaining", "0",
                        "anthropic-ratelimit-input-tokens-reset", "2024-06-01T12:00:45Z"),
                clock);
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(45));
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("anthropic-ratelimit-input-tokens-reset");
    }

    // GitHub's documented example (docs.github.com, REST API rate limits: "Checking the status of your rate limit").
    @Test
    @DisplayName("RH8: GitHub's example with 56 left asks for no wait")
    void gitHubExampleWithQuotaLeft() {
        WaitHints.Reading reading = read(
                200,
                "x-ratelimit-limit",
                "60",
                "x-ratelimit-remaining",
                "56",
                "x-ratelimit-used",
                "4",
                "x-ratelimit-reset",
                "1372700873",
                "x-ratelimit-resource",
                "core");
        assertThat(reading.pace()).isEmpty();
        assertThat(reading.hints()).extracting(WaitHint::role).containsOnly(WaitHint.Role.INFO);
    }

    @DisplayName("RH8: GitHub's reset is epoch seconds, just before, on and after the Date")
    @ParameterizedTest(name = "reset {0} -> pace {1}")
    @MethodSource
    void gitHubReset(long reset, Optional<Duration> pace) {
        long date = java.time.Instant.parse("2024-06-01T12:00:00Z").getEpochSecond();
        WaitHints.Reading reading = WaitHints.read(
                403,
                List.of(),
                DATE,
                HintHeaders.of("x-ratelimit-remaining", "0", "x-ratelimit-reset", Long.toString(date + reset)),
                clock);
        assertThat(reading.pace()).isEqualTo(pace);
    }

    static Stream<Arguments> gitHubReset() {
        return Stream.of(
                Arguments.of(-1L, Optional.empty()),
                Arguments.of(0L, Optional.empty()),
                Arguments.of(1L, Optional.of(Duration.ofSeconds(1))),
                Arguments.of(3600L, Optional.of(Duration.ofHours(1))));
    }

    // draft-ietf-httpapi-ratelimit-headers: the examples of its RateLimit and RateLimit-Policy sections.
    @Test
    @DisplayName("RH5: IETF RateLimit with r=0 asks for t seconds; the policy asks for none")
    void ietfUsedUp() {
        WaitHints.Reading reading =
                read(429, "RateLimit-Policy", "\"default\";q=100;w=10", "RateLimit", "\"default\";r=0;t=5");
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(5));
        assertThat(reading.decidedBy().orElseThrow().rule()).isEqualTo("RH5");
    }

    @Test
    @DisplayName("RH5, RH2: two IETF items: the used-up one decides")
    void ietfTwoItems() {
        WaitHints.Reading reading = read(200, "RateLimit", "\"burst\";r=40;t=1, \"daily\";r=0;t=3600");
        assertThat(reading.pace()).contains(Duration.ofHours(1));
        assertThat(reading.hints()).hasSize(2);
    }

    @Test
    @DisplayName("RH5: IETF items with something left ask for no wait")
    void ietfLeft() {
        assertThat(read(200, "RateLimit", "\"default\";r=50;t=30").pace()).isEmpty();
    }

    @DisplayName("RH5, RH10: a garbled IETF item is ignored")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {
                "\"default\";r=-1;t=5",
                "\"default\";r=0;t=1.5",
                "\"default\";r=0;t=soon",
                ";r=0;t=5",
                "\"default\";r=0;t="
            })
    void ietfGarbled(String value) {
        WaitHints.Reading reading = read(429, "RateLimit", value);
        assertThat(reading.waitTime()).isEmpty();
        assertThat(reading.hints()).singleElement().extracting(WaitHint::role).isEqualTo(WaitHint.Role.IGNORED);
    }

    @Test
    @DisplayName("RH5: the older drafts' trio is tolerated: RateLimit-Remaining 0 with RateLimit-Reset 7")
    void ietfOlderTrio() {
        WaitHints.Reading reading =
                read(503, "RateLimit-Limit", "100", "RateLimit-Remaining", "0", "RateLimit-Reset", "7");
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(7));
    }

    @DisplayName("RH4, RH10: a remaining count that is not a count is ignored")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"-1", "0.5", "none", "", "99999999999999999999"})
    void garbledRemaining(String remaining) {
        WaitHints.Reading reading =
                read(200, "x-ratelimit-remaining-requests", remaining, "x-ratelimit-reset-requests", "1s");
        assertThat(reading.pace()).isEmpty();
    }

    @Test
    @DisplayName("RH10: contradictory remaining counts of one header are ignored, once")
    void contradictoryRemaining() {
        WaitHints.Reading reading = read(
                200, "x-ratelimit-remaining", "0", "x-ratelimit-remaining", "10", "x-ratelimit-reset", "1717243260");
        assertThat(reading.pace()).isEmpty();
        assertThat(reading.hints())
                .filteredOn(h -> h.role() == WaitHint.Role.IGNORED)
                .hasSize(1);
    }

    @DisplayName("RH10: no combination of bad values throws")
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {
                "",
                "-",
                "\"",
                "\";;;",
                "=,=",
                "99999999999999999999999999h",
                "\u0000",
                "µ",
                "1e309",
                "NaN",
                "Infinity",
                "0x10",
                "٣s",
                "9223372036854775807",
                "2024-13-45T99:99:99Z"
            })
    void nothingThrows(String value) {
        String[] names = {
            "retry-after-ms",
            "x-ms-retry-after-ms",
            "x-should-retry",
            "RateLimit",
            "RateLimit-Policy",
            "RateLimit-Remaining",
            "RateLimit-Reset",
            "x-ratelimit-remaining-requests",
            "x-ratelimit-reset-requests",
            "anthropic-ratelimit-tokens-remaining",
            "anthropic-ratelimit-tokens-reset",
            "x-ratelimit-remaining",
            "x-ratelimit-reset"
        };
        for (int status : new int[] {200, 429, 503}) {
            for (String name : names) {
                assertThatCode(() -> WaitHints.read(
                                status,
                                List.of(value),
                                value,
                                HintHeaders.of(
                                        name,
                                        value,
                                        "x-ratelimit-remaining-requests",
                                        "0",
                                        "RateLimit-Remaining",
                                        "0",
                                        "x-ratelimit-remaining",
                                        "0",
                                        "anthropic-ratelimit-tokens-remaining",
                                        "0"),
                                clock))
                        .doesNotThrowAnyException();
            }
        }
    }

    @Test
    @DisplayName("RH2: without any hint the reading is empty")
    void nothingToRead() {
        WaitHints.Reading reading = read(429);
        assertThat(reading.hints()).isEmpty();
        assertThat(reading.decidedBy()).isEmpty();
    }
}
