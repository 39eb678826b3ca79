package dev.stormwatch.app.session;

import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.IdTokenValidator;
import dev.stormwatch.oauth.TokenInspection;
import dev.stormwatch.retry.CallFailure;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The token inspector of the Session area (SX4, SX5): a pasted JWT, checked against an issuer's JWKS (fetched on the
 * background executor) or a pasted JWKS; its header, claims and every check. The pasted token lives in its field
 * only: it is never logged, written or put in a message.
 */
public final class TokenInspectorViewModel {

    /** One row of the checks table, in words. */
    public record Row(String check, String result, String detail) {}

    private final Executor background;
    private final Executor ui;
    private final Clock clock;
    private final Function<String, TokenInspection.Keys> issuerKeys;

    private final StringProperty token = new SimpleStringProperty("");
    private final StringProperty issuer = new SimpleStringProperty("");
    private final StringProperty audience = new SimpleStringProperty("");
    private final StringProperty jwks = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper claims = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper tokenError = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper keysError = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<Row> checks = FXCollections.observableArrayList();

    /**
     * @param issuerKeys fetches an issuer's keys (discovery, then its JWKS) with the app's HTTP client; may block
     */
    public TokenInspectorViewModel(
            Executor background, Executor ui, Clock clock, Function<String, TokenInspection.Keys> issuerKeys) {
        this.background = Objects.requireNonNull(background);
        this.ui = Objects.requireNonNull(ui);
        this.clock = Objects.requireNonNull(clock);
        this.issuerKeys = Objects.requireNonNull(issuerKeys);
    }

    /**
     * Checks the pasted token: a token that is no JWT, or a pasted JWKS with no usable key, is said under its field
     * and nothing is fetched (SX5); with an issuer, its keys are fetched first.
     */
    public void inspect() {
        if (busy.get()) {
            return;
        }
        tokenError.set("");
        keysError.set("");
        Secret pasted = Secret.of(token.get() == null ? "" : token.get().strip());
        String issuerText = issuer.get() == null ? "" : issuer.get().strip();
        String jwksText = jwks.get() == null ? "" : jwks.get().strip();
        TokenInspection.Expected expected = new TokenInspection.Expected(
                issuerText.isEmpty() ? Optional.empty() : Optional.of(issuerText),
                audience.get() == null || audience.get().isBlank()
                        ? Optional.empty()
                        : Optional.of(audience.get().strip()));
        try {
            TokenInspection.inspect(pasted, Optional.empty(), expected, clock, IdTokenValidator.DEFAULT_SKEW);
        } catch (IllegalArgumentException e) {
            show(Optional.empty());
            tokenError.set("The token " + e.getMessage() + ".");
            return;
        }
        if (!issuerText.isEmpty() && !jwksText.isEmpty()) {
            keysError.set("Give an issuer or a pasted JWKS, not both: the keys come from one place.");
            return;
        }
        Optional<TokenInspection.Keys> pastedKeys = Optional.empty();
        if (!jwksText.isEmpty()) {
            try {
                pastedKeys = Optional.of(TokenInspection.Keys.parse(jwksText, "the pasted JWKS"));
            } catch (IllegalArgumentException e) {
                keysError.set("The pasted JWKS " + e.getMessage() + ".");
                return;
            }
        }
        if (issuerText.isEmpty()) {
            show(Optional.of(
                    TokenInspection.inspect(pasted, pastedKeys, expected, clock, IdTokenValidator.DEFAULT_SKEW)));
            return;
        }
        busy.set(true);
        background.execute(() -> {
            try {
                TokenInspection.Keys keys = issuerKeys.apply(issuerText);
                TokenInspection done = TokenInspection.inspect(
                        pasted, Optional.of(keys), expected, clock, IdTokenValidator.DEFAULT_SKEW);
                ui.execute(() -> {
                    busy.set(false);
                    show(Optional.of(done));
                });
            } catch (CallFailure failure) {
                ui.execute(() -> {
                    busy.set(false);
                    keysError.set("The issuer's keys could not be fetched: " + failure.getMessage());
                });
            }
        });
    }

    /** SX6: a token file larger than this holds no single JWT; it is refused before it is read. */
    static final long MAX_TOKEN_FILE_BYTES = 1024 * 1024;

    /**
     * SX6: reads a token saved in a file (Open file…) as {@code --token-file} does, its first line, into the masked
     * token field, and inspects it at once; a file that cannot be read, or is too large to be a token, is said under
     * the token field, naming the file and never quoting it. The text goes nowhere but the field.
     */
    public void openTokenFile(java.nio.file.Path file) {
        if (busy.get()) {
            return;
        }
        tokenError.set("");
        try {
            long size = java.nio.file.Files.size(file);
            if (size > MAX_TOKEN_FILE_BYTES) {
                tokenError.set("The file " + file.getFileName() + " holds " + size + " bytes, more than a token file"
                        + " does (1 MiB at most): choose the file that holds the JWT.");
                return;
            }
            token.set(TokenInspection.tokenText(
                            java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8))
                    .reveal());
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            tokenError.set(
                    "The file " + file + " cannot be read (" + e.getClass().getSimpleName() + "): choose a"
                            + " readable file that holds the JWT on its first line.");
            return;
        }
        inspect();
    }

    private void show(Optional<TokenInspection> inspection) {
        header.set(inspection.map(TokenInspection::header).orElse(""));
        claims.set(inspection.map(TokenInspection::claims).orElse(""));
        checks.setAll(inspection
                .map(i -> i.checks().stream()
                        .map(c -> new Row(
                                c.name(),
                                c.result().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                                c.detail()))
                        .toList())
                .orElse(List.of()));
        verdict.set(inspection
                .map(i -> i.valid()
                        ? "Valid: the signature and every check that ran passed."
                        : "NOT valid: see the checks.")
                .orElse(""));
    }

    public StringProperty tokenProperty() {
        return token;
    }

    public StringProperty issuerProperty() {
        return issuer;
    }

    public StringProperty audienceProperty() {
        return audience;
    }

    public StringProperty jwksProperty() {
        return jwks;
    }

    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty claimsProperty() {
        return claims.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }
    /** SX5: why the pasted token was refused, for under its field; empty when it was read. */
    public ReadOnlyStringProperty tokenErrorProperty() {
        return tokenError.getReadOnlyProperty();
    }
    /** SX5: why the issuer's or the pasted keys were refused, for under their fields. */
    public ReadOnlyStringProperty keysErrorProperty() {
        return keysError.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ObservableList<Row> checks() {
        return checks;
    }
}
