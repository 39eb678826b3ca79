package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The number edges of the rate-limit dialects (spec RH1–RH10) and the notes that say why a hint counts or not, which
 * the timeline and {@code explain-retry-after} show.
 */
class WaitHintsEdgesTest {

    /** The response's Date: 2024-06-01T12:00:00Z. */
    private static final String DATE = "Sat, 01 Jun 2024 12:00:00 GMT";

    private static final long DATE_SECONDS =
            Instant.parse("2024-06-01T12:00:00Z").getEpochSecond();

    private final FakeClock clock = FakeClock.at("2024-06-01T12:00:00Z");

    private WaitHints.Reading read(int status, String... namesAndValues) {
        return WaitHints.read(status, List.of(), null, HintHeaders.of(namesAndValues), clock);
    }

    private WaitHints.Reading readDated(int status, String... namesAndValues) {
        return WaitHints.read(status, List.of(), DATE, HintHeaders.of(namesAndValues), clock);
    }

    private static WaitHint only(WaitHints.Reading reading) {
        assertThat(reading.hints()).hasSize(1);
        return reading.hints().get(0);
    }

    @DisplayName("RH1, RA6, RH10: an invalid millisecond wait says what is wrong with it")
    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "''                              | the value is empty: counts as absent",
                "-1                              | '-1' is negative: counts as absent",
                "1234567890123456789             | '1234567890123456789' is too large to be meant: counts as absent",
                "abc                             | 'abc' is not milliseconds: counts as absent",
                "1.000000000000000000000000000   | '1.000000000000000000000000000' is not milliseconds: counts as absent",
                "1234567890123456789.5           | '1234567890123456789.5' is not milliseconds: counts as absent",
                "',5'                            | more than one value (several headers or a comma list): counts as absent",
            })
    void invalidMillisecondsSayWhy(String value, String note) {
        WaitHint hint = only(read(429, "retry-after-ms", value));
        assertThat(hint.role()).isEqualTo(WaitHint.Role.IGNORED);
        assertThat(hint.note()).isEqualTo(note);
        assertThat(hint.waitTime()).isEmpty();
    }

    @DisplayName("RH1: the longest valid millisecond values, and a point at either end, are waits")
    @ParameterizedTest(name = "''{0}'' -> {1} ns")
    @CsvSource(
            delimiter = '|',
            value = {
                "1.00000000000000000000000000  | 1000000", // 28 characters, the longest read
                "5.                            | 5000000",
                ".5                            | 500000",
                "999999.5                      | 999999500000",
            })
    void longestMillisecondValues(String value, long nanos) {
        WaitHint hint = only(read(503, "retry-after-ms", value));
        assertThat(hint.role()).isEqualTo(WaitHint.Role.WAIT);
        assertThat(hint.waitTime()).contains(Duration.ofNanos(nanos));
        assertThat(hint.rule()).isEqualTo("RH1");
        assertThat(hint.note()).isEqualTo("milliseconds: wait " + WaitHints.words(Duration.ofNanos(nanos)));
    }

    @Test
    @DisplayName("RH1, RA7: a millisecond wait past a day is capped at a day, and says so")
    void pastADayIsCapped() {
        WaitHint hint = only(read(429, "retry-after-ms", "86400000.000001"));
        assertThat(hint.waitTime()).contains(RetryAfter.CAP);
        assertThat(hint.rule()).isEqualTo("RA7");
        assertThat(hint.note()).isEqualTo("asks for more than 86400 s; capped at 86400 s");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "retry-after-ms, 9223372036855",
        "retry-after-ms, 999999999999999999.5",
        "x-ms-retry-after-ms, 9999999999999"
    })
    @DisplayName("RH10, RA7: a millisecond wait too long for a long's nanoseconds is capped at a day; reading it never"
            + " throws")
    void beyondALongsNanosecondsIsCappedNotThrown(String header, String value) {
        WaitHint hint = only(read(429, header, value));
        assertThat(hint.waitTime()).contains(RetryAfter.CAP);
        assertThat(hint.rule()).isEqualTo("RA7");
    }

    @Test
    @DisplayName("RH1, RA1: a millisecond wait on a 200 names the status it was ignored on")
    void ignoredOnStatusNamesIt() {
        assertThat(only(read(200, "x-ms-retry-after-ms", "100")).note())
                .isEqualTo("status 200 is neither 429 nor 503, so the wait is ignored: counts as absent");
    }

    @Test
    @DisplayName(
            "RA7, RH8: a reset exactly a day after the Date waits a day by its own rule; one second more is capped")
    void aDayIsTheLastUncappedReset() {
        WaitHint day = only(readDated(
                429, "x-ratelimit-remaining", "0", "x-ratelimit-reset", Long.toString(DATE_SECONDS + 86_400)));
        assertThat(day.waitTime()).contains(Duration.ofDays(1));
        assertThat(day.rule()).isEqualTo("RH8");
        assertThat(day.note())
                .isEqualTo("x-ratelimit-remaining is 0, nothing is left until the reset (epoch seconds): wait 86400 s");

        WaitHint more = only(readDated(
                429, "x-ratelimit-remaining", "0", "x-ratelimit-reset", Long.toString(DATE_SECONDS + 86_401)));
        assertThat(more.waitTime()).contains(RetryAfter.CAP);
        assertThat(more.rule()).isEqualTo("RA7");
    }

    @DisplayName("RH8, RH10: GitHub's epoch seconds are read up to 12 digits; 13 are no reset time")
    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "999999999999   | RA7", // the year 33658: far off, capped
                "9999999999999  | RH10",
            })
    void gitHubEpochDigits(String reset, String rule) {
        WaitHint hint = only(readDated(429, "x-ratelimit-remaining", "0", "x-ratelimit-reset", reset));
        assertThat(hint.rule()).isEqualTo(rule);
        if (rule.equals("RH10")) {
            assertThat(hint.note()).isEqualTo("'" + reset + "' is not epoch seconds: counts as absent");
        } else {
            assertThat(hint.waitTime()).contains(RetryAfter.CAP);
        }
    }

    @DisplayName("RH5, RA7, RH10: delta-seconds up to 18 digits are capped at a day; 19 digits are too large")
    @ParameterizedTest(name = "''{0}''")
    @CsvSource(
            delimiter = '|',
            value = {
                "999999999999999999   | RA7", // past what nanoseconds can hold: capped, never wrapped round
                "9223372036          | RA7",
                "9223372037          | RA7",
                "1234567890123456789  | RH10",
            })
    void olderDraftResetDigits(String reset, String rule) {
        WaitHint hint = only(read(429, "RateLimit-Remaining", "0", "RateLimit-Reset", reset));
        assertThat(hint.rule()).isEqualTo(rule);
        if (rule.equals("RA7")) {
            assertThat(hint.waitTime()).contains(RetryAfter.CAP);
        } else {
            assertThat(hint.waitTime()).isEmpty();
            assertThat(hint.note()).isEqualTo("'" + reset + "' is too large to be meant: counts as absent");
        }
    }

    @DisplayName("RH5, RA7: an IETF item's t up to 18 digits is capped at a day, never wrapped round")
    @ParameterizedTest(name = "t={0}")
    @CsvSource({"999999999999999999", "9223372037", "86401"})
    void ietfItemResetIsCapped(String t) {
        WaitHint hint = only(read(429, "RateLimit", "\"default\";r=0;t=" + t));
        assertThat(hint.role()).isEqualTo(WaitHint.Role.EXHAUSTED);
        assertThat(hint.waitTime()).contains(RetryAfter.CAP);
    }

    @Test
    @DisplayName("RH5: an IETF item that is used up says its reset and wait; one with some left says how many")
    void ietfNotes() {
        assertThat(only(read(200, "RateLimit", "\"default\";r=0;t=5")).note())
                .isEqualTo("r=0, nothing is left until the reset t=5 s: wait 5 s");
        assertThat(only(read(200, "RateLimit", "\"default\";r=3;t=5")).note()).isEqualTo("3 left: asks for no wait");
        assertThat(only(read(200, "RateLimit", "\"default\";t=5")).note())
                .isEqualTo("no remaining count: asks for no wait");
        WaitHint noReset = only(read(200, "RateLimit", "\"default\";r=0"));
        assertThat(noReset.rule()).isEqualTo("RH4");
        assertThat(noReset.note()).isEqualTo("nothing left, but no t= says until when: asks for no wait");
    }

    @Test
    @DisplayName("RH5: parameters other than r and t, and a quoted ';' or ',' in the key, do not break an item")
    void ietfOtherParametersAndQuotedSeparators() {
        WaitHints.Reading reading = read(200, "RateLimit", "\"a;b,c\";q=9;r=0;w;t=2");
        WaitHint hint = only(reading);
        assertThat(hint.waitTime()).contains(Duration.ofSeconds(2));
        assertThat(reading.paceScope()).isEqualTo(PaceScope.quota("a;b,c"));
        WaitHints.Reading escaped = read(200, "RateLimit", "\"x\\\";y\";r=0;t=3");
        assertThat(only(escaped).waitTime()).contains(Duration.ofSeconds(3));
    }

    @DisplayName("RH12: an IETF item's key names its quota; an empty or blank one names none, so the whole origin")
    @ParameterizedTest(name = "key {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "'\"\"'     | ''",
                "'\" \"'    | ''",
                "'\"q\"'    | q",
                "'q'        | q",
            })
    void ietfKeyScope(String key, String quota) {
        WaitHints.Reading reading = read(200, "RateLimit", key + ";r=0;t=1");
        assertThat(reading.pace()).contains(Duration.ofSeconds(1));
        assertThat(reading.paceScope()).isEqualTo(quota.isEmpty() ? PaceScope.ORIGIN : PaceScope.quota(quota));
    }

    @DisplayName("RH12: GitHub's x-ratelimit-resource names the quota; blank, a list or several values name the origin")
    @ParameterizedTest(name = "''{0}''")
    @CsvSource(
            delimiter = '|',
            value = {
                "' Search '     | search",
                "''             | ''",
                "'  '           | ''",
                "'core, search' | ''",
                "',core'        | ''",
            })
    void gitHubResourceScope(String resource, String quota) {
        WaitHints.Reading reading = readDated(
                200,
                "x-ratelimit-remaining",
                "0",
                "x-ratelimit-reset",
                Long.toString(DATE_SECONDS + 60),
                "x-ratelimit-resource",
                resource);
        assertThat(reading.pace()).contains(Duration.ofMinutes(1));
        assertThat(reading.paceScope()).isEqualTo(quota.isEmpty() ? PaceScope.ORIGIN : PaceScope.quota(quota));
    }

    @Test
    @DisplayName("RH12: two x-ratelimit-resource values contradict each other: the whole origin")
    void twoGitHubResourcesNameTheOrigin() {
        WaitHints.Reading reading = readDated(
                200,
                "x-ratelimit-remaining",
                "0",
                "x-ratelimit-reset",
                Long.toString(DATE_SECONDS + 60),
                "x-ratelimit-resource",
                "core",
                "x-ratelimit-resource",
                "search");
        assertThat(reading.paceScope()).isEqualTo(PaceScope.ORIGIN);
    }

    @Test
    @DisplayName("RH7, RH10: a reset in the past says whether it was measured from the Date or from the receipt")
    void pastResetNamesItsReference() {
        String past = "2024-06-01T11:59:00Z";
        assertThat(only(readDated(
                                429,
                                "anthropic-ratelimit-tokens-remaining",
                                "0",
                                "anthropic-ratelimit-tokens-reset",
                                past))
                        .note())
                .isEqualTo("the reset is not after the response's own Date: it is in the past: counts as absent");
        assertThat(only(read(
                                429,
                                "anthropic-ratelimit-tokens-remaining",
                                "0",
                                "anthropic-ratelimit-tokens-reset",
                                past))
                        .note())
                .isEqualTo("the reset is not after the response's receipt (no usable Date): it is in the past:"
                        + " counts as absent");
    }

    @Test
    @DisplayName("RA2, RH7: an unreadable or blank Date leaves the receipt as the reference")
    void unusableDateFallsBackToReceipt() {
        for (String date : Arrays.asList("yesterday", "  ", "")) {
            WaitHints.Reading reading = WaitHints.read(
                    200,
                    List.of(),
                    date,
                    HintHeaders.of(
                            "anthropic-ratelimit-tokens-remaining", "0",
                            "anthropic-ratelimit-tokens-reset", "2024-06-01T12:00:07Z"),
                    clock);
            assertThat(reading.pace()).as(date).contains(Duration.ofSeconds(7));
        }
    }

    @Test
    @DisplayName("RH4: a count left says so, with the reset beside it when there is one")
    void countsLeftSaySo() {
        assertThat(only(read(200, "x-ratelimit-remaining-requests", "5", "x-ratelimit-reset-requests", "1s"))
                        .note())
                .isEqualTo("5 left until x-ratelimit-reset-requests: 1s: asks for no wait");
        WaitHint alone = only(read(200, "x-ratelimit-remaining-requests", "1"));
        assertThat(alone.note()).isEqualTo("1 left: asks for no wait");
        assertThat(alone.rule()).isEqualTo("RH6");
        WaitHint noReset = only(read(200, "x-ratelimit-remaining-requests", "0"));
        assertThat(noReset.rule()).isEqualTo("RH4");
        assertThat(noReset.note())
                .isEqualTo("nothing left, but no x-ratelimit-reset-requests says until when: asks for no wait");
    }

    @Test
    @DisplayName("RH4, RH10: a count or reset of 19 digits is not meant; 18 are read")
    void countDigits() {
        WaitHint nineteen = only(read(200, "x-ratelimit-remaining-requests", "1000000000000000000"));
        assertThat(nineteen.role()).isEqualTo(WaitHint.Role.IGNORED);
        assertThat(nineteen.note()).isEqualTo("'1000000000000000000' is not a count of what is left: counts as absent");
        assertThat(only(read(200, "x-ratelimit-remaining-requests", "100000000000000000"))
                        .role())
                .isEqualTo(WaitHint.Role.INFO);
        assertThat(only(read(200, "RateLimit", "\"d\";r=1000000000000000000;t=1"))
                        .role())
                .isEqualTo(WaitHint.Role.IGNORED);
        assertThat(only(read(200, "RateLimit", "\"d\";r=100000000000000000;t=1"))
                        .role())
                .isEqualTo(WaitHint.Role.INFO);
    }

    @DisplayName("RH10: a reset given twice, or as a list, contradicts itself")
    @ParameterizedTest(name = "{0}")
    @CsvSource({"',1s'", "'1s, 2s'"})
    void contradictoryReset(String reset) {
        WaitHint hint = only(read(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", reset));
        assertThat(hint.role()).isEqualTo(WaitHint.Role.IGNORED);
        assertThat(hint.header()).isEqualTo("x-ratelimit-reset-requests");
        assertThat(hint.note()).isEqualTo("more than one reset: the provider contradicts itself: counts as absent");
    }

    @Test
    @DisplayName("RH6: a garbled OpenAI reset says it is no duration")
    void garbledResetSaysWhy() {
        assertThat(only(read(200, "x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", "soon"))
                        .note())
                .isEqualTo("'soon' is not a duration such as 6m0s: counts as absent");
    }

    @DisplayName("RH4: a remaining count and its reset are one hint, in every dialect; a reset alone asks for no wait")
    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource({
        "RateLimit-Remaining, RateLimit-Reset, 5",
        "x-ratelimit-remaining, x-ratelimit-reset, 1717243260",
        "x-ratelimit-remaining-tokens, x-ratelimit-reset-tokens, 5s",
        "anthropic-ratelimit-tokens-remaining, anthropic-ratelimit-tokens-reset, 2024-06-01T12:00:05Z",
    })
    void aPairIsOneHint(String remaining, String reset, String value) {
        assertThat(readDated(200, remaining, "0", reset, value).hints())
                .singleElement()
                .extracting(WaitHint::role)
                .isEqualTo(WaitHint.Role.EXHAUSTED);
        assertThat(readDated(200, remaining, "4", reset, value).hints())
                .singleElement()
                .extracting(WaitHint::role)
                .isEqualTo(WaitHint.Role.INFO);
        WaitHint alone = only(readDated(200, reset, value));
        assertThat(alone.role()).isEqualTo(WaitHint.Role.INFO);
        assertThat(alone.rule()).isEqualTo("RH4");
        assertThat(alone.note()).isEqualTo("a reset time without a remaining count beside it: asks for no wait");
    }

    @Test
    @DisplayName("RH4, RH5: a limit, a usage figure and a policy ask for no wait, each as one note")
    void figuresAreNotes() {
        WaitHints.Reading reading =
                read(429, "x-ratelimit-used", "4", "RateLimit-Limit", "100", "RateLimit-Policy", "\"d\";q=100;w=10");
        assertThat(reading.hints())
                .extracting(WaitHint::rule, WaitHint::note)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("RH4", "a limit or usage figure: asks for no wait"),
                        org.assertj.core.groups.Tuple.tuple("RH5", "a quota policy: asks for no wait"),
                        org.assertj.core.groups.Tuple.tuple("RH5", "a quota policy: asks for no wait"));
        assertThat(reading.decidedBy()).isEmpty();
    }

    @DisplayName("RH3: x-should-retry is one hint of its own, never also a limit figure")
    @ParameterizedTest(name = "''{0}''")
    @CsvSource({"true, RH3", "false, RH3", "maybe, RH10"})
    void shouldRetryIsOneHint(String value, String rule) {
        WaitHint hint = only(read(503, "x-should-retry", value));
        assertThat(hint.rule()).isEqualTo(rule);
        assertThat(hint.header()).isEqualTo("x-should-retry");
    }

    @Test
    @DisplayName("RH3: only a valid false forbids a retry; true, nonsense, two values and none do not")
    void onlyFalseForbids() {
        assertThat(read(503, "x-should-retry", "false").forbidsRetry()).isTrue();
        assertThat(read(503, "x-should-retry", "true").forbidsRetry()).isFalse();
        assertThat(read(503, "x-should-retry", "no").forbidsRetry()).isFalse();
        assertThat(read(503).forbidsRetry()).isFalse();
        WaitHints.Reading two = read(503, "x-should-retry", "false", "x-should-retry", "false");
        assertThat(two.forbidsRetry()).isFalse();
        assertThat(only(two).note())
                .isEqualTo("more than one value: the provider contradicts itself: counts as absent");
    }

    @Test
    @DisplayName("RH2, RH9: of two equal paces the first read decides; a longer later one wins")
    void equalPacesFirstDecides() {
        WaitHints.Reading equal = read(
                200,
                "x-ratelimit-remaining-requests",
                "0",
                "x-ratelimit-reset-requests",
                "2s",
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "2s");
        assertThat(equal.decidedBy().orElseThrow().header()).isEqualTo("x-ratelimit-reset-requests");
        assertThat(equal.waitTime()).isEmpty();
        WaitHints.Reading longer = read(
                200,
                "x-ratelimit-remaining-requests",
                "0",
                "x-ratelimit-reset-requests",
                "2s",
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "3s");
        assertThat(longer.decidedBy().orElseThrow().header()).isEqualTo("x-ratelimit-reset-tokens");
        assertThat(longer.pace()).contains(Duration.ofSeconds(3));
    }

    @Test
    @DisplayName("RH2, RH9: on a 429 a used-up quota is both the wait and the pace; a Retry-After is only the wait")
    void waitAndPaceOnA429() {
        WaitHints.Reading reading = WaitHints.read(
                429,
                List.of("9"),
                null,
                HintHeaders.of("x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", "4s"),
                clock);
        assertThat(reading.waitTime()).contains(Duration.ofSeconds(9));
        assertThat(reading.pace()).contains(Duration.ofSeconds(4));
        assertThat(reading.decidedBy().orElseThrow().header()).isEqualTo("retry-after");
        assertThat(reading.paceScope()).isEqualTo(PaceScope.MODEL);
    }

    @Test
    @DisplayName("RH12: used-up quotas that name different scopes pace the whole origin")
    void differentScopesPaceTheOrigin() {
        WaitHints.Reading reading = readDated(
                200,
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "4s",
                "RateLimit",
                "\"default\";r=0;t=2");
        assertThat(reading.paceScope()).isEqualTo(PaceScope.ORIGIN);
        assertThat(reading.pace()).contains(Duration.ofSeconds(4));
    }

    @Test
    @DisplayName("RA1, RH2: without any Retry-After, or with a missing value, the reading still holds every other hint")
    void missingRetryAfterValues() {
        WaitHints.Reading none = WaitHints.read(
                429, null, null, HintHeaders.of("retry-after-ms", "10"), Instant.parse("2024-06-01T12:00:00Z"));
        assertThat(none.hints()).extracting(WaitHint::header).containsExactly("retry-after-ms");
        WaitHints.Reading blank = WaitHints.read(429, Arrays.asList((String) null), null, HintHeaders.NONE, clock);
        assertThat(blank.hints()).singleElement().satisfies(h -> {
            assertThat(h.header()).isEqualTo("retry-after");
            assertThat(h.value()).isEmpty();
            assertThat(h.role()).isEqualTo(WaitHint.Role.IGNORED);
        });
        WaitHints.Reading valid = WaitHints.read(503, List.of("4"), null, HintHeaders.NONE, clock);
        assertThat(valid.hints()).singleElement().satisfies(h -> {
            assertThat(h.role()).isEqualTo(WaitHint.Role.WAIT);
            assertThat(h.value()).isEqualTo("4");
            assertThat(h.waitTime()).contains(Duration.ofSeconds(4));
            assertThat(h.rule()).isNotBlank();
        });
        assertThat(valid.shouldRetry()).isEqualTo(Optional.empty());
    }

    @Test
    @DisplayName("RH12: a GitHub quota without x-ratelimit-resource holds the origin, also beside a per-model quota")
    void gitHubWithoutResourceWidensAModelPace() {
        WaitHints.Reading reading = readDated(
                200,
                "x-ratelimit-remaining",
                "0",
                "x-ratelimit-reset",
                Long.toString(DATE_SECONDS + 60),
                "x-ratelimit-remaining-tokens",
                "0",
                "x-ratelimit-reset-tokens",
                "4s");
        assertThat(reading.pace()).contains(Duration.ofMinutes(1));
        assertThat(reading.paceScope()).isEqualTo(PaceScope.ORIGIN);
    }

    @Test
    @DisplayName("RH7: an Anthropic resource whose name holds \"reset\" still pairs its remaining count with its reset")
    void anthropicResourceNamedLikeAReset() {
        WaitHints.Reading reading = readDated(
                200,
                "anthropic-ratelimit-preset-remaining",
                "0",
                "anthropic-ratelimit-preset-reset",
                "2024-06-01T12:00:05Z");
        assertThat(reading.hints()).singleElement().satisfies(h -> {
            assertThat(h.role()).isEqualTo(WaitHint.Role.EXHAUSTED);
            assertThat(h.header()).isEqualTo("anthropic-ratelimit-preset-reset");
        });
        assertThat(reading.pace()).contains(Duration.ofSeconds(5));
    }

    @Test
    @DisplayName("RH10: contradictory remaining counts are reported once, where the first of them came")
    void contradictionReportedAtTheFirstLine() {
        WaitHints.Reading reading = read(
                200,
                "x-ratelimit-remaining",
                "0",
                "x-ratelimit-limit",
                "60",
                "x-ratelimit-remaining",
                "10",
                "x-ratelimit-reset",
                "1717243260");
        assertThat(reading.hints())
                .extracting(WaitHint::header, WaitHint::role)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("x-ratelimit-remaining", WaitHint.Role.IGNORED),
                        org.assertj.core.groups.Tuple.tuple("x-ratelimit-limit", WaitHint.Role.INFO));
    }

    @DisplayName("RH6, RH8, RH10: 18 digits without a unit are no reset of either form, not a number too large")
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "x-ratelimit-remaining, x-ratelimit-reset, epoch seconds",
        "x-ratelimit-remaining-tokens, x-ratelimit-reset-tokens, a duration such as 6m0s",
    })
    void eighteenDigitsAreNoReset(String remaining, String reset, String form) {
        String digits = "123456789012345678";
        WaitHint hint = only(readDated(200, remaining, "0", reset, digits));
        assertThat(hint.role()).isEqualTo(WaitHint.Role.IGNORED);
        assertThat(hint.note()).isEqualTo("'" + digits + "' is not " + form + ": counts as absent");
    }
}
