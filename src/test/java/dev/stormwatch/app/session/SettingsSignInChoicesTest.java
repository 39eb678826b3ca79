package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.AuthorizationParameters;
import dev.stormwatch.oauth.ClientAssertionKey;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.oauth.RedirectChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings' private_key_jwt key file (UI16, CA4) and the sign-in choices a profile keeps (PF9). */
class SettingsSignInChoicesTest {

    @TempDir
    Path dir;

    private final ClientAssertionKey generated = ClientAssertionKey.generate(new SecureRandom());

    private SettingsViewModel settings() {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(new ProfileStore(dir.resolve("stormwatch"))));
        settings.issuerProperty().set("https://login.example.com");
        return settings;
    }

    private Path ownerOnly(String name, String text) throws Exception {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    @DisplayName("UI16: private_key_jwt takes its key from the Client key file, with the typed key id; without the"
            + " file, or with a file that holds no private key, it is refused under the key file's field")
    void privateKeyJwtReadsTheClientKeyFile() throws Exception {
        SettingsViewModel settings = settings();
        settings.clientAuthProperty().set(ClientAuthentication.Method.PRIVATE_KEY_JWT);

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientKeyFileErrorProperty().get())
                .startsWith("Client key file is empty")
                .contains("stormwatch client-key --generate");

        Path key = ownerOnly("client.jwk", generated.privateJwk().reveal());
        settings.clientKeyFileProperty().set(key.toString());
        settings.clientKeyIdProperty().set("registered-kid");
        OAuthConfig config = settings.toConfig().orElseThrow();
        assertThat(settings.clientKeyFileErrorProperty().get()).isEmpty();
        assertThat(config.clientAuthentication().method()).isEqualTo(ClientAuthentication.Method.PRIVATE_KEY_JWT);
        assertThat(config.clientAuthentication().key().orElseThrow().keyId()).isEqualTo("registered-kid");
        assertThat(config.clientAuthentication().key().orElseThrow().publicJwk())
                .contains(generated
                        .publicJwk()
                        .substring(generated.publicJwk().indexOf("\"x\""))
                        .substring(0, 20));

        // The public half only: refused in the key file's words, never quoting the file.
        settings.clientKeyFileProperty()
                .set(ownerOnly("public.jwk", generated.publicJwk()).toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientKeyFileErrorProperty().get())
                .startsWith("Client key file holds a public key only")
                .doesNotContain(generated.publicJwk());

        // The key file beside a secret method is refused under the key file, naming both choices.
        settings.clientKeyFileProperty().set(key.toString());
        settings.clientAuthProperty().set(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientKeyFileErrorProperty().get())
                .contains("is client_secret_basic")
                .contains("choose private_key_jwt or auto");
        assertThat(settings.clientKeyFileErrorProperty().get()
                        + settings.clientAuthErrorProperty().get())
                .doesNotContain(generated.privateJwk().reveal());
    }

    @Test
    @DisplayName("PF9: Save as profile keeps the sign-in choices (parameters, redirect, browser wait, key file path"
            + " and id, stay signed in, device) and never the key; choosing the profile fills them back")
    void aProfileKeepsTheSignInChoices() throws Exception {
        SettingsViewModel settings = settings();
        Path key = ownerOnly("client.jwk", generated.privateJwk().reveal());
        settings.clientAuthProperty().set(ClientAuthentication.Method.PRIVATE_KEY_JWT);
        settings.clientKeyFileProperty().set(key.toString());
        settings.clientKeyIdProperty().set("kid-7");
        settings.authParamsProperty().set("audience=https://api.example.com\nprompt=login");
        settings.redirectHostProperty().set("localhost");
        settings.redirectPortProperty().set("8765");
        settings.browserWaitProperty().set("2m");
        settings.staySignedInProperty().set(true);
        settings.deviceProperty().set(true);
        settings.profileNameProperty().set("okta");

        assertThat(settings.saveProfile()).isTrue();
        String saved = Files.readString(dir.resolve("stormwatch/profiles/okta.json"));
        assertThat(saved)
                .contains(
                        "\"client_assertion_file\"",
                        key.toString(),
                        "\"kid-7\"",
                        "\"localhost\"",
                        "8765",
                        "\"browser_wait_seconds\" : 120",
                        "\"stay_signed_in\" : true",
                        "\"device\" : true")
                .doesNotContain(generated.privateJwk().reveal().substring(10, 30))
                .doesNotContain("\"d\"");
        // PF4: staying signed in with a profile keeps the session in that profile's own file.
        assertThat(settings.toConfig().orElseThrow().sessionFile())
                .contains(new ProfileStore(dir.resolve("stormwatch")).sessionFile("okta"));

        SettingsViewModel other = new SettingsViewModel(Optional.of(new ProfileStore(dir.resolve("stormwatch"))));
        other.embeddedIssuer("http://127.0.0.1:9000");
        other.choose("okta");
        OAuthConfig config = other.toConfig().orElseThrow();
        assertThat(config.authorizationParameters().values())
                .isEqualTo(Map.of("audience", "https://api.example.com", "prompt", "login"));
        assertThat(config.redirectChoice()).isEqualTo(new RedirectChoice(RedirectChoice.Host.LOCALHOST, 8765));
        assertThat(config.loopbackTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.clientAuthentication().key().orElseThrow().keyId()).isEqualTo("kid-7");
        assertThat(other.deviceProperty().get()).isTrue();
        assertThat(other.staySignedInProperty().get()).isTrue();

        other.choose(SettingsViewModel.EMBEDDED_PROFILE);
        OAuthConfig embedded = other.toConfig().orElseThrow();
        assertThat(embedded.authorizationParameters()).isEqualTo(AuthorizationParameters.NONE);
        assertThat(embedded.redirectChoice()).isEqualTo(RedirectChoice.DEFAULT);
        assertThat(embedded.sessionFile()).isEmpty();
        assertThat(other.deviceProperty().get()).isFalse();
    }

    @Test
    @DisplayName("PF9: an export carries the sign-in choices and imports back the same; a bad one is refused naming"
            + " its field, and PF3 still refuses a field whose name says key")
    void exportAndImportKeepTheSignInChoices() {
        Profile profile = Profile.of("entra", "https://login.example.com", "app")
                .withSignIn(
                        AuthorizationParameters.parse(java.util.List.of("resource=https://api.example.com")),
                        new RedirectChoice(RedirectChoice.Host.IPV6, 0),
                        Duration.ofSeconds(45),
                        true,
                        false);

        String exported = ProfileStore.export(profile);
        assertThat(ProfileStore.parse(exported, "the ticket")).isEqualTo(profile);

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProfileStore.parse(exported.replace("\"resource\"", "\"state\""), "the ticket"))
                .hasMessageStartingWith("the ticket auth_params: 'state' is set by the client itself");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProfileStore.parse(exported.replace("\"[::1]\"", "\"example.com\""), "the ticket"))
                .hasMessageStartingWith("the ticket redirect_host or redirect_port:");
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        ProfileStore.parse(exported.replace("\"device\"", "\"client_assertion_key\""), "the ticket"))
                .hasMessageContaining("'client_assertion_key', which would carry a secret");
    }
}
