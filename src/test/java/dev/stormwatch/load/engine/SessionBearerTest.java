package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.Credential;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SessionBearerTest {

    private static final String TOKEN = "opaque-session-token-91d3";

    @Test
    @DisplayName("A2: the same token reuses its credential; a refreshed one gets a new credential and is remembered")
    void aNewCredentialOnlyWhenTheTokenChanged() {
        AtomicReference<String> current = new AtomicReference<>(TOKEN);
        SessionBearer bearer = new SessionBearer(() -> Secret.of(current.get()));

        Credential first = bearer.current();
        assertThat(bearer.current()).isSameAs(first);
        current.set(TOKEN + "-refreshed");
        assertThat(bearer.current()).isNotSameAs(first);

        assertThat(bearer.handedOut()).containsExactly(Secret.of(TOKEN), Secret.of(TOKEN + "-refreshed"));
    }

    // RC6
    @Test
    @DisplayName("RC6: what the bearer remembers of the last token prints redacted (a debugger, a log of its state)")
    void theRememberedTokenPrintsRedacted() throws Exception {
        SessionBearer bearer = new SessionBearer(() -> Secret.of(TOKEN));
        bearer.current();

        Field last = SessionBearer.class.getDeclaredField("last");
        last.setAccessible(true);
        String printed = String.valueOf(last.get(bearer));

        assertThat(printed).contains(Secret.REDACTED).doesNotContain(TOKEN);
    }
}
