package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.WebFinger;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.server.LoopbackServer;
import dev.stormwatch.server.ServerOptions;
import java.util.Map;
import java.util.Optional;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** PF8 in the settings: the Account field finds the issuer by WebFinger, on real sockets. */
class SettingsAccountTest {

    private static SettingsViewModel settings() {
        SettingsViewModel settings = new SettingsViewModel(Optional.empty());
        settings.issuerFinder(
                account -> WebFinger.discover(account, new OkHttpClient(), "Account")
                        .value(),
                Runnable::run,
                Runnable::run);
        return settings;
    }

    @Test
    @DisplayName("PF8: Find issuer fills the Issuer field from the demo provider's WebFinger answer")
    void findIssuerFillsTheIssuer() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            SettingsViewModel settings = settings();
            settings.accountProperty()
                    .set("alice@" + provider.issuer().getHost() + ":"
                            + provider.issuer().getPort());

            settings.findIssuer();

            assertThat(settings.accountErrorProperty().get()).isEmpty();
            assertThat(settings.issuerProperty().get())
                    .isEqualTo(provider.issuer().toString());
            assertThat(settings.findingIssuerProperty().get()).isFalse();
            assertThat(settings.toConfig()).isPresent();
        }
    }

    @Test
    @DisplayName("PF8: an empty account, one that is not user@host, and a host without WebFinger are each said"
            + " under the Account field in its words, and the Issuer is left as it was")
    void refusalsAreSaidUnderTheAccount() throws Exception {
        try (LoopbackServer bare = LoopbackServer.start("bare", ServerOptions.defaults(), Map.of())) {
            SettingsViewModel settings = settings();
            settings.issuerProperty().set("https://login.example.com");

            settings.findIssuer();
            assertThat(settings.accountErrorProperty().get()).startsWith("Account is empty");

            settings.accountProperty().set("alice");
            settings.findIssuer();
            assertThat(settings.accountErrorProperty().get()).startsWith("Account 'alice' is not an account");

            String host = bare.baseUri().getHost() + ":" + bare.baseUri().getPort();
            settings.accountProperty().set("alice@" + host);
            settings.findIssuer();
            assertThat(settings.accountErrorProperty().get())
                    .startsWith("Account alice@" + host + ": " + host + " has no WebFinger endpoint");
            assertThat(settings.issuerProperty().get()).isEqualTo("https://login.example.com");
        }
    }

    @Test
    @DisplayName("PF8: a new search clears the last refusal under the Account field at once, before its answer comes")
    void aNewSearchClearsTheLastRefusal() {
        java.util.ArrayDeque<Runnable> searching = new java.util.ArrayDeque<>();
        SettingsViewModel settings = new SettingsViewModel();
        settings.issuerFinder(account -> "https://login.example.com", searching::add, Runnable::run);

        settings.findIssuer();
        assertThat(settings.accountErrorProperty().get()).startsWith("Account is empty");
        settings.accountProperty().set("alice@example.com");
        settings.findIssuer();

        assertThat(settings.accountErrorProperty().get()).isEmpty();
        assertThat(settings.findingIssuerProperty().get()).isTrue();
        searching.poll().run();
        assertThat(settings.issuerProperty().get()).isEqualTo("https://login.example.com");
        assertThat(settings.findingIssuerProperty().get()).isFalse();
    }
}
