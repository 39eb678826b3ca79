package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Session settings' profile chooser, client authentication and CA file fields (PF6, CA1, TL2). */
class SettingsProfilesTest {

    @TempDir
    Path home;

    private ProfileStore store() {
        return new ProfileStore(home.resolve("stormwatch"));
    }

    @Test
    @DisplayName("PF6: the embedded demo provider is the first entry, then the saved profiles; choosing one fills"
            + " every field and clears the secret, and choosing the embedded one restores its defaults")
    void chooserFillsTheFields() throws Exception {
        Path ca = caFile();
        store().save(Profile.of("work", "https://login.example.com", "my-app")
                .withScope("openid offline_access")
                .withClientAuth(ClientAuthentication.Method.CLIENT_SECRET_POST)
                .withCaFile(Optional.of(ca)));
        SettingsViewModel settings = new SettingsViewModel(Optional.of(store()));
        settings.embeddedIssuer("http://127.0.0.1:9000");
        settings.clientSecretProperty().set("typed-before");

        assertThat(settings.profiles()).containsExactly(SettingsViewModel.EMBEDDED_PROFILE, "work");
        settings.choose("work");
        assertThat(settings.issuerProperty().get()).isEqualTo("https://login.example.com");
        assertThat(settings.clientIdProperty().get()).isEqualTo("my-app");
        assertThat(settings.scopeProperty().get()).isEqualTo("openid offline_access");
        assertThat(settings.clientAuthProperty().get()).isEqualTo(ClientAuthentication.Method.CLIENT_SECRET_POST);
        assertThat(settings.caFileProperty().get()).isEqualTo(ca.toString());
        assertThat(settings.clientSecretProperty().get()).isEmpty();
        assertThat(settings.clientAuthErrorProperty().get()).contains("needs a client secret");
        settings.clientSecretProperty().set("s3cr3t");
        OAuthConfig config = settings.toConfig().orElseThrow();
        assertThat(config.clientAuthentication().method()).isEqualTo(ClientAuthentication.Method.CLIENT_SECRET_POST);
        assertThat(settings.caFile()).contains(ca);

        settings.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(settings.issuerProperty().get()).isEqualTo("http://127.0.0.1:9000");
        assertThat(settings.clientIdProperty().get()).isEqualTo(SettingsViewModel.DEMO_CLIENT_ID);
        assertThat(settings.clientAuthProperty().get()).isEqualTo(ClientAuthentication.Method.NONE);
        assertThat(settings.caFileProperty().get()).isEmpty();
        assertThat(settings.clientSecretProperty().get()).isEmpty();
        assertThat(settings.toConfig()).isPresent();
    }

    @Test
    @DisplayName("PF6, PF3: Save as profile stores the fields as shown and never the secret; a refused name or field"
            + " saves nothing and says why")
    void savingAProfileKeepsNoSecret() throws Exception {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(store()));
        settings.issuerProperty().set("https://login.example.com");
        settings.clientIdProperty().set("my-app");
        settings.clientAuthProperty().set(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
        settings.clientSecretProperty().set("hunter2-secret");

        settings.profileNameProperty().set("../escape");
        assertThat(settings.saveProfile()).isFalse();
        assertThat(settings.profileErrorProperty().get()).contains("profile name '../escape'");
        settings.profileNameProperty().set("work");
        settings.caFileProperty().set(home.resolve("missing.pem").toString());
        assertThat(settings.saveProfile()).isFalse();
        assertThat(settings.profileErrorProperty().get()).contains("CA file");
        assertThat(store().list()).isEmpty();

        settings.caFileProperty().set("");
        assertThat(settings.saveProfile()).isTrue();

        assertThat(settings.profiles()).containsExactly(SettingsViewModel.EMBEDDED_PROFILE, "work");
        assertThat(store().require("work").clientAuth()).isEqualTo(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
        assertThat(Files.readString(home.resolve("stormwatch/profiles/work.json")))
                .doesNotContain("hunter2");
    }

    @Test
    @DisplayName("CA1, TL2: a secret with method none, and a CA file with no certificate, are refused under their"
            + " fields, and the settings are not valid")
    void clientAuthAndCaFileAreCheckedUnderTheirFields() throws Exception {
        SettingsViewModel settings = new SettingsViewModel();
        settings.issuerProperty().set("https://login.example.com");
        settings.clientSecretProperty().set("s3cr3t");
        Path notPem = Files.writeString(home.resolve("notes.pem"), "no certificate here\n");
        settings.caFileProperty().set(notPem.toString());

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientAuthErrorProperty().get())
                .contains("Client authentication is none")
                .doesNotContain("s3cr3t");
        assertThat(settings.caFileErrorProperty().get()).contains("CA file");
        assertThat(settings.refusedSummary()).contains("Client authentication").contains("CA file");
        assertThat(settings.validProperty().get()).isFalse();
    }

