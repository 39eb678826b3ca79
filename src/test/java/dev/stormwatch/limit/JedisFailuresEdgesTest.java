package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/** How each Jedis failure is named (L5, L9): the type it becomes and the socket's reason it carries, at the edges. */
class JedisFailuresEdgesTest {

    private static final String WHERE = "redis://127.0.0.1:6390";

    @Test
    @DisplayName("L5: NOSCRIPT becomes a command error that asks for a reload, naming Redis")
    void noScriptAsksForAReload() {
        LimiterException translated =
                JedisFailures.translate(new JedisNoScriptException("NOSCRIPT No matching script."), WHERE);

        assertThat(translated).isInstanceOf(RedisCommandException.class);
        assertThat(((RedisCommandException) translated).isNoScript()).isTrue();
        assertThat(translated)
                .hasMessage("Redis at redis://127.0.0.1:6390 does not know the script: NOSCRIPT No matching script.");
    }

    @Test
    @DisplayName("L9: a data error without a message is a command error, not LOADING, and needs no reload")
    void dataErrorWithoutAMessageIsACommandError() {
        LimiterException translated = JedisFailures.translate(new JedisDataException((String) null), WHERE);

        assertThat(translated).isInstanceOf(RedisCommandException.class);
        assertThat(((RedisCommandException) translated).isNoScript()).isFalse();
        assertThat(translated).hasMessage("Redis at redis://127.0.0.1:6390 answered an error: null");
    }

    @Test
    @DisplayName("L9: a data error that only mentions LOADING later is a command error; one that starts with it is not")
    void onlyAnAnswerStartingWithLoadingIsAnOutage() {
        assertThat(JedisFailures.translate(new JedisDataException("ERR not LOADING"), WHERE))
                .isInstanceOf(RedisCommandException.class);
        assertThat(JedisFailures.translate(new JedisDataException("LOADING Redis is loading"), WHERE))
                .isInstanceOf(RedisUnavailableException.class)
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot serve now: LOADING Redis is loading");
    }

    @Test
    @DisplayName("L9: a failure with no cause says only Jedis's words; a cause without words adds nothing")
    void noCauseOrASilentCauseAddsNothing() {
        assertThat(JedisFailures.translate(new JedisConnectionException("Pool exhausted"), WHERE))
                .isInstanceOf(RedisUnavailableException.class)
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot be reached: Pool exhausted");
        assertThat(JedisFailures.translate(
                        new JedisConnectionException("Failed to connect", new ConnectException("  ")), WHERE))
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot be reached: Failed to connect");
        assertThat(JedisFailures.translate(
                        new JedisConnectionException("Failed to connect", new ConnectException()), WHERE))
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot be reached: Failed to connect");
    }

    @Test
    @DisplayName("L9: the reason is the deepest cause's, through causes and then suppressed exceptions")
    void theDeepestReasonIsTold() {
        JedisConnectionException suppressedOnly = new JedisConnectionException("Failed to connect to any host");
        suppressedOnly.addSuppressed(new JedisConnectionException(
                "Failed to connect to 127.0.0.1:6390", new ConnectException("Connection refused")));

        assertThat(JedisFailures.translate(suppressedOnly, WHERE))
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot be reached: Failed to connect to any host"
                        + " (ConnectException: Connection refused)");
    }

    @Test
    @DisplayName("L9: causes that loop end the search: the reason reading neither hangs nor names a step of the loop")
    void causesThatLoopEndTheSearch() {
        JedisConnectionException first = new JedisConnectionException("first");
        JedisConnectionException second = new JedisConnectionException("second");
        first.initCause(second);
        second.initCause(first);

        assertThat(JedisFailures.translate(first, WHERE))
                .hasMessage("Redis at redis://127.0.0.1:6390 cannot be reached: first");
    }
}
