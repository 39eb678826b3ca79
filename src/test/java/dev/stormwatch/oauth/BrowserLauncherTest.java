package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** SX10: a URL carrying a token only ever starts a browser; it never reaches a launcher's own open, which may print. */
class BrowserLauncherTest {

    private static final URI SIGN_IN = URI.create("https://login.example.com/authorize?client_id=x");
    private static final URI CARRYING_TOKEN = URI.create("https://login.example.com/logout?id_token_hint=eyJ.secret.x");

    /** A launcher as a command line writes one: no browser here, so its open prints the sign-in URL to copy. */
    private static final class PrintingWhenNoBrowser implements BrowserLauncher {
        final List<URI> started = new CopyOnWriteArrayList<>();
        final List<String> printed = new CopyOnWriteArrayList<>();

        @Override
        public boolean startBrowser(URI url) {
            started.add(url);
            return false;
        }

        @Override
        public boolean open(URI url) {
            if (startBrowser(url)) {
                return true;
            }
            printed.add(url.toString());
            return false;
        }
    }

    @Test
    @DisplayName(
            "SX10: by default a URL carrying a token goes to startBrowser, never through a launcher's printing open")
    void aTokenUrlNeverReachesAPrintingOpen() {
        PrintingWhenNoBrowser launcher = new PrintingWhenNoBrowser();

        assertThat(launcher.openCarryingToken(CARRYING_TOKEN)).isFalse();

        assertThat(launcher.started).containsExactly(CARRYING_TOKEN);
        assertThat(launcher.printed).as("printed when no browser started").isEmpty();
        // The sign-in URL, which holds no token, is still shown to copy.
        assertThat(launcher.open(SIGN_IN)).isFalse();
        assertThat(launcher.printed).containsExactly(SIGN_IN.toString());
    }

    @Test
    @DisplayName("SX10: a lambda is a launcher for both kinds of URL: it starts the browser on each")
    void aLambdaStartsTheBrowserForBoth() {
        List<URI> started = new CopyOnWriteArrayList<>();
        BrowserLauncher lambda = url -> started.add(url);

        assertThat(lambda.open(SIGN_IN)).isTrue();
        assertThat(lambda.openCarryingToken(CARRYING_TOKEN)).isTrue();

        assertThat(started).containsExactly(SIGN_IN, CARRYING_TOKEN);
    }
}
