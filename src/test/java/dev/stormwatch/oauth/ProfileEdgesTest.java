package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's refusals when made, what each of its {@code with} methods changes, and the saved file's fields (PF1–PF4,
 * PF7, PF9), beside {@link ProfileStoreTest}'s round trips.
 */
class ProfileEdgesTest {

    @TempDir
    Path home;

    private ProfileStore store() {
        return new ProfileStore(home.resolve("stormwatch"));
    }

    private static Profile base() {
        return Profile.of("work", "https://login.example.com", "my-app");
    }

    /** Every field a profile can hold set to something other than its default. */
    private static Profile everything() {
        return base().withClientAuth(ClientAuthentication.Method.PRIVATE_KEY_JWT)
                .withClientCert(Optional.of(Path.of("/keys/client.pem")), Optional.of(Path.of("/keys/client.p8")))
                .withClientAssertion(Optional.of(Path.of("/keys/assertion.pem")), Optional.of("kid-7"))
                .withSignIn(
                        AuthorizationParameters.parse(List.of("prompt=login", "acr_values=mfa")),
                        new RedirectChoice(RedirectChoice.Host.LOCALHOST, 8765),
                        Duration.ofSeconds(90),
                        true,
                        true)
                .withDpop(true)
                .withProxy("http://proxy.example:3128");
    }

