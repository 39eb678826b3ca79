package dev.stormwatch.load.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.base.Secret;
import dev.stormwatch.limit.FailureMode;
import dev.stormwatch.limit.RedisPassword;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The load options at their bounds, in the words a person reads: refusals, descriptions and notes. */
class LoadOptionsEdgesTest {

    private static List<String> problems(LoadOptions.Builder builder) {
        return catchThrowableOfType(InvalidLoadOptionsException.class, builder::build)
                .problems();
    }

    @Test
    @DisplayName("RB1: the failure threshold is 1 to 1000, refused just outside with the value given")
    void theFailureThresholdIsOneToAThousand() {
        assertThat(new RedisFailureHandling(FailureMode.FAIL_OPEN, 1, Duration.ofSeconds(1)).failureThreshold())
                .isEqualTo(1);
        assertThat(new RedisFailureHandling(FailureMode.FAIL_OPEN, 1_000, Duration.ofSeconds(1)).failureThreshold())
                .isEqualTo(1_000);
        assertThatThrownBy(() -> new RedisFailureHandling(FailureMode.FAIL_OPEN, 0, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the failure threshold must be 1 to 1000, was 0");
        assertThatThrownBy(() -> new RedisFailureHandling(FailureMode.FAIL_OPEN, 1_001, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the failure threshold must be 1 to 1000, was 1001");
    }

    @Test
    @DisplayName("RB2: --redis-outage-limit is more than 0 and at most 10 minutes, refused just outside in its words")
    void theOutageLimitIsAMillisecondToTenMinutes() {
        RedisFailureHandling handling = RedisFailureHandling.DEFAULT;

        assertThat(handling.withOutageLimit(Duration.ofMillis(1)).outageLimit()).isEqualTo(Duration.ofMillis(1));
        assertThat(handling.withOutageLimit(Duration.ofMinutes(10)).outageLimit())
                .isEqualTo(RedisFailureHandling.MAX_OUTAGE_LIMIT);
        assertThatThrownBy(() -> handling.withOutageLimit(Duration.ofNanos(999_999)))
                .hasMessage("--redis-outage-limit must be more than 0 and at most 10m, was 0 ms");
        assertThatThrownBy(() -> handling.withOutageLimit(Duration.ofMinutes(10).plusMillis(1)))
                .hasMessage("--redis-outage-limit must be more than 0 and at most 10m, was 600001 ms");
    }

    @Test
    @DisplayName("RB2, L9: a run fails closed, three failures open the circuit, ten seconds unreachable end it")
    void theDefaultsAndTheirWords() {
        RedisFailureHandling handling = RedisFailureHandling.DEFAULT;

        assertThat(handling.mode()).isEqualTo(FailureMode.FAIL_CLOSED);
        assertThat(handling.describe())
                .isEqualTo("Redis failure mode closed, circuit opens after 3 failure(s) in a row, run stops after"
                        + " 10000 ms unreachable");
        assertThat(handling.withMode(FailureMode.LOCAL_FALLBACK).describe())
                .startsWith("Redis failure mode local, circuit opens after 3 ");
        assertThat(handling.describeMode()).isEqualTo("fail closed: refused until Redis answers");
        assertThat(handling.withMode(FailureMode.FAIL_OPEN).describeMode())
                .isEqualTo("fail open: allowed without a limit");
        assertThat(handling.withMode(FailureMode.LOCAL_FALLBACK).describeMode())
                .isEqualTo("local fallback: decided by each instance's in-memory limiter");
    }

    @Test
    @DisplayName("RB2: --redis-failure-mode reads closed, open or local in any case and spacing; anything else is none")
    void theFailureModeByItsCommandLineName() {
        assertThat(RedisFailureHandling.byCliName(" CLOSED ")).contains(FailureMode.FAIL_CLOSED);
        assertThat(RedisFailureHandling.byCliName("open")).contains(FailureMode.FAIL_OPEN);
        assertThat(RedisFailureHandling.byCliName("Local")).contains(FailureMode.LOCAL_FALLBACK);
        assertThat(RedisFailureHandling.byCliName("fail-open")).isEmpty();
        assertThat(RedisFailureHandling.byCliName(null)).isEmpty();
        assertThat(RedisFailureHandling.cliName(FailureMode.FAIL_OPEN)).isEqualTo("open");
    }

    @Test
    @DisplayName(
            "HD3: a Redis password goes with --redis redis://..., and is refused with the embedded Redis by its source")
    void aRedisPasswordGoesOnlyWithAnExternalRedis() throws Exception {
        RedisPassword password = RedisPassword.of("s3cret-for-redis");

        LoadOptions external = LoadOptions.builder()
                .limiter("sliding-log")
                .redis("redis://cache.internal:6379")
                .redisPassword(password, "--redis-password-file")
                .build();
        assertThat(external.redis())
                .isEqualTo(new RedisChoice.External(URI.create("redis://cache.internal:6379"), Optional.of(password)));
        assertThat(external.describe()).doesNotContain("s3cret-for-redis");

        assertThat(problems(LoadOptions.builder().redisPassword(password, "STORMWATCH_REDIS_PASSWORD")))
                .containsExactly("STORMWATCH_REDIS_PASSWORD is for --redis redis://host:port: the embedded Redis makes"
                        + " its own password, and local limiters use none");
        assertThat(problems(LoadOptions.builder().redis("local").redisPassword(password, "--redis-password-file")))
                .singleElement()
                .asString()
                .startsWith("--redis-password-file is for --redis redis://host:port");
    }

    @Test
    @DisplayName("RC6: the description of an open-loop run with a limiter names each setting and no secret")
    void theDescriptionOfAnOpenLoopRun() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .rate(250)
                .clients(40)
                .duration("30s")
                .jitter("none")
                .limiter("gcra")
                .redis("local")
                .instances(3)
                .build();

        assertThat(options.describe())
                .isEqualTo("target embedded relay, credential none, 40 clients, open loop at 250.0/s, duration 30 s,"
                        + " jitter none, limiter gcra, redis local (one in-memory limiter per instance), 3 instance(s),"
                        + " scenario steady");
        assertThat(options).hasToString("LoadOptions[" + options.describe() + "]");
        assertThat(LoadOptions.builder()
                        .thinkTime(Duration.ofMillis(250))
                        .build()
                        .describe())
                .contains(", closed loop, think time 250 ms, ", ", limiter off, redis unused, 1 instance(s), ");
    }

    @Test
    @DisplayName(
            "B4, LB15: a run that compares jitter or caps Retry-After says so; full jitter and the whole wait do not")
    void comparisonsSaySoInTheirNotes() throws Exception {
        LoadOptions plain = LoadOptions.builder().build();
        assertThat(plain.jitterNote()).isEmpty();
        assertThat(plain.retryAfterCapNote()).isEmpty();
        assertThat(plain.articleRetryAfterCap()).isFalse();

        LoadOptions compared = LoadOptions.builder()
                .jitter(BackoffStrategy.EQUAL)
                .articleRetryAfterCap(true)
                .build();
        assertThat(compared.jitter()).isEqualTo(BackoffStrategy.EQUAL);
        assertThat(compared.jitterNote())
                .contains("jitter 'equal' is for comparison only; the client's default is full jitter (B4)");
        assertThat(compared.articleRetryAfterCap()).isTrue();
        assertThat(compared.retryAfterCapNote())
                .contains("Retry-After capped at the article's 8 s (RA8) is for comparison only; every real client"
                        + " waits it in full (RA3-RA4)");
    }

    @Test
    @DisplayName("HD5: every option refused by name, with the value given and the values it takes")
    void eachRefusalNamesItsOption() {
        assertThat(problems(LoadOptions.builder().jitter("wobbly")))
                .containsExactly("unknown --jitter 'wobbly'; known: none, exponential, full, equal, decorrelated");
        assertThat(problems(LoadOptions.builder().limiter("leaky")))
                .containsExactly("unknown --limiter 'leaky'; known: off, sliding-log, fixed-window,"
                        + " sliding-window-counter, token-bucket, gcra");
        assertThat(problems(LoadOptions.builder().redis("memcached://cache:11211")))
                .containsExactly(
                        "--redis must be 'embedded', 'local' or a redis://host:port URL, was 'memcached://cache:11211'");
        assertThat(problems(LoadOptions.builder().redis("redis:///no-host")))
                .singleElement()
                .asString()
                .startsWith("--redis must be 'embedded', 'local' or a redis://host:port URL");
        assertThat(problems(LoadOptions.builder().rate(Double.NaN)))
                .contains("--rate must be a number of requests per second, was NaN");
        assertThat(problems(LoadOptions.builder().thinkTime(Duration.ofMillis(-1))))
                .containsExactly("--think-time cannot be negative, was -1 ms");
        assertThat(problems(LoadOptions.builder().instances(0)))
                .containsExactly("--instances must be between 1 and 64, was 0");
        assertThat(problems(LoadOptions.builder().clients(0)))
                .containsExactly("--clients must be between 1 and 100000, was 0");
        assertThat(problems(LoadOptions.builder().rate(1_000_001)))
                .containsExactly(
                        "--rate must be a positive number of requests per second, at most 1000000, was" + " 1000001.0");
        assertThatThrownBy(() -> LoadOptions.builder().redisFailureHandling(null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> LoadOptions.builder().relayDialect((dev.stormwatch.relay.RateLimitDialect) null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    @DisplayName(
            "HD5: --rate is taken up to a million per second, the most itself; the run keeps its think time and key")
    void theMostRateIsTaken() throws Exception {
        TargetCredential key = new TargetCredential.ApiKey(Secret.of("opaque-key-123"));
        LoadOptions options = LoadOptions.builder()
                .rate(LoadOptions.MAX_RATE)
                .thinkTime(Duration.ofMillis(40))
                .credential(key)
                .build();

        assertThat(options.rate()).hasValue(1_000_000);
        assertThat(options.thinkTime()).isEqualTo(Duration.ofMillis(40));
        assertThat(options.credential()).isEqualTo(key);
    }

    @Test
    @DisplayName("C2, L6: a refused --max-attempts leaves the policy for --budget, and a window too long says so")
    void refusalsLeaveTheRestToBeChecked() {
        InvalidLoadOptionsException refused = catchThrowableOfType(
                InvalidLoadOptionsException.class,
                () -> ClientChoices.builder().maxAttempts("0").budget("20s").build());
        InvalidLoadOptionsException tooLong = catchThrowableOfType(
                InvalidLoadOptionsException.class,
                () -> ClientChoices.builder().limit("5/99999999999999999999h").build());

        assertThat(refused.problems()).singleElement().asString().startsWith("--max-attempts 0 is refused: ");
        assertThat(tooLong.problems())
                .singleElement()
                .asString()
                .startsWith("--limit 5/99999999999999999999h: the window '99999999999999999999h' is too long");
    }

    @Test
    @DisplayName("HD5: --duration is at most an hour: an hour is taken, a second more is refused in minutes")
    void theDurationIsAtMostAnHour() throws Exception {
        assertThat(LoadOptions.builder().duration("1h").build().duration()).isEqualTo(Duration.ofHours(1));
        assertThat(problems(LoadOptions.builder().duration("3601s")))
                .containsExactly("--duration must be at most 60 minutes, was 3601 s");
    }

    @Test
    @DisplayName(
            "the run keeps what it was given: embedded in any case, a redis URL, the report, the seed, the failure mode")
    void theRunKeepsWhatItWasGiven() throws Exception {
        RedisFailureHandling open = RedisFailureHandling.DEFAULT.withMode(FailureMode.FAIL_OPEN);
        LoadOptions options = LoadOptions.builder()
                .target(" EMBEDDED ")
                .redis(" Embedded ")
                .redis("rediss://cache.internal:6380")
                .redisFailureHandling(open)
                .report(Path.of("out.json"))
                .seed(42)
                .build();

        assertThat(options.target()).isEqualTo(new Target.Embedded());
        assertThat(options.redis()).isEqualTo(new RedisChoice.External(URI.create("rediss://cache.internal:6380")));
        assertThat(options.redisFailureHandling()).isEqualTo(open);
        assertThat(options.report()).contains(Path.of("out.json"));
        assertThat(options.seed()).hasValue(42);
        assertThat(LoadOptions.builder().build().seed()).isEmpty();
        assertThat(LoadOptions.builder().redis("LOCAL").build().redis()).isEqualTo(new RedisChoice.LocalOnly());
        assertThat(LoadOptions.builder()
                        .redis("local")
                        .redis("embedded")
                        .build()
                        .redis())
                .isEqualTo(new RedisChoice.Embedded());
    }

    @Test
    @DisplayName("RC6: targets, credentials and Redis are described without user info, query, fragment or key")
    void descriptionsKeepSecretsOut() {
        assertThat(Target.withoutSecrets(URI.create("https://u:p@gw.example.com:8443/v1?key=k#f")))
                .isEqualTo("https://gw.example.com:8443/v1");
        assertThat(Target.withoutSecrets(URI.create("relative/path"))).isEqualTo("relative/path");
        assertThat(Target.withoutSecrets(URI.create("mailto:someone"))).isEqualTo("mailto://");
        assertThat(new Target.Embedded().describe()).isEqualTo("embedded relay");
        assertThat(new Target.Embedded().isLoopback()).isTrue();
        assertThat(new TargetCredential.None().describe()).isEqualTo("none");
        assertThat(new TargetCredential.ApiKey(Secret.of("sk-key-12345")).describe())
                .isEqualTo("API key [redacted]");
        assertThat(new TargetCredential.OAuthSessionToken(() -> Secret.of("t")).describe())
                .isEqualTo("OAuth session token [redacted]");
        assertThatThrownBy(() -> new TargetCredential.OAuthSessionToken(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new TargetCredential.ApiKey(null)).isInstanceOf(NullPointerException.class);
        assertThat(new RedisChoice.Embedded().describe()).isEqualTo("embedded");
        assertThat(new RedisChoice.External(URI.create("redis://:pw@cache:6379/0")).describe())
                .isEqualTo("redis://cache:6379/0");
        assertThatThrownBy(() -> new RedisChoice.External(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new RedisChoice.External(URI.create("redis://c:1"), null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    @DisplayName("L7: a limiter by its command-line name, in any case and spacing")
    void aLimiterByItsName() {
        assertThat(LimiterChoice.byCliName(" Token-Bucket ")).contains(LimiterChoice.TOKEN_BUCKET);
        assertThat(LimiterChoice.byCliName("token_bucket")).isEmpty();
        assertThat(LimiterChoice.SLIDING_WINDOW_COUNTER.cliName()).isEqualTo("sliding-window-counter");
    }

    @Test
    @DisplayName("LB19: a fleet of exactly the most clients a run takes is run; its clients count past an int's range")
    void aFleetOfExactlyTheMostIsRun() throws Exception {
        ProcessFleet fleet = ProcessFleet.of(LimiterChoice.GCRA, 4, LoadOptions.MAX_CLIENTS / 4);
        assertThat(fleet.applyTo(LoadOptions.builder()).build().clients()).isEqualTo(LoadOptions.MAX_CLIENTS);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 64, Integer.MAX_VALUE).clients())
                .isEqualTo(64L * Integer.MAX_VALUE);
        assertThat(fleet.describe()).isEqualTo("4 processes of 25000 clients each, each behind gcra");
    }

    @Test
    @DisplayName("A2: a session without a token says why, typed, without a stack trace to fill")
    void anUnavailableTokenSaysWhy() {
        SessionTokenSource.Unavailable unavailable =
                new SessionTokenSource.Unavailable(SessionTokenSource.Unavailable.Reason.DPOP_BOUND, "sign in again");

        assertThat(unavailable.reason()).isEqualTo(SessionTokenSource.Unavailable.Reason.DPOP_BOUND);
        assertThat(unavailable).hasMessage("sign in again").hasNoCause();
        assertThat(unavailable.getStackTrace()).isEmpty();
        assertThatThrownBy(() -> new SessionTokenSource.Unavailable(null, "x"))
                .isInstanceOf(NullPointerException.class);
    }
}
