package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The app's token inspector without a window: a real ID token, the embedded provider's real JWKS (SX4, SX5). */
class TokenInspectorViewModelTest {

    @RegisterExtension
    static final StartedProviders PROVIDERS = new StartedProviders();

    private static DemoProvider provider;
    private static String idToken;
    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final UiThread ui = new UiThread();

    @BeforeAll
    static void signIn() throws Exception {
        provider = PROVIDERS.start();
        idToken = SignInPageBrowser.signInForIdToken(provider);
    }

    @AfterEach
    void stopThreads() {
        background.shutdownNow();
        ui.shutdownNow();
    }

    private TokenInspectorViewModel model() {
        return new TokenInspectorViewModel(
                background,
                ui,
                Clock.systemUTC(),
                issuer -> OAuthClient.builder(OAuthConfig.of(issuer, "inspector"))
                        .build()
                        .providerKeys());
    }

    @Test
    @DisplayName("SX4: a pasted ID token and the issuer: its keys are fetched, eight checks pass, the signature names"
            + " the jwks_uri, and the verdict says valid")
    void aPastedTokenIsCheckedAgainstTheIssuersKeys() {
        TokenInspectorViewModel model = model();
        ui.onUi(() -> {
            model.tokenProperty().set(idToken);
            model.issuerProperty().set(provider.issuer().toString());
            model.audienceProperty().set(ClientRegistration.DESKTOP_CLIENT_ID);
            model.inspect();
        });
        ui.await(() -> !model.busyProperty().get() && !model.checks().isEmpty());

        assertThat(ui.onUi(() -> model.checks().stream()
                        .map(TokenInspectorViewModel.Row::result)
                        .toList()))
                .hasSize(8)
                .containsOnly("passed");
        assertThat(ui.onUi(() -> model.checks().get(0).detail()))
                .contains(provider.jwksUrl().toString());
        assertThat(ui.onUi(() -> model.verdictProperty().get())).startsWith("Valid");
        assertThat(ui.onUi(() -> model.claimsProperty().get()))
                .contains("\"aud\"")
                .doesNotContain(idToken);
    }

    @Test
    @DisplayName("SX5: a paste that is no JWT is said under the token field and nothing is fetched; a pasted JWKS with"
            + " no usable key is said under the keys")
    void badPastesAreSaidUnderTheirFields() {
        TokenInspectorViewModel model = model();
        long discoveries = provider.requestsReceived("GET", "/.well-known/openid-configuration");

        ui.onUi(() -> {
            model.tokenProperty().set("not-a-token-at-all");
            model.issuerProperty().set(provider.issuer().toString());
            model.inspect();
        });
        assertThat(ui.onUi(() -> model.tokenErrorProperty().get()))
                .startsWith("The token is not a JWT")
                .doesNotContain("not-a-token-at-all");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isEqualTo(discoveries);

        ui.onUi(() -> {
            model.tokenProperty().set(idToken);
            model.issuerProperty().set("");
            model.jwksProperty().set("{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}");
            model.inspect();
        });
        assertThat(ui.onUi(() -> model.tokenErrorProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.keysErrorProperty().get())).startsWith("The pasted JWKS has no usable key");
        assertThat(ui.onUi(() -> model.checks().isEmpty())).isTrue();
    }

    @Test
    @DisplayName("SX6: Open file reads a saved token's first line into the masked token field and inspects it against"
            + " the issuer's keys, as a paste is; a file that cannot be read, or is too large, is said under the token"
            + " field, never quoted")
    void aTokenFileIsInspectedAsAPasteIs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        TokenInspectorViewModel model = model();
        java.nio.file.Path saved = java.nio.file.Files.writeString(dir.resolve("id_token.txt"), idToken + "\n");
        ui.onUi(() -> {
            model.issuerProperty().set(provider.issuer().toString());
            model.audienceProperty().set(ClientRegistration.DESKTOP_CLIENT_ID);
            model.openTokenFile(saved);
        });
        ui.await(() -> !model.busyProperty().get() && !model.checks().isEmpty());

        assertThat(ui.onUi(() -> model.tokenProperty().get())).isEqualTo(idToken);
        assertThat(ui.onUi(() -> model.checks().stream()
                        .map(TokenInspectorViewModel.Row::result)
                        .toList()))
                .hasSize(8)
                .containsOnly("passed");
        assertThat(ui.onUi(() -> model.verdictProperty().get())).startsWith("Valid");
        assertThat(ui.onUi(() ->
                        model.claimsProperty().get() + model.headerProperty().get()))
                .doesNotContain(idToken);

        java.nio.file.Path missing = dir.resolve("gone.txt");
        ui.onUi(() -> model.openTokenFile(missing));
        assertThat(ui.onUi(() -> model.tokenErrorProperty().get()))
                .startsWith("The file " + missing + " cannot be read (NoSuchFileException)");

        java.nio.file.Path notAToken = java.nio.file.Files.writeString(dir.resolve("notes.txt"), "secret-notes\n");
        ui.onUi(() -> model.openTokenFile(notAToken));
        assertThat(ui.onUi(() -> model.tokenErrorProperty().get()))
                .startsWith("The token is not a JWT")
                .doesNotContain("secret-notes");

        java.nio.file.Path huge = dir.resolve("huge.bin");
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(TokenInspectorViewModel.MAX_TOKEN_FILE_BYTES + 1);
        }
        ui.onUi(() -> model.openTokenFile(huge));
        assertThat(ui.onUi(() -> model.tokenErrorProperty().get()))
                .startsWith("The file huge.bin holds 1048577" + " bytes, more than a token file does");
    }
}
