package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.load.options.SessionTokenSource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SessionAccessTokensTest {

    @Test
    void beforeSignInTheLoadRunIsToldToSignInOnTheSessionTab() {
        SessionAccessTokens tokens = new SessionAccessTokens(Optional::empty);

        assertThatThrownBy(tokens::currentToken).isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessage("not signed in; sign in on the Session tab first");
    }
}
