package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.retry.CallFailure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's side of certificate-bound tokens (TX2) and the mutual-TLS settings (TX1). */
class CertificateBindingTest {

    @TempDir
    Path folder;

    private ClientCertificate certificate(String name) throws Exception {
        HeldCertificate held = new HeldCertificate.Builder().commonName(name).build();
        Path both = Files.writeString(folder.resolve(name + ".pem"), held.certificatePem() + held.privateKeyPkcs8Pem());
        return ClientCertificate.read(both, Optional.empty(), "--client-cert", "--client-cert-key", Instant.now());
    }

    private static Secret jwt(String payload) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return Secret.of(b64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + ".c2ln");
    }

    @Test
    @DisplayName("TX2: a token bound to the presented certificate passes; an opaque token and a JWT without cnf"
            + " are not bound and pass")
    void theCertificatesOwnTokenPasses() throws Exception {
        ClientCertificate mine = certificate("mine");
        Secret bound = jwt("{\"sub\":\"c\",\"cnf\":{\"x5t#S256\":\"" + mine.thumbprint() + "\"}}");

        assertThat(CertificateBinding.thumbprint(bound)).contains(mine.thumbprint());
        assertThat(CertificateBinding.thumbprint(Secret.of("opaque-token"))).isEmpty();
        assertThat(CertificateBinding.thumbprint(jwt("{\"sub\":\"c\"}"))).isEmpty();
        assertThatCode(() -> CertificateBinding.check(bound, Optional.of(mine), "token"))
                .doesNotThrowAnyException();
        assertThatCode(() -> CertificateBinding.check(Secret.of("opaque"), Optional.empty(), "token"))
                .doesNotThrowAnyException();
    }

    @Test
    @DisplayName("TX2: a token bound to another certificate, or to one when none was presented, is a Protocol"
            + " error of the step")
    void aTokenBoundElsewhereIsRefused() throws Exception {
        ClientCertificate mine = certificate("mine");
        ClientCertificate theirs = certificate("theirs");
        Secret boundToTheirs = jwt("{\"cnf\":{\"x5t#S256\":\"" + theirs.thumbprint() + "\"}}");

        assertThatThrownBy(() -> CertificateBinding.check(boundToTheirs, Optional.of(mine), "token"))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("another client certificate");
        assertThatThrownBy(() -> CertificateBinding.check(boundToTheirs, Optional.empty(), "refresh"))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("presented none");
    }

    @Test
    @DisplayName("TX1: the mutual-TLS methods need a certificate and refuse a secret or a key beside it; auto with a"
            + " certificate picks tls_client_auth, else self_signed_tls_client_auth, else none")
    void mutualTlsSettingsAreCheckedWhenMade() throws Exception {
        ClientCertificate mine = certificate("mine");

        assertThatThrownBy(
                        () -> new ClientAuthentication(ClientAuthentication.Method.TLS_CLIENT_AUTH, Optional.empty()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("--client-cert");
        assertThatThrownBy(() -> new ClientAuthentication(
                        ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH,
                        Optional.of(Secret.of("s")),
                        Optional.empty(),
                        Optional.of(mine)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("no client secret");
        ClientAuthentication auto = new ClientAuthentication(
                ClientAuthentication.Method.AUTO, Optional.empty(), Optional.empty(), Optional.of(mine));
        assertThat(auto.resolve(List.of("client_secret_basic", "tls_client_auth", "self_signed_tls_client_auth")))
                .isEqualTo(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        assertThat(auto.resolve(List.of("self_signed_tls_client_auth", "none")))
                .isEqualTo(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
        assertThat(auto.resolve(List.of("none"))).isEqualTo(ClientAuthentication.Method.NONE);
        assertThat(ClientAuthentication.Method.parse("tls_client_auth"))
                .isEqualTo(ClientAuthentication.Method.TLS_CLIENT_AUTH);
        assertThat(auto.toString()).contains("CN=mine").doesNotContain("PRIVATE");
    }
}
