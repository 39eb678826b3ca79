package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a used-up quota covers (RH12), read from the providers' documented headers. */
class PaceScopeTest {

    private static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    private static final String DATE = "Sat, 01 Jun 2024 12:00:00 GMT";

    private static PaceScope scopeOf(String... headers) {
        WaitHints.Reading reading = WaitHints.read(200, List.of(), DATE, HintHeaders.of(headers), NOW);
        assertThat(reading.pace()).as("the reading asks for a pace").isPresent();
        return reading.paceScope();
    }

    static Stream<Arguments> documentedExamples() {
        return Stream.of(
                // OpenAI's rate-limit guide: limits are per model; its example headers with the requests used up.
                Arguments.of("OpenAI: per model", PaceScope.MODEL, new String[] {
                    "x-ratelimit-limit-requests", "60", "x-ratelimit-limit-tokens", "150000",
                    "x-ratelimit-remaining-requests", "0", "x-ratelimit-remaining-tokens", "149984",
                    "x-ratelimit-reset-requests", "1s", "x-ratelimit-reset-tokens", "6m0s"
                }),
                // Anthropic's rate-limit page: limits per model class; reset an RFC 3339 instant.
                Arguments.of("Anthropic: per model", PaceScope.MODEL, new String[] {
                    "anthropic-ratelimit-requests-limit",
                    "50",
                    "anthropic-ratelimit-requests-remaining",
                    "0",
                    "anthropic-ratelimit-requests-reset",
                    "2024-06-01T12:00:30Z"
                }),
                // GitHub's REST docs: x-ratelimit-resource names the quota the route counts against.
                Arguments.of("GitHub: the named resource", PaceScope.quota("search"), new String[] {
                    "x-ratelimit-limit",
                    "30",
                    "x-ratelimit-remaining",
                    "0",
                    "x-ratelimit-used",
                    "30",
                    "x-ratelimit-reset",
                    Long.toString(NOW.getEpochSecond() + 60),
                    "x-ratelimit-resource",
                    "search"
                }),
                Arguments.of("GitHub without a resource: the origin", PaceScope.ORIGIN, new String[] {
                    "x-ratelimit-remaining", "0", "x-ratelimit-reset", Long.toString(NOW.getEpochSecond() + 60)
                }),
                // draft-ietf-httpapi-ratelimit-headers: the item's key names the policy.
                Arguments.of("IETF: the named policy", PaceScope.quota("default"), new String[] {
                    "RateLimit-Policy", "\"default\";q=100;w=10", "RateLimit", "\"default\";r=0;t=5"
                }),
                Arguments.of("IETF's older trio: the origin", PaceScope.ORIGIN, new String[] {
                    "RateLimit-Limit", "100", "RateLimit-Remaining", "0", "RateLimit-Reset", "5"
                }),
                Arguments.of("quotas that disagree: the origin", PaceScope.ORIGIN, new String[] {
                    "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "1s",
                    "RateLimit-Remaining", "0", "RateLimit-Reset", "5"
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documentedExamples")
    @DisplayName("RH12: a used-up quota covers what the provider's headers name")
    void scopeFollowsTheHeaders(String name, PaceScope expected, String[] headers) {
        assertThat(scopeOf(headers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("RH12: a model scope keys on the request's model; without one, on the whole origin")
    void modelScopeNeedsTheRequestsModel() {
        PaceScope.PaceTarget gpt = PaceScope.PaceTarget.of("POST", "/v1/chat/completions", Optional.of("gpt-4o"));
        PaceScope.PaceTarget mini = PaceScope.PaceTarget.of("POST", "/v1/chat/completions", Optional.of("gpt-4o-mini"));
        PaceScope.PaceKey key = PaceScope.MODEL.keyFor(gpt);

        assertThat(key.covers(gpt)).isTrue();
        assertThat(key.covers(mini)).isFalse();
        assertThat(key.covers(PaceScope.PaceTarget.UNKNOWN)).isFalse();
        assertThat(PaceScope.MODEL.keyFor(PaceScope.PaceTarget.of("GET", "/v1/models", Optional.empty())))
                .isEqualTo(PaceScope.PaceKey.ORIGIN);
    }

    @Test
    @DisplayName("RH12: a named quota covers the route that met it used up, not the origin's other routes")
    void quotaScopeKeysOnTheRoute() {
        PaceScope.PaceTarget search = PaceScope.PaceTarget.of("GET", "/search/issues", Optional.empty());
        PaceScope.PaceKey key = PaceScope.quota("search").keyFor(search);

        assertThat(key.covers(search)).isTrue();
        assertThat(key.covers(PaceScope.PaceTarget.of("GET", "/repos/o/r", Optional.empty())))
                .isFalse();
        assertThat(key.covers(PaceScope.PaceTarget.of("POST", "/search/issues", Optional.empty())))
                .isFalse();
        assertThat(PaceScope.PaceKey.ORIGIN.covers(search)).isTrue();
    }

    @Test
    @DisplayName("RH12: two different scopes pace the whole origin; a scope with itself stays as it is")
    void twoDifferentScopesPaceTheOrigin() {
        PaceScope search = PaceScope.quota("search");

        assertThat(search.and(PaceScope.quota("search"))).isEqualTo(search);
        assertThat(search.and(PaceScope.quota("core"))).isEqualTo(PaceScope.ORIGIN);
        assertThat(PaceScope.MODEL.and(search)).isEqualTo(PaceScope.ORIGIN);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PaceScope.quota(""))
                .hasMessage("a named quota needs a name");
    }

    @Test
    void eachScopeAndKeyIsDescribedForPeople() {
        assertThat(PaceScope.ORIGIN.describe()).isEqualTo("the origin");
        assertThat(PaceScope.MODEL.describe()).isEqualTo("the model the request names");
        assertThat(PaceScope.quota("search").describe()).isEqualTo("the quota 'search'");
        assertThat(PaceScope.PaceKey.ORIGIN.describe()).isEqualTo("the origin");
        assertThat(PaceScope.PaceKey.model("gpt-4o").describe()).isEqualTo("model gpt-4o");
        assertThat(PaceScope.PaceKey.quota("search", "GET /search/issues").describe())
                .isEqualTo("quota 'search' (GET /search/issues)");
    }
}