    @Test
    @DisplayName("PF1: a missing profile name is refused with an empty name, not a null")
    void aMissingNameIsRefusedInWords() {
        assertThatThrownBy(() -> Profile.of(null, "https://login.example.com", "my-app"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("profile name '' is not allowed");
    }

    @Test
    @DisplayName("PF7, TX1: a certificate key file without its certificate, or a mutual-TLS method without a"
            + " certificate, is refused when the profile is made")
    void certificateFieldsGoTogether() {
        assertThatThrownBy(() -> base().withClientCert(Optional.empty(), Optional.of(Path.of("/keys/client.p8"))))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("client certificate key file is the key of the client certificate");
        assertThatThrownBy(() -> base().withClientAuth(ClientAuthentication.Method.TLS_CLIENT_AUTH))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("tls_client_auth proves the client with a certificate");
        assertThat(base().withClientCert(Optional.of(Path.of("/keys/client.pem")), Optional.empty())
                        .withClientAuth(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH)
                        .clientAuth())
                .isEqualTo(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
    }

    @Test
    @DisplayName("PF9, CA4: a key id without the assertion file, or the file with a method that sends no assertion,"
            + " is refused; private_key_jwt and auto take the file")
    void theAssertionFileBelongsToPrivateKeyJwt() {
        assertThatThrownBy(() -> base().withClientAuth(ClientAuthentication.Method.PRIVATE_KEY_JWT)
                        .withClientAssertion(Optional.empty(), Optional.of("kid-7")))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("client assertion key id names the key of the client assertion file");
        assertThatThrownBy(() -> base().withClientAuth(ClientAuthentication.Method.CLIENT_SECRET_BASIC)
                        .withClientAssertion(Optional.of(Path.of("/keys/a.pem")), Optional.empty()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("client authentication is client_secret_basic");
        for (ClientAuthentication.Method method :
                List.of(ClientAuthentication.Method.PRIVATE_KEY_JWT, ClientAuthentication.Method.AUTO)) {
            assertThat(base().withClientAuth(method)
                            .withClientAssertion(Optional.of(Path.of("/keys/a.pem")), Optional.empty())
                            .clientAssertionFile())
                    .contains(Path.of("/keys/a.pem"));
        }
    }

    @Test
    @DisplayName("PF9: a browser wait of zero or less is refused when the profile is made")
    void theBrowserWaitMustBePositive() {
        for (Duration wait : List.of(Duration.ZERO, Duration.ofSeconds(-1))) {
            assertThatThrownBy(() ->
                            base().withSignIn(AuthorizationParameters.NONE, RedirectChoice.DEFAULT, wait, false, false))
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageStartingWith("browser wait must be more than 0 s");
        }
    }

    @Test
    @DisplayName("PX7, PF3: a proxy is kept stripped and without a password; one with a password, or no proxy URL,"
            + " is refused; none is the empty text")
    void theProxyIsKeptWithoutAPassword() {
        assertThat(base().withProxy("  http://alice@proxy.example:3128 ").proxy())
                .isEqualTo("http://alice@proxy.example:3128");
        assertThat(base().withProxy(null).proxy()).isEmpty();
        assertThat(base().withProxy("direct").proxy()).isEqualTo("direct");
        assertThatThrownBy(() -> base().withProxy("http://alice:s3cret@proxy.example:3128"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("proxy holds a password")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> base().withProxy("ftp://proxy.example"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("proxy is not a proxy URL");
    }

    @Test
    @DisplayName("PF1, PF9: each with-method changes its own fields and keeps every other")
    void eachWithMethodChangesItsFields() {
        Profile profile = everything();

        assertThat(profile.clientCert()).contains(Path.of("/keys/client.pem"));
        assertThat(profile.clientCertPkcs8()).contains(Path.of("/keys/client.p8"));
        assertThat(profile.clientAssertionFile()).contains(Path.of("/keys/assertion.pem"));
        assertThat(profile.clientAssertionKid()).contains("kid-7");
        assertThat(profile.authorizationParameters().values())
                .isEqualTo(Map.of("prompt", "login", "acr_values", "mfa"));
        assertThat(profile.redirectChoice()).isEqualTo(new RedirectChoice(RedirectChoice.Host.LOCALHOST, 8765));
        assertThat(profile.browserWait()).isEqualTo(Duration.ofSeconds(90));
        assertThat(profile.staySignedIn()).isTrue();
        assertThat(profile.device()).isTrue();
        assertThat(profile.dpop()).isTrue();
        assertThat(profile.proxy()).isEqualTo("http://proxy.example:3128");
        Profile renamed = profile.withName("home");
        assertThat(renamed.name()).isEqualTo("home");
        assertThat(renamed.withName("work")).isEqualTo(profile);
    }

    @Test
    @DisplayName("PF3, PF7, PF9: the export names every field that is set, and reads back to the same profile")
    void theExportHoldsEveryField() {
        String json = ProfileStore.export(everything());

        assertThat(json)
                .contains("\"client_cert\" : \"/keys/client.pem\"")
                .contains("\"client_cert_pkcs8\" : \"/keys/client.p8\"")
                .contains("\"client_assertion_file\" : \"/keys/assertion.pem\"")
                .contains("\"client_assertion_kid\" : \"kid-7\"")
                .contains("\"acr_values\" : \"mfa\"")
                .contains("\"prompt\" : \"login\"")
                .contains("\"proxy\" : \"http://proxy.example:3128\"");
        assertThat(ProfileStore.parse(json, "work.json")).isEqualTo(everything());
        assertThat(ProfileStore.export(base()))
                .doesNotContain("auth_params")
                .doesNotContain("proxy")
                .doesNotContain("client_cert")
                .doesNotContain("client_assertion");
    }

    @Test
    @DisplayName("PF3, PF9: blank or non-text paths and key id are read as not given; auth_params that is no object is"
            + " refused naming it")
    void blankFieldsAreNotGiven() {
        Profile read = ProfileStore.parse(
                "{\"name\":\"work\",\"issuer\":\"https://login.example.com\",\"client_id\":\"my-app\","
                        + "\"client_auth\":\"private_key_jwt\",\"client_cert\":\" \",\"ca_file\":\"\","
                        + "\"client_assertion_file\":7,\"client_assertion_kid\":\"  \"}",
                "work.json");

        assertThat(read.clientCert()).isEmpty();
        assertThat(read.caFile()).isEmpty();
        assertThat(read.clientAssertionFile()).isEmpty();
        assertThat(read.clientAssertionKid()).isEmpty();
        assertThat(ProfileStore.parse(
                                "{\"name\":\"work\",\"issuer\":\"https://login.example.com\",\"client_id\":\"my-app\","
                                        + "\"client_auth\":\"private_key_jwt\","
                                        + "\"client_assertion_file\":\"/keys/a.pem\","
                                        + "\"client_assertion_kid\":\"kid-7\"}",
                                "work.json")
                        .clientAssertionKid())
                .contains("kid-7");
        assertThatThrownBy(() -> ProfileStore.parse(
                        "{\"name\":\"work\",\"issuer\":\"https://login.example.com\",\"client_id\":\"my-app\","
                                + "\"auth_params\":[\"prompt=login\"]}",
                        "work.json"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("work.json auth_params: must be an object of name: value");
    }

    @Test
    @DisplayName("PF2: the folder is $XDG_CONFIG_HOME/stormwatch, else ~/.config/stormwatch when it is unset or blank")
    void theDefaultFolderFollowsXdg() {
        Path userDefault = Path.of(System.getProperty("user.home"), ".config", "stormwatch");

        assertThat(ProfileStore.defaultFolder(name -> name.equals("XDG_CONFIG_HOME") ? "/cfg" : null))
                .isEqualTo(Path.of("/cfg", "stormwatch"));
        assertThat(ProfileStore.defaultFolder(name -> null)).isEqualTo(userDefault);
        assertThat(ProfileStore.defaultFolder(name -> "  ")).isEqualTo(userDefault);
    }

    @Test
    @DisplayName("PF2: only the .json files of the profiles folder are profiles; another file there is left alone")
    void onlyJsonFilesAreProfiles() throws Exception {
        ProfileStore store = store();
        store.save(base());
        Files.writeString(home.resolve("stormwatch/profiles/README.txt"), "notes");

        assertThat(store.list()).extracting(Profile::name).containsExactly("work");
    }

    @Test
    @DisplayName("PF4: deleting a profile that is not saved says so; a profile's session store is its own file")
    void deletingAndSessionStores() throws Exception {
        ProfileStore store = store();
        store.save(base());
        Files.createDirectories(store.sessionFile("work").getParent());
        Files.writeString(store.sessionFile("work"), "{}");

        assertThat(store.delete("home")).isFalse();
        store.sessionStore("work").clear();
        assertThat(store.sessionFile("work")).doesNotExist();
        assertThat(store.find("work")).isPresent();
    }

    @Test
    @DisplayName("PF1: asking for a profile that is not saved lists the saved ones, or says how to save one")
    void requireListsTheSavedProfiles() {
        ProfileStore store = store();

        assertThatThrownBy(() -> store.require("work"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("no profile named 'work'; saved profiles: none (save one with 'stormwatch profile save')");
        store.save(base().withName("alpha"));
        store.save(base().withName("beta"));
        assertThatThrownBy(() -> store.require("work")).hasMessageEndingWith("saved profiles: alpha, beta");
        assertThat(store.require("beta").name()).isEqualTo("beta");
    }
}