    private Path caFile() throws Exception {
        HeldCertificate ca = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("Test CA")
                .build();
        return Files.writeString(home.resolve("ca.pem"), ca.certificatePem());
    }

    @Test
    @DisplayName("PX6, PX7: the Proxy field is refused in its own words; a password for a proxy that names no user is"
            + " refused; a saved profile keeps the proxy's address and user, never its password, and choosing it"
            + " fills the Proxy field and leaves the password empty")
    void theProxyFieldIsSavedWithoutItsPassword() throws Exception {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(store()));
        settings.issuerProperty().set("https://login.example.com");
        settings.clientIdProperty().set("my-app");

        settings.proxyProperty().set("socks5://proxy.example:1080");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.proxyErrorProperty().get())
                .startsWith("Proxy is not a proxy URL")
                .contains("(PX6)");
        assertThat(settings.refusedSummary()).contains("Proxy");

        settings.proxyProperty().set("http://proxy.example:3128");
        settings.proxyPasswordProperty().set("pw-typed");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.proxyErrorProperty().get()).contains("names no user");

        settings.proxyProperty().set("http://ada:pw-in-url@proxy.example:3128");
        settings.proxyPasswordProperty().set("");
        assertThat(settings.toConfig()).isPresent();
        assertThat(settings.proxyErrorProperty().get()).isEmpty();
        assertThat(settings.proxyRoutes(dev.stormwatch.http.ProxyRoutes.DIRECT)
                        .routeFor(java.net.URI.create("https://login.example.com/"))
                        .orElseThrow()
                        .password())
                .contains("pw-in-url");
        settings.profileNameProperty().set("behind-proxy");
        assertThat(settings.saveProfile()).isTrue();
        String saved = Files.readString(home.resolve("stormwatch/profiles/behind-proxy.json"));
        assertThat(saved).contains("http://ada@proxy.example:3128").doesNotContain("pw-in-url");

        SettingsViewModel later = new SettingsViewModel(Optional.of(store()));
        later.proxyPasswordProperty().set("left-from-before");
        later.choose("behind-proxy");
        assertThat(later.proxyProperty().get()).isEqualTo("http://ada@proxy.example:3128");
        assertThat(later.proxyPasswordProperty().get()).isEmpty();
        later.proxyPasswordProperty().set("pw-again");
        assertThat(later.proxyRoutes(dev.stormwatch.http.ProxyRoutes.DIRECT)
                        .https()
                        .orElseThrow()
                        .password())
                .contains("pw-again");
        later.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(later.proxyProperty().get()).isEmpty();

        // A new password is a new choice even when its hash is the old one's ("Aa" and "BB"), and never shown.
        later.proxyPasswordProperty().set("Aa");
        Object aa = later.transportChoices();
        later.proxyPasswordProperty().set("BB");
        assertThat(later.transportChoices()).isNotEqualTo(aa);
        later.proxyPasswordProperty().set("Aa");
        assertThat(later.transportChoices()).isEqualTo(aa).asString().doesNotContain("Aa");
    }

    @Test
    @DisplayName(
            "PF10: Save as profile keeps the retry policy the fields make; choosing the profile fills it back under"
                    + " its preset's name, or as Custom with its numbers")
    void aProfileKeepsTheRetryPolicyOfTheFields() throws Exception {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(store()));
        settings.issuerProperty().set("https://login.example.com");
        settings.clientIdProperty().set("my-app");
        settings.presetProperty().set(PolicyChoice.PATIENT);
        settings.profileNameProperty().set("patient");
        assertThat(settings.saveProfile()).isTrue();
        settings.presetProperty().set(PolicyChoice.DEFAULT);
        settings.totalBudgetMsProperty().set("45000");
        assertThat(settings.presetProperty().get()).isEqualTo(PolicyChoice.CUSTOM);
        settings.profileNameProperty().set("custom");
        assertThat(settings.saveProfile()).isTrue();

        SettingsViewModel later = new SettingsViewModel(Optional.of(store()));
        later.choose("patient");
        assertThat(later.presetProperty().get()).isEqualTo(PolicyChoice.PATIENT);
        assertThat(later.toConfig().orElseThrow().retryPolicy()).isEqualTo(dev.stormwatch.retry.RetryPolicy.PATIENT);
        later.choose("custom");
        assertThat(later.presetProperty().get()).isEqualTo(PolicyChoice.CUSTOM);
        assertThat(later.totalBudgetMsProperty().get()).isEqualTo("45000");
        assertThat(later.toConfig().orElseThrow().retryPolicy().totalBudget()).hasSeconds(45);
        later.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(later.presetProperty().get()).isEqualTo(PolicyChoice.DEFAULT);
    }

    @Test
    @DisplayName("PF11, SX9: Save as profile keeps the End-session method; choosing the profile fills it back, the"
            + " embedded entry post; a value other than post or get is refused under the field and nothing is saved")
    void aProfileKeepsTheEndSessionMethodOfTheField() throws Exception {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(store()));
        settings.issuerProperty().set("https://login.example.com");
        settings.clientIdProperty().set("my-app");
        assertThat(settings.endSessionMethodProperty().get()).isEqualTo("post");
        settings.endSessionMethodProperty().set("put");
        assertThat(settings.endSessionMethodErrorProperty().get())
                .startsWith("End-session method 'put' is not a method it takes")
                .contains("post")
                .contains("get");
        assertThat(settings.validProperty().get()).isFalse();
        assertThat(settings.endSessionMethod()).isEmpty();
        settings.profileNameProperty().set("bye");
        assertThat(settings.saveProfile()).isFalse();
        assertThat(store().find("bye")).isEmpty();

        settings.endSessionMethodProperty().set("get");
        assertThat(settings.endSessionMethodErrorProperty().get()).isEmpty();
        assertThat(settings.saveProfile()).isTrue();
        assertThat(store().require("bye").endSessionMethod()).isEqualTo(dev.stormwatch.oauth.EndSessionMethod.GET);

        SettingsViewModel later = new SettingsViewModel(Optional.of(store()));
        later.choose("bye");
        assertThat(later.endSessionMethodProperty().get()).isEqualTo("get");
        assertThat(later.endSessionMethod()).contains(dev.stormwatch.oauth.EndSessionMethod.GET);
        later.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(later.endSessionMethodProperty().get()).isEqualTo("post");
    }

    @Test
    @DisplayName("PF6: a saved profile that cannot be read is said under the profile chooser, when the list is read"
            + " and when it is chosen, and the fields stay as they were")
    void aProfileThatCannotBeReadIsSaid() throws Exception {
        store().save(Profile.of("work", "https://login.example.com", "my-app"));
        SettingsViewModel listed = new SettingsViewModel(Optional.of(store()));
        listed.issuerProperty().set("https://typed.example.com");
        Path file = home.resolve("stormwatch/profiles/work.json");
        java.nio.file.Files.writeString(file, "{ not json");

        listed.choose("work");
        SettingsViewModel later = new SettingsViewModel(Optional.of(store()));

        assertThat(listed.profileErrorProperty().get()).startsWith("Profile 'work' cannot be read: ");
        assertThat(listed.issuerProperty().get()).isEqualTo("https://typed.example.com");
        assertThat(later.profileErrorProperty().get()).startsWith("Saved profiles cannot be read: ");
        assertThat(later.profiles()).containsExactly(SettingsViewModel.EMBEDDED_PROFILE);
    }
}
