package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.retry.RetryPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings' refusals at their boundaries: each refused field names itself (and only itself) in the summary, each
 * number is accepted on its limit and refused just past it, and each reason sits under the field the person used.
 */
class SettingsViewModelEdgesTest {

    @TempDir
    Path dir;

    private final SettingsViewModel settings = new SettingsViewModel();

    {
        settings.issuerProperty().set("https://login.example.com");
    }

    private ProfileStore store() {
        return new ProfileStore(dir.resolve("stormwatch"));
    }

    @Test
    @DisplayName("C2: one refused field is named alone, in the singular")
    void oneRefusedFieldIsNamedAlone() {
        settings.clientSecretProperty().set("s3cr3t");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.refusedSummary())
                .isEqualTo("this field is refused: Client authentication. The reason is under each.");
    }

    @Test
    @DisplayName("C2: every field refused at once is named in the summary, in the order the settings show them")
    void everyRefusedFieldIsNamedInOrder() throws Exception {
        settings.issuerProperty().set("");
        settings.clientIdProperty().set("");
        settings.scopeProperty().set("");
        settings.clientKeyIdProperty().set("kid-1");
        settings.caFileProperty().set(dir.resolve("missing.pem").toString());
        settings.proxyProperty().set("socks5://proxy.example:1080");
        settings.clientCertKeyProperty().set(dir.resolve("key.pem").toString());
        settings.authParamsProperty().set("no-equals-sign");
        settings.redirectHostProperty().set("example.com");
        settings.redirectPortProperty().set("eighty");
        settings.browserWaitProperty().set("0");
        settings.sessionFileProperty().set(dir.toString());
        settings.endSessionMethodProperty().set("put");
        settings.maxAttemptsPerOriginProperty().set("0");
        settings.maxTotalAttemptsProperty().set("");
        settings.initialBackoffMsProperty().set("0");
        settings.multiplierProperty().set("");
        settings.maxBackoffMsProperty().set("-1");
        settings.totalBudgetMsProperty().set("x");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.validProperty().get()).isFalse();
        assertThat(settings.refusedSummary())
                .isEqualTo("these fields are refused: Issuer, Client id, Scopes, CA file, Proxy, Client certificate's"
                        + " key file, Client key id, Extra authorization parameters, Redirect host, Redirect port,"
                        + " Browser wait, Session file, End-session method, Failed requests per origin, Failed"
                        + " requests in all, First backoff (ms), Multiplier, Backoff cap (ms), Time budget per call"
                        + " (ms). The reason is under each.");
        assertThat(settings.clientKeyIdErrorProperty().get())
                .isEqualTo("Client key id names the key of the Client key file, which is empty: choose the key file"
                        + " too, or clear the key id (CA4).");
        assertThat(settings.clientCertKeyErrorProperty().get())
                .isEqualTo("Client certificate's key file is the key of the Client certificate, which is empty:"
                        + " choose the certificate too, or clear the key file (TX3).");
        assertThat(settings.redirectHostErrorProperty().get())
                .startsWith("Redirect host ")
                .endsWith(": 127.0.0.1 is RFC 8252's default; localhost or [::1] only where the registration names"
                        + " it (AR2, AR3).");
        assertThat(settings.redirectPortErrorProperty().get())
                .isEqualTo("Redirect port 'eighty' is not a whole number: type the registered port from 1 to 65535,"
                        + " or 0 for any free port (AR2).");
        assertThat(settings.browserWaitErrorProperty().get())
                .isEqualTo("Browser wait must be more than 0 s: type how long a sign-in waits for the browser, such"
                        + " as 300 (five minutes) (UI16).");
        assertThat(settings.sessionFileErrorProperty().get())
                .isEqualTo("Session file '" + dir + "' is a folder: type the path of a file, such as "
                        + dir.resolve("session.json") + " (PF4).");
        assertThat(settings.authParamsErrorProperty().get())
                .startsWith("Extra authorization parameters: ")
                .endsWith("; write one name=value a line, such as prompt=login (AR1).");
        assertThat(settings.endSessionMethodErrorProperty().get())
                .contains("End-session method")
                .endsWith(".");
        assertThat(settings.endSessionMethod()).isEmpty();
        assertThat(settings.caFileErrorProperty().get()).startsWith("CA file '" + dir.resolve("missing.pem"));
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get())
                .isEqualTo("Failed requests in all is empty: type a whole number from 1 to 20 (C2).");
        assertThat(settings.policyErrorProperty("multiplier").get())
                .isEqualTo("Multiplier is empty: type a number such as 2.0.");
        assertThat(settings.policyErrorProperty("initialBackoff").get())
                .startsWith("First backoff (ms) must be more than 0 ms, or jitter would be switched off (B4): type a"
                        + " number of milliseconds from 1 to 86400000 (")
                .endsWith("), such as 500 (half a second).");
        assertThat(settings.policyErrorProperty("maxBackoff").get())
                .isEqualTo("Backoff cap (ms) must be more than 0 ms, or jitter would be switched off (B4): type a"
                        + " number of milliseconds from 1 to 300000 (5 min), such as 10000 (10 s).");
        assertThat(settings.policyErrorProperty("totalBudget").get())
                .isEqualTo("Time budget per call (ms) 'x' is not a whole number of milliseconds: type a number of"
                        + " milliseconds from 1 to 600000 (10 min), such as 20000 (20 s).");
    }

    @Test
    @DisplayName("C2, CA4, TX3: a certificate path that is no path and a key file for another method are refused"
            + " under their own fields, and only those are named")
    void aBadCertificatePathAndAKeyFileForAnotherMethod() {
        settings.clientAuthProperty().set(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
        settings.clientSecretProperty().set("s3cr3t");
        settings.clientKeyFileProperty().set(dir.resolve("client.jwk").toString());
        settings.clientCertProperty().set("bad\0path");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.refusedSummary())
                .isEqualTo("these fields are refused: Client certificate, Client key file. The reason is under each.");
        assertThat(settings.clientKeyFileErrorProperty().get())
                .isEqualTo("Client key file is private_key_jwt's, but Client authentication is client_secret_basic:"
                        + " choose private_key_jwt or auto, or clear the key file (CA4).");
        assertThat(settings.clientCertErrorProperty().get()).startsWith("Client certificate 'bad");
        assertThat(settings.clientCertErrorProperty().get()).endsWith(" (TX3).");
        assertThat(settings.clientAuthErrorProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("CA4: a secret beside the Client key file is refused under Client authentication; a key file that is"
            + " no path, or is missing, under the key file")
    void privateKeyJwtRefusals() {
        settings.clientAuthProperty().set(ClientAuthentication.Method.PRIVATE_KEY_JWT);
        settings.clientKeyFileProperty().set(dir.resolve("client.jwk").toString());
        settings.clientSecretProperty().set("s3cr3t");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientAuthErrorProperty().get())
                .isEqualTo("A client secret was typed beside the Client key file: private_key_jwt signs with the key;"
                        + " clear the secret or the key file (CA4).");
        assertThat(settings.clientKeyFileErrorProperty().get()).isEmpty();

        settings.clientSecretProperty().set("");
        settings.clientKeyFileProperty().set("bad\0key");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientKeyFileErrorProperty().get())
                .startsWith("Client key file 'bad")
                .endsWith(" (CA4).");

        settings.clientAuthProperty().set(ClientAuthentication.Method.AUTO);
        settings.clientKeyFileProperty().set(dir.resolve("missing.jwk").toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientKeyFileErrorProperty().get())
                .startsWith("Client key file ")
                .endsWith(" (CA4).")
                .doesNotContain("private_key_jwt's, but");
        assertThat(settings.clientAuthErrorProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("TX3: a mutual-TLS method without a certificate is refused under the certificate's field alone")
    void mutualTlsWithoutACertificate() {
        settings.clientAuthProperty().set(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertErrorProperty().get())
                .isEqualTo("Client certificate is empty: Client authentication self_signed_tls_client_auth proves"
                        + " the client with a certificate; choose its PEM file (TX3).");
        assertThat(settings.refusedSummary())
                .isEqualTo("this field is refused: Client certificate. The reason is" + " under each.");
    }

    @Test
    @DisplayName("C2: each attempt limit is accepted on its bounds and refused just past them; per origin may equal"
            + " the total")
    void attemptLimitsOnTheirBounds() {
        settings.maxAttemptsPerOriginProperty().set("1");
        settings.maxTotalAttemptsProperty().set("1");
        assertThat(settings.toConfig())
                .map(c -> c.retryPolicy().maxAttemptsPerOrigin())
                .contains(1);

        settings.maxTotalAttemptsProperty().set("10");
        settings.maxAttemptsPerOriginProperty().set("10");
        assertThat(settings.toConfig())
                .map(c -> c.retryPolicy().maxTotalAttempts())
                .contains(10);

        settings.maxAttemptsPerOriginProperty().set("0");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get())
                .isEqualTo("Failed requests per origin must be a whole number from 1 to 10 (C2), not 0.");
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).isEmpty();
    }

    @Test
    @DisplayName("C2, B4: the backoffs and the budget are accepted on their limits and refused a millisecond past;"
            + " a cap equal to the first backoff is accepted, one below it is refused under the cap")
    void durationsOnTheirLimits() {
        settings.initialBackoffMsProperty().set("1");
        settings.maxBackoffMsProperty().set("300000");
        settings.totalBudgetMsProperty().set("600000");
        assertThat(settings.toConfig())
                .map(OAuthConfig::retryPolicy)
                .map(p -> p.initialBackoff().toMillis() + "/" + p.maxBackoff().toMillis() + "/"
                        + p.totalBudget().toMillis())
                .contains("1/300000/600000");

        settings.totalBudgetMsProperty().set("600001");
        settings.maxBackoffMsProperty().set("300001");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("totalBudget").get())
                .startsWith("Time budget per call (ms) must be at most 10 min, not ");
        assertThat(settings.policyErrorProperty("maxBackoff").get())
                .startsWith("Backoff cap (ms) must be at most 5 min, not ")
                .endsWith(": type a number of milliseconds from 1 to 300000 (5 min) (C2).");

        settings.totalBudgetMsProperty().set("20000");
        settings.initialBackoffMsProperty().set("700");
        settings.maxBackoffMsProperty().set("700");
        assertThat(settings.toConfig()).map(c -> c.retryPolicy().maxBackoff()).contains(Duration.ofMillis(700));

        settings.maxBackoffMsProperty().set("699");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxBackoff").get())
                .startsWith("Backoff cap (ms) (")
                .contains(") cannot be below First backoff (ms) (")
                .endsWith("): raise it to at least 700 (C2).");
        assertThat(settings.policyErrorProperty("initialBackoff").get()).isEmpty();
    }

    @Test
    @DisplayName("C2: a multiplier of exactly 1.0 is accepted; not-a-number and infinity are refused")
    void multiplierOnItsBound() {
        settings.multiplierProperty().set("1.0");
        assertThat(settings.toConfig()).map(c -> c.retryPolicy().multiplier()).contains(1.0);

        for (String bad : new String[] {"NaN", "Infinity", "0.99"}) {
            settings.multiplierProperty().set(bad);
            assertThat(settings.toConfig()).as(bad).isEmpty();
            assertThat(settings.policyErrorProperty("multiplier").get())
                    .isEqualTo("Multiplier must be at least 1.0, not " + bad
                            + ", or each wait would be shorter than the last: type a number such as 2.0 (C2).");
        }
    }

    @Test
    @DisplayName("C3: a preset fills its values and stays chosen; Custom changes no value; a typed value makes it"
            + " Custom")
    void presetsAndCustom() {
        settings.presetProperty().set(PolicyChoice.CONSERVATIVE);
        assertThat(settings.presetProperty().get()).isEqualTo(PolicyChoice.CONSERVATIVE);
        RetryPolicy conservative = PolicyChoice.CONSERVATIVE.policy().orElseThrow();
        assertThat(settings.toConfig()).map(OAuthConfig::retryPolicy).contains(conservative);

        settings.presetProperty().set(PolicyChoice.CUSTOM);
        assertThat(settings.toConfig()).map(OAuthConfig::retryPolicy).contains(conservative);
        assertThat(PolicyChoice.CUSTOM.toString()).isEqualTo("Custom");
        assertThat(PolicyChoice.CUSTOM.policy()).isEmpty();
        assertThat(PolicyChoice.DEFAULT.toString()).startsWith("Default (");
    }

    @Test
    @DisplayName("E1: an issuer without a scheme or host, and one that is no URL though it has no space, are each"
            + " refused in their own words")
    void issuersThatAreNoFullUrl() {
        settings.issuerProperty().set("login.example.com");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.issuerErrorProperty().get())
                .isEqualTo("Issuer 'login.example.com' is not a full URL: type one with https:// and a host, like"
                        + " https://login.example.com.");

        settings.issuerProperty().set("https://login.example.com/%zz");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.issuerErrorProperty().get())
                .isEqualTo("Issuer 'https://login.example.com/%zz' is not a URL: type one like"
                        + " https://login.example.com.");
    }

    @Test
    @DisplayName("UI16: an empty browser wait names the forms to write; a redirect port past 65535 is refused under"
            + " the port; an empty port is any free port")
    void browserWaitAndRedirectPort() {
        settings.browserWaitProperty().set(" ");
        settings.redirectPortProperty().set("65536");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.browserWaitErrorProperty().get())
                .isEqualTo("Browser wait is empty: write " + dev.stormwatch.base.DurationText.FORMS + " (UI16).");
        assertThat(settings.redirectPortErrorProperty().get())
                .startsWith("Redirect port ")
                .endsWith(" (AR2).");

        settings.browserWaitProperty().set("soon");
        settings.redirectPortProperty().set("");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.browserWaitErrorProperty().get())
                .startsWith("Browser wait 'soon' is not a duration")
                .endsWith(" (UI16).");
        assertThat(settings.redirectPortErrorProperty().get()).isEmpty();

        settings.browserWaitProperty().set("1");
        assertThat(settings.toConfig())
                .map(c -> c.loopbackTimeout().toSeconds() + " s, port "
                        + c.redirectChoice().port())
                .contains("1 s, port 0");
    }

    @Test
    @DisplayName("PF4: Stay signed in keeps the session in the chosen profile's own file, in the default file"
            + " without a profile or with a name no profile may have, and in the Session file when one is typed")
    void whereTheSessionIsKept() throws Exception {
        SettingsViewModel withStore = new SettingsViewModel(Optional.of(store()));
        withStore.issuerProperty().set("https://login.example.com");
        assertThat(withStore.toConfig()).map(OAuthConfig::sessionFile).contains(Optional.empty());

        withStore.staySignedInProperty().set(true);
        assertThat(withStore.toConfig())
                .map(OAuthConfig::sessionFile)
                .contains(Optional.of(FileSessionStore.defaultLocation()));

        withStore.profileNameProperty().set("work");
        assertThat(withStore.toConfig())
                .map(OAuthConfig::sessionFile)
                .contains(Optional.of(store().sessionFile("work")));

        withStore.profileNameProperty().set("../escape");
        assertThat(withStore.toConfig())
                .map(OAuthConfig::sessionFile)
                .contains(Optional.of(FileSessionStore.defaultLocation()));

        settings.staySignedInProperty().set(true);
        settings.profileNameProperty().set("work");
        assertThat(settings.toConfig())
                .map(OAuthConfig::sessionFile)
                .contains(Optional.of(FileSessionStore.defaultLocation()));

        Path typed = dir.resolve("kept.json");
        withStore.sessionFileProperty().set(typed.toString());
        assertThat(withStore.toConfig()).map(OAuthConfig::sessionFile).contains(Optional.of(typed));

        withStore.sessionFileProperty().set("bad\0file");
        assertThat(withStore.toConfig()).isEmpty();
        assertThat(withStore.sessionFileErrorProperty().get())
                .startsWith("Session file 'bad")
                .endsWith(" (PF4).");
    }

    @Test
    @DisplayName("PX7: a proxy password is refused when the Proxy field is empty, direct, or names no user, and"
            + " accepted with a user; the password makes the transport choices differ")
    void aProxyPasswordNeedsAUser() {
        settings.proxyPasswordProperty().set("pw");
        String refused = "A proxy password was typed but Proxy names no user: type the proxy as"
                + " http://user@host:port, or clear the password (PX7).";
        for (String proxy : new String[] {"", "direct", "http://proxy.example:3128"}) {
            settings.proxyProperty().set(proxy);
            assertThat(settings.toConfig()).as(proxy).isEmpty();
            assertThat(settings.proxyErrorProperty().get()).as(proxy).isEqualTo(refused);
        }
        settings.proxyProperty().set("http://bob@proxy.example:3128");
        assertThat(settings.toConfig()).isPresent();
        assertThat(settings.proxyErrorProperty().get()).isEmpty();

        Object withPassword = settings.transportChoices();
        settings.proxyPasswordProperty().set("other");
        assertThat(settings.transportChoices()).isNotEqualTo(withPassword);
        settings.proxyPasswordProperty().set("pw");
        assertThat(settings.transportChoices()).isEqualTo(withPassword);
    }

    @Test
    @DisplayName("PF6: without a store nothing is saved; a refused field is named in the refusal; a profile saved"
            + " twice is listed once")
    void savingProfiles() {
        settings.profileNameProperty().set("work");
        assertThat(settings.saveProfile()).isFalse();
        assertThat(settings.profileErrorProperty().get()).isEqualTo("Profiles cannot be saved in this window.");

        SettingsViewModel withStore = new SettingsViewModel(Optional.of(store()));
        withStore.issuerProperty().set("https://login.example.com");
        withStore.profileNameProperty().set("work");
        withStore.clientIdProperty().set(" ");
        assertThat(withStore.saveProfile()).isFalse();
        assertThat(withStore.profileErrorProperty().get())
                .isEqualTo("Not saved: this field is refused: Client id. The reason is under each.");

        withStore.clientIdProperty().set("my-app");
        assertThat(withStore.saveProfile()).isTrue();
        assertThat(withStore.profileErrorProperty().get()).isEmpty();
        assertThat(withStore.saveProfile()).isTrue();
        assertThat(withStore.profiles()).containsExactly(SettingsViewModel.EMBEDDED_PROFILE, "work");
    }

    @Test
    @DisplayName("PF6, PF10: a profile no longer saved is said; a profile's preset policy chooses its preset, its own"
            + " policy chooses Custom, and either fills the fields even after they were edited")
    void choosingProfilesAndTheirPolicies() throws Exception {
        RetryPolicy patient = PolicyChoice.PATIENT.policy().orElseThrow();
        RetryPolicy own = RetryPolicy.DEFAULT.toBuilder().maxTotalAttempts(6).build();
        store().save(Profile.of("slow", "https://slow.example.com", "app").withRetryPolicy(patient));
        store().save(Profile.of("own", "https://own.example.com", "app").withRetryPolicy(own));
        SettingsViewModel chooser = new SettingsViewModel(Optional.of(store()));

        chooser.choose("gone");
        assertThat(chooser.profileErrorProperty().get()).isEqualTo("Profile 'gone' is no longer saved.");

        chooser.presetProperty().set(PolicyChoice.PATIENT);
        chooser.maxTotalAttemptsProperty().set("5");
        chooser.choose("slow");
        assertThat(chooser.profileErrorProperty().get()).isEmpty();
        assertThat(chooser.presetProperty().get()).isEqualTo(PolicyChoice.PATIENT);
        assertThat(chooser.toConfig()).map(OAuthConfig::retryPolicy).contains(patient);
        assertThat(chooser.profileNameProperty().get()).isEqualTo("slow");

        chooser.choose("own");
        assertThat(chooser.presetProperty().get()).isEqualTo(PolicyChoice.CUSTOM);
        assertThat(chooser.maxTotalAttemptsProperty().get()).isEqualTo("6");
        assertThat(chooser.toConfig()).map(OAuthConfig::retryPolicy).contains(own);

        chooser.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(chooser.presetProperty().get()).isEqualTo(PolicyChoice.DEFAULT);
        assertThat(chooser.profileNameProperty().get()).isEmpty();
        assertThat(chooser.toConfig()).isEmpty(); // no embedded issuer told yet
    }

    @Test
    @DisplayName("PF8: while the issuer is found the field says so, and the answer fills the Issuer field")
    void findingAnIssuerSaysItIsBusy() {
        ArrayDeque<Runnable> background = new ArrayDeque<>();
        settings.accountProperty().set(" alice@example.com ");
        settings.issuerFinder(
                account -> "https://" + account.substring(account.indexOf('@') + 1), background::add, Runnable::run);

        settings.findIssuer();
        assertThat(settings.findingIssuerProperty().get()).isTrue();
        background.poll().run();

        assertThat(settings.findingIssuerProperty().get()).isFalse();
        assertThat(settings.issuerProperty().get()).isEqualTo("https://example.com");
        assertThat(settings.accountErrorProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("PF6, PF9, PX7: choosing a profile fills DPoP and clears a typed Session file; the embedded entry"
            + " resets the scopes, DPoP and the proxy password; Save keeps a typed Session file as staying signed in")
    void choosingResetsAndSavingKeepsTheSessionChoices() throws Exception {
        store().save(Profile.of("bound", "https://login.example.com", "app").withDpop(true));
        SettingsViewModel chooser = new SettingsViewModel(Optional.of(store()));
        chooser.sessionFileProperty().set(dir.resolve("typed.json").toString());

        chooser.choose("bound");
        assertThat(chooser.dpopProperty().get()).isTrue();
        assertThat(chooser.sessionFileProperty().get()).isEmpty();

        chooser.scopeProperty().set("message.read");
        chooser.proxyPasswordProperty().set("pw");
        chooser.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(chooser.scopeProperty().get()).isEqualTo(SettingsViewModel.DEFAULT_SCOPE);
        assertThat(chooser.dpopProperty().get()).isFalse();
        assertThat(chooser.proxyPasswordProperty().get()).isEmpty();

        chooser.issuerProperty().set("https://login.example.com");
        chooser.profileNameProperty().set("kept");
        chooser.sessionFileProperty().set(dir.resolve("kept.json").toString());
        assertThat(chooser.staySignedInProperty().get()).isFalse();
        assertThat(chooser.saveProfile()).isTrue();
        assertThat(store().require("kept").staySignedIn()).isTrue();
    }

    @Test
    @DisplayName("PX6: the routes of a refused Proxy field are the environment's, never none")
    void aRefusedProxyKeepsTheEnvironmentsRoutes() {
        settings.proxyProperty().set("socks5://proxy.example:1080");

        assertThat(settings.proxyRoutes(dev.stormwatch.http.ProxyRoutes.DIRECT))
                .isSameAs(dev.stormwatch.http.ProxyRoutes.DIRECT);
    }
}
