package dev.stormwatch.load.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoadOptionsTest {

    // B3, B4: our clients back off with full jitter; another strategy only when a run asks to compare.
    @DisplayName("B3, B4: the defaults are a valid closed-loop run against the embedded relay with full jitter")
    @Test
    void theDefaultsAreAValidClosedLoopRunAgainstTheEmbeddedRelayWithFullJitter() throws Exception {
        LoadOptions options = LoadOptions.builder().build();

        assertThat(options.target()).isInstanceOf(Target.Embedded.class);
        assertThat(options.clients()).isEqualTo(ScenarioPresets.STEADY.clients());
        assertThat(options.rate()).isEmpty();
        assertThat(options.duration()).isEqualTo(ScenarioPresets.STEADY.length());
        assertThat(options.jitter()).isEqualTo(BackoffStrategy.FULL);
        assertThat(options.limiter()).isEqualTo(LimiterChoice.OFF);
        assertThat(options.instances()).isEqualTo(1);
        assertThat(options.scenario()).isEqualTo(ScenarioPresets.STEADY);
        assertThat(options.report()).isEmpty();
    }

    // RH11
    @DisplayName("RH11: adaptive pacing is off by default, on when asked, and the run's description says so")
    @Test
    void adaptivePacingIsOffByDefaultAndDescribedWhenOn() throws Exception {
        LoadOptions plain = LoadOptions.builder().build();
        LoadOptions adaptive = LoadOptions.builder().adaptive(true).build();

        assertThat(plain.adaptive()).isFalse();
        assertThat(plain.describe()).doesNotContain("adaptive");
        assertThat(adaptive.adaptive()).isTrue();
        assertThat(adaptive.describe()).endsWith(", adaptive pacing");
    }

    @Test
    void theIssuesExampleCommandLineIsValid() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .target("embedded")
                .clients(1000)
                .rate(500)
                .duration("3m")
                .jitter("full")
                .limiter("sliding-log")
                .redis("embedded")
                .instances(4)
                .scenario("3 AM storm")
                .build();

        assertThat(options.limiter()).isEqualTo(LimiterChoice.SLIDING_LOG);
        assertThat(options.scenario()).isEqualTo(ScenarioPresets.THREE_AM_STORM);
        assertThat(options.rate()).hasValue(500.0);
        assertThat(options.duration()).isEqualTo(Duration.ofMinutes(3));
    }

    @ParameterizedTest(name = "rate {0}")
    @ValueSource(doubles = {-5, -0.001, 0, 2_000_000, Double.POSITIVE_INFINITY})
    void aRateThatIsNotPositiveOrIsAbsurdIsRefused(double rate) {
        assertThat(problems(LoadOptions.builder().rate(rate)))
                .singleElement()
                .asString()
                .startsWith("--rate must be a positive number of requests per second");
    }

    @Test
    void theSmallestPositiveRateIsAccepted() throws Exception {
        assertThat(LoadOptions.builder().rate(0.001).build().rate()).hasValue(0.001);
    }

    @Test
    void aZeroOrNegativeDurationIsRefused() {
        assertThat(problems(LoadOptions.builder().duration("0s")))
                .singleElement()
                .asString()
                .isEqualTo("--duration must be longer than zero, was 0 ms");
        assertThat(problems(LoadOptions.builder().duration(Duration.ofSeconds(-3))))
                .singleElement()
                .asString()
                .contains("longer than zero");
    }

    @Test
    void aDurationThatIsNotADurationSaysWhatItShouldLookLike() {
        assertThat(problems(LoadOptions.builder().duration("soon")))
                .singleElement()
                .asString()
                .isEqualTo(
                        "--duration 'soon' is not a duration: write 90 (seconds), 90s, 1500ms, 2m, 1h or ISO-8601 such as PT1M30S");
    }

    @Test
    @DisplayName("LB3: without --duration and --clients a preset runs its own length and size")
    void aPresetChosenAloneRunsItsOwnLengthAndClients() throws Exception {
        for (dev.stormwatch.load.scenario.Scenario preset : ScenarioPresets.ALL) {
            LoadOptions options = LoadOptions.builder().scenario(preset.name()).build();

            assertThat(options.duration())
                    .as(preset.name())
                    .isEqualTo(preset.length())
                    .isGreaterThanOrEqualTo(preset.minimumDuration());
            assertThat(options.clients()).as(preset.name()).isEqualTo(preset.clients());
        }
        assertThat(LoadOptions.builder()
                        .scenario("3am-storm")
                        .clients(7)
                        .duration("25s")
                        .build())
                .extracting(LoadOptions::clients, LoadOptions::duration)
                .containsExactly(7, Duration.ofSeconds(25));
    }

    // --duration reads the same forms as every other duration option.
    @Test
    void aDurationInBareSecondsIsRead() throws Exception {
        assertThat(LoadOptions.builder().duration("90").build().duration()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void aDurationTooLongToCountSaysItsMaximum() {
        assertThat(problems(LoadOptions.builder().duration("99999999999999999999s")))
                .singleElement()
                .asString()
                .startsWith("--duration '99999999999999999999s' is too long; at most 2562047h");
    }

    @Test
    @DisplayName("LB3: a preset refuses a duration below its minimum in the option's words, just below, on and above")
    void aScenarioNeedsTheDurationItIsAboutJustBelowOnAndAbove() throws Exception {
        LoadOptions.Builder tooShort =
                LoadOptions.builder().scenario("retry-after-120").duration(Duration.ofSeconds(139));
        assertThat(problems(tooShort))
                .singleElement()
                .asString()
                .isEqualTo("--duration is too short for the Retry-After 120: 139 s, and it needs at least 140 s to show"
                        + " what it is for; type 140 s or more (its own length is 140 s)");

        LoadOptions.builder()
                .scenario("retry-after-120")
                .duration(Duration.ofSeconds(140))
                .build();
        LoadOptions.builder()
                .scenario("retry-after-120")
                .duration(Duration.ofSeconds(141))
                .build();
    }

    @Test
    void anUnknownScenarioListsTheKnownOnes() {
        assertThat(problems(LoadOptions.builder().scenario("hurricane")))
                .singleElement()
                .asString()
                .isEqualTo("unknown --scenario 'hurricane'; known: steady, 3am-storm, provider-outage,"
                        + " quota-exhaustion, retry-after-120, retry-after-12, nginx-limit-req");
    }

    @Test
    @DisplayName(
            "RH5-RH8: the relay's dialect is chosen by name, shown in the description, and an unknown one is listed")
    void relayDialect() throws Exception {
        LoadOptions openAi = LoadOptions.builder().relayDialect("openai").build();
        assertThat(openAi.relayDialect()).isEqualTo(dev.stormwatch.relay.RateLimitDialect.OPENAI);
        assertThat(openAi.describe()).endsWith(", relay dialect openai");
        assertThat(LoadOptions.builder().build().describe()).doesNotContain("dialect");
        assertThat(problems(LoadOptions.builder().relayDialect("stripe")))
                .singleElement()
                .asString()
                .startsWith("--relay-dialect: a dialect is one of plain, openai, anthropic, azure, github, ietf");
    }

    @DisplayName("a non-loopback target without a rate cap is refused")
    @Test
    void aRemoteTargetNeedsARateCap() {
        assertThat(problems(LoadOptions.builder().target("https://gateway.example.com/v1")))
                .singleElement()
                .asString()
                .isEqualTo(
                        "target https://gateway.example.com/v1 is not on this machine: give --rate to cap the requests"
                                + " per second sent to it");
    }

    @Test
    void aRemoteTargetWithARateCapIsAccepted() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .target("https://gateway.example.com/v1")
                .rate(5)
                .build();

        assertThat(options.target())
                .isEqualTo(new Target.Remote(java.net.URI.create("https://gateway.example.com/v1")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "http://127.0.0.1:8080/v1",
                "http://127.0.0.2:8080",
                "http://localhost:9000/v1",
                "http://[::1]:8080/v1",
                "http://api.localhost/v1"
            })
    void aLoopbackUrlNeedsNoRateCap(String url) throws Exception {
        assertThat(LoadOptions.builder().target(url).build().target().isLoopback())
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http://10.0.0.1/v1", "http://127.0.0.1.example.com/v1", "https://localhost.example.com"})
    void anAddressOffThisMachineIsNotLoopback(String url) {
        assertThat(problems(LoadOptions.builder().target(url)))
                .singleElement()
                .asString()
                .contains("give --rate");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ftp://example.com", "example.com", "https://", "not a url at all"})
    void aTargetThatIsNeitherEmbeddedNorAnHttpUrlIsRefused(String text) {
        assertThat(problems(LoadOptions.builder().target(text)))
                .singleElement()
                .asString()
                .startsWith("--target must be 'embedded' or an http(s) base URL");
    }

    @Test
    void aTargetWithAPasswordIsRefusedWithoutRepeatingThePassword() {
        String message = refused(LoadOptions.builder()
                        .target("https://me:hunter2@gateway.example.com/v1")
                        .rate(1))
                .getMessage();

        assertThat(message).contains("must not carry a user name or password").doesNotContain("hunter2");
    }

    @Test
    void aFaultScenarioNeedsTheEmbeddedRelay() {
        assertThat(problems(
                        LoadOptions.builder().target("http://127.0.0.1:9999/v1").scenario("provider outage")))
                .singleElement()
                .asString()
                .isEqualTo("scenario 'provider-outage' injects faults into the embedded relay; with a URL target use"
                        + " --scenario steady");
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        InvalidLoadOptionsException error = refused(LoadOptions.builder()
                .clients(0)
                .rate(-1)
                .duration("0")
                .jitter("jittery")
                .limiter("leaky")
                .redis("mysql://db")
                .instances(0)
                .scenario("hurricane"));

        assertThat(error.problems()).hasSize(8);
        assertThat(error.problems())
                .anySatisfy(p -> assertThat(p).startsWith("--clients must be between 1 and 100000"));
        assertThat(error.problems()).anySatisfy(p -> assertThat(p).startsWith("unknown --jitter 'jittery'"));
        assertThat(error.problems())
                .anySatisfy(p -> assertThat(p).startsWith("unknown --limiter 'leaky'; known: off, sliding-log"));
        assertThat(error.problems())
                .anySatisfy(p -> assertThat(p).startsWith("--redis must be 'embedded', 'local' or a redis://"));
        assertThat(error.problems()).anySatisfy(p -> assertThat(p).startsWith("--instances must be between 1 and 64"));
    }

    @Test
    void clientsAndInstancesAreCheckedOnTheirBoundaries() throws Exception {
        LoadOptions.builder().clients(1).instances(1).build();
        LoadOptions.builder()
                .clients(LoadOptions.MAX_CLIENTS)
                .instances(LoadOptions.MAX_INSTANCES)
                .build();
        assertThat(problems(LoadOptions.builder().clients(LoadOptions.MAX_CLIENTS + 1)))
                .hasSize(1);
        assertThat(problems(LoadOptions.builder().instances(LoadOptions.MAX_INSTANCES + 1)))
                .hasSize(1);
    }

    @Test
    void redisMayBeEmbeddedLocalOrAUrl() throws Exception {
        assertThat(LoadOptions.builder().redis("local").build().redis()).isInstanceOf(RedisChoice.LocalOnly.class);
        assertThat(LoadOptions.builder()
                        .redis("redis://cache.internal:6379")
                        .build()
                        .redis())
                .isEqualTo(new RedisChoice.External(java.net.URI.create("redis://cache.internal:6379")));
    }

    // RC6
    @Test
    void theDescriptionNeverShowsASecret() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .target("https://gateway.example.com/v1?api_key=sk-in-the-query")
                .rate(2)
                .credential(new TargetCredential.ApiKey(Secret.of("sk-live-0123456789")))
                .limiter("sliding-log")
                .redis("redis://:redis-password@cache.internal:6379")
                .build();

        assertThat(options.describe())
                .contains("https://gateway.example.com/v1", "API key [redacted]", "cache.internal:6379")
                .doesNotContain("sk-in-the-query", "sk-live-0123456789", "redis-password");
        assertThat(options.toString()).doesNotContain("sk-live-0123456789");
        assertThat(Secret.of("sk-live-0123456789")).hasToString("[redacted]");
    }

    @Test
    void aBlankApiKeyIsRefusedSinceItAuthenticatesNobody() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TargetCredential.ApiKey(Secret.of(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("blank");
    }

    private static java.util.List<String> problems(LoadOptions.Builder builder) {
        return refused(builder).problems();
    }

    private static InvalidLoadOptionsException refused(LoadOptions.Builder builder) {
        InvalidLoadOptionsException error = catchThrowableOfType(InvalidLoadOptionsException.class, builder::build);
        assertThat(error).as("the options should have been refused").isNotNull();
        return error;
    }

    // A bearer token over plain http off this machine is readable by anyone on the path.

    private static final TargetCredential SESSION = new TargetCredential.OAuthSessionToken(() -> Secret.of("at-1"));

    @Test
    @DisplayName("The OAuth session's token over plain http to a remote host is refused, naming the way out")
    void anOAuthSessionTokenOverPlainHttpOffThisMachineIsRefused() {
        InvalidLoadOptionsException refused = catchThrowableOfType(
                InvalidLoadOptionsException.class,
                () -> LoadOptions.builder()
                        .target("http://gateway.example.com/v1")
                        .rate(5)
                        .credential(SESSION)
                        .build());

        assertThat(refused.problems())
                .anySatisfy(p -> assertThat(p)
                        .contains("plain http off this machine")
                        .contains("OAuth session token [redacted]")
                        .contains("--allow-insecure-credentials"));
    }

    @Test
    void anApiKeyOverPlainHttpOffThisMachineIsRefusedToo() {
        assertThat(catchThrowableOfType(
                        InvalidLoadOptionsException.class,
                        () -> LoadOptions.builder()
                                .target("http://10.0.0.7:8080/v1")
                                .rate(5)
                                .credential(new TargetCredential.ApiKey(Secret.of("sk-1")))
                                .build()))
                .isNotNull();
    }

    @Test
    @DisplayName("Https, a loopback http target, no credential, or the explicit flag: allowed")
    void credentialsAreAllowedOverHttpsOnLoopbackOrWhenThePersonSaysSo() throws Exception {
        assertThat(LoadOptions.builder()
                        .target("https://gateway.example.com/v1")
                        .rate(5)
                        .credential(SESSION)
                        .build()
                        .sendsCredentialsInTheClear())
                .isFalse();
        assertThat(LoadOptions.builder()
                        .target("http://127.0.0.1:9/v1")
                        .credential(SESSION)
                        .build()
                        .sendsCredentialsInTheClear())
                .isFalse();
        assertThat(LoadOptions.builder()
                        .target("http://localhost:9/v1")
                        .credential(SESSION)
                        .build()
                        .sendsCredentialsInTheClear())
                .isFalse();
        assertThat(LoadOptions.builder()
                        .target("http://gateway.example.com/v1")
                        .rate(5)
                        .build()
                        .sendsCredentialsInTheClear())
                .isFalse();
        assertThat(LoadOptions.builder()
                        .target("http://gateway.example.com/v1")
                        .rate(5)
                        .credential(SESSION)
                        .allowInsecureCredentials(true)
                        .build()
                        .sendsCredentialsInTheClear())
                .isTrue();
    }
}
