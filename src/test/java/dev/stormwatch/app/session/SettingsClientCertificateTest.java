package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.retry.CallFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings' client certificate and its key file (TX3) and their place in a profile (PF7). */
class SettingsClientCertificateTest {

    @TempDir
    Path dir;

    private final HeldCertificate held = new HeldCertificate.Builder()
            .commonName("stormwatch-mtls")
            .duration(1, java.util.concurrent.TimeUnit.DAYS)
            .build();

    private Path ownerOnly(String name, String text) throws Exception {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private SettingsViewModel settings() {
        SettingsViewModel settings = new SettingsViewModel(Optional.of(new ProfileStore(dir.resolve("stormwatch"))));
        settings.issuerProperty().set("https://login.example.com");
        return settings;
    }

    private String keyLine() {
        return held.privateKeyPkcs8Pem().lines().skip(1).findFirst().orElseThrow();
    }

    @Test
    @DisplayName("TX3: a mutual-TLS method with no certificate is refused under the Client certificate field; with a"
            + " certificate and its key the settings carry that certificate")
    void mutualTlsNeedsTheCertificateField() throws Exception {
        SettingsViewModel settings = settings();
        settings.clientAuthProperty().set(ClientAuthentication.Method.TLS_CLIENT_AUTH);

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertErrorProperty().get())
                .startsWith("Client certificate is empty")
                .contains("tls_client_auth");
        assertThat(settings.clientAuthErrorProperty().get()).isEmpty();
        assertThat(settings.refusedSummary()).contains("Client certificate");

        settings.clientCertProperty()
                .set(ownerOnly("c.pem", held.certificatePem()).toString());
        settings.clientCertKeyProperty()
                .set(ownerOnly("k.pem", held.privateKeyPkcs8Pem()).toString());
        OAuthConfig config = settings.toConfig().orElseThrow();

        assertThat(settings.clientCertErrorProperty().get()).isEmpty();
        assertThat(settings.clientCertKeyErrorProperty().get()).isEmpty();
        assertThat(config.clientAuthentication().method()).isEqualTo(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        assertThat(config.clientAuthentication().certificate().orElseThrow().certificate())
                .isEqualTo(held.certificate());

        settings.clientAuthProperty().set(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
        assertThat(settings.toConfig().orElseThrow().clientAuthentication().method())
                .isEqualTo(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
        // A combined PEM (certificate, then key) needs no key file.
        settings.clientCertProperty()
                .set(ownerOnly("both.pem", held.certificatePem() + held.privateKeyPkcs8Pem())
                        .toString());
        settings.clientCertKeyProperty().set("");
        assertThat(settings.toConfig()).isPresent();
    }

    @Test
    @DisplayName("TX3: each bad file is refused under the field it is about, in that field's words, and the key is"
            + " never quoted")
    void badFilesAreRefusedUnderTheirField() throws Exception {
        SettingsViewModel settings = settings();
        settings.clientAuthProperty().set(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        Path cert = ownerOnly("c.pem", held.certificatePem());

        // A key file that others may read: under the key's field, with chmod 600.
        Path readable = Files.writeString(dir.resolve("open.pem"), held.privateKeyPkcs8Pem());
        Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rw-r--r--"));
        settings.clientCertProperty().set(cert.toString());
        settings.clientCertKeyProperty().set(readable.toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertKeyErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_KEY_LABEL)
                .contains("chmod 600");
        assertThat(settings.clientCertErrorProperty().get()).isEmpty();
        String all = settings.clientCertKeyErrorProperty().get();

        // Another certificate's key: under the key's field.
        settings.clientCertKeyProperty()
                .set(ownerOnly(
                                "other.pem",
                                new HeldCertificate.Builder()
                                        .commonName("other")
                                        .build()
                                        .privateKeyPkcs8Pem())
                        .toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertKeyErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_KEY_LABEL + ": the private key in")
                .contains("is not the key");
        all += settings.clientCertKeyErrorProperty().get();

        // A key in PKCS#1 form: under the key's field.
        settings.clientCertKeyProperty()
                .set(ownerOnly("rsa.pem", "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n" + "-----END RSA PRIVATE KEY-----\n")
                        .toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertKeyErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_KEY_LABEL)
                .contains("openssl pkcs8");

        // A certificate file that does not exist, or holds no certificate: under the certificate's field.
        Path key = ownerOnly("k.pem", held.privateKeyPkcs8Pem());
        settings.clientCertKeyProperty().set(key.toString());
        settings.clientCertProperty().set(dir.resolve("none.pem").toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertErrorProperty().get()).startsWith(SettingsViewModel.CLIENT_CERT_LABEL);
        assertThat(settings.clientCertKeyErrorProperty().get()).isEmpty();
        settings.clientCertProperty().set(key.toString());
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_LABEL)
                .contains("certificate");
        all += settings.clientCertErrorProperty().get();

        // A key file with no certificate: under the key's field.
        settings.clientCertProperty().set("");
        settings.clientAuthProperty().set(ClientAuthentication.Method.NONE);
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertKeyErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_KEY_LABEL)
                .contains("Client certificate, which is empty");

        // A secret beside a mutual-TLS method: under Client authentication, and the secret is not quoted.
        settings.clientCertKeyProperty().set("");
        settings.clientCertProperty().set(cert.toString());
        settings.clientCertKeyProperty().set(key.toString());
        settings.clientAuthProperty().set(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        settings.clientSecretProperty().set("s3cret-typed");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientAuthErrorProperty().get())
                .contains("clear the secret")
                .doesNotContain("s3cret-typed");

        assertThat(all).doesNotContain(keyLine());
    }

    @Test
    @DisplayName("TX3: a certificate outside its validity at the settings' clock is refused under its field")
    void anExpiredCertificateIsRefusedByTheClock() throws Exception {
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofDays(3)), ZoneOffset.UTC);
        SettingsViewModel settings = new SettingsViewModel(Optional.empty(), later);
        settings.issuerProperty().set("https://login.example.com");
        settings.clientAuthProperty().set(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        settings.clientCertProperty()
                .set(ownerOnly("c.pem", held.certificatePem()).toString());
        settings.clientCertKeyProperty()
                .set(ownerOnly("k.pem", held.privateKeyPkcs8Pem()).toString());

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientCertErrorProperty().get())
                .startsWith(SettingsViewModel.CLIENT_CERT_LABEL)
                .contains("not now");
    }

    @Test
    @DisplayName("PF7: Save as profile keeps the certificate's and its key file's paths (never the key); choosing"
            + " the profile fills both fields, and the embedded demo provider clears them")
    void aProfileKeepsTheCertificatePaths() throws Exception {
        SettingsViewModel settings = settings();
        Path cert = ownerOnly("c.pem", held.certificatePem());
        Path key = ownerOnly("k.pem", held.privateKeyPkcs8Pem());
        settings.clientAuthProperty().set(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        settings.clientCertProperty().set(cert.toString());
        settings.clientCertKeyProperty().set(key.toString());
        settings.profileNameProperty().set("bank");

        assertThat(settings.saveProfile()).isTrue();
        String saved = Files.readString(dir.resolve("stormwatch/profiles/bank.json"));
        assertThat(saved)
                .contains("\"client_cert\"")
                .contains("\"client_cert_pkcs8\"")
                .contains(key.toString())
                .doesNotContain(keyLine())
                .doesNotContain("PRIVATE KEY");

        SettingsViewModel other = new SettingsViewModel(Optional.of(new ProfileStore(dir.resolve("stormwatch"))));
        other.embeddedIssuer("http://127.0.0.1:9000");
        other.choose("bank");
        assertThat(other.clientAuthProperty().get()).isEqualTo(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        assertThat(other.clientCertProperty().get()).isEqualTo(cert.toString());
        assertThat(other.clientCertKeyProperty().get()).isEqualTo(key.toString());
        assertThat(other.toConfig().orElseThrow().clientAuthentication().certificate())
                .isPresent();

        other.choose(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(other.clientCertProperty().get()).isEmpty();
        assertThat(other.clientCertKeyProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("PF7: an export carries client_cert and client_cert_pkcs8 and imports back; PF3 still refuses a"
            + " field whose name says key, and a mutual-TLS profile without a certificate is refused")
    void exportAndImportKeepTheCertificatePaths() {
        Profile profile = Profile.of("bank", "https://login.example.com", "app")
                .withClientCert(Optional.of(Path.of("/certs/c.pem")), Optional.of(Path.of("/certs/k.pem")))
                .withClientAuth(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
        String json = ProfileStore.export(profile);

        assertThat(ProfileStore.parse(json, "shared.json")).isEqualTo(profile);
        assertThatThrownBy(
                        () -> ProfileStore.parse(json.replace("client_cert_pkcs8", "client_cert_key"), "shared.json"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("'client_cert_key', which would carry a secret");
        assertThatThrownBy(() -> Profile.of("bank", "https://login.example.com", "app")
                        .withClientAuth(ClientAuthentication.Method.TLS_CLIENT_AUTH))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("client certificate file");
    }
}
