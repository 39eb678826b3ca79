package dev.stormwatch.app.session;

import dev.stormwatch.oauth.Issuer;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The OAuth client's settings as the user edits them: text in, an {@link OAuthConfig} out, or a reason next to
 * each refused field (spec C2: refused, never clamped; E1: raised when the settings are made).
 */
public final class SettingsViewModel {

    /** The demo provider's public client, registered by the embedded provider's defaults. */
    public static final String DEMO_CLIENT_ID = "stormwatch-desktop";
    public static final String DEFAULT_SCOPE = "openid profile email offline_access";

    private final StringProperty issuer = new SimpleStringProperty("");
    private final StringProperty clientId = new SimpleStringProperty(DEMO_CLIENT_ID);
    private final StringProperty scope = new SimpleStringProperty(DEFAULT_SCOPE);
    private final BooleanProperty dpop = new SimpleBooleanProperty(false);
    private final ObjectProperty<PolicyPreset> preset = new SimpleObjectProperty<>(PolicyPreset.DEFAULT);
    private final StringProperty maxAttemptsPerOrigin = new SimpleStringProperty();
    private final StringProperty maxTotalAttempts = new SimpleStringProperty();
    private final StringProperty initialBackoffMs = new SimpleStringProperty();
    private final StringProperty multiplier = new SimpleStringProperty();
    private final StringProperty maxBackoffMs = new SimpleStringProperty();
    private final StringProperty totalBudgetMs = new SimpleStringProperty();

    private final StringProperty issuerError = new SimpleStringProperty("");
    private final StringProperty clientIdError = new SimpleStringProperty("");
    private final StringProperty scopeError = new SimpleStringProperty("");
    private final Map<String, StringProperty> policyErrors = Map.of(
            "maxAttemptsPerOrigin", new SimpleStringProperty(""),
            "maxTotalAttempts", new SimpleStringProperty(""),
            "initialBackoff", new SimpleStringProperty(""),
            "multiplier", new SimpleStringProperty(""),
            "maxBackoff", new SimpleStringProperty(""),
            "totalBudget", new SimpleStringProperty(""));

    private boolean filling;

    public SettingsViewModel() {
        fill(RetryPolicy.DEFAULT);
        preset.addListener((obs, old, chosen) -> chosen.policy().ifPresent(this::fill));
        for (StringProperty field : new StringProperty[] {maxAttemptsPerOrigin, maxTotalAttempts, initialBackoffMs,
                multiplier, maxBackoffMs, totalBudgetMs}) {
            field.addListener((obs, old, now) -> {
                if (!filling) {
                    preset.set(PolicyPreset.CUSTOM);
                }
            });
        }
    }

    private void fill(RetryPolicy policy) {
        filling = true;
        maxAttemptsPerOrigin.set(Integer.toString(policy.maxAttemptsPerOrigin()));
        maxTotalAttempts.set(Integer.toString(policy.maxTotalAttempts()));
        initialBackoffMs.set(Long.toString(policy.initialBackoff().toMillis()));
        multiplier.set(Double.toString(policy.multiplier()));
        maxBackoffMs.set(Long.toString(policy.maxBackoff().toMillis()));
        totalBudgetMs.set(Long.toString(policy.totalBudget().toMillis()));
        filling = false;
    }

    /**
     * Checks every field and builds the settings. Each refused field gets its reason; nothing is clamped (C2).
     *
     * @return the settings, or empty when a field was refused
     */
    public Optional<OAuthConfig> toConfig() {
        clearErrors();
        Optional<Issuer> parsedIssuer = attempt(issuerError, () -> new Issuer(issuer.get().trim()));
        Optional<RetryPolicy> policy = toPolicy();
        if (clientId.get() == null || clientId.get().isBlank()) {
            clientIdError.set("Give the client id registered at the provider.");
        }
        if (parsedIssuer.isEmpty() || policy.isEmpty() || !clientIdError.get().isEmpty()) {
            return Optional.empty();
        }
        return attempt(scopeError, () -> OAuthConfig.of(parsedIssuer.get().value(), clientId.get().trim())
                .withScope(scope.get().trim().replaceAll("\\s+", " "))
                .withDpop(dpop.get())
                .withRetryPolicy(policy.get()));
    }

    private Optional<RetryPolicy> toPolicy() {
        Optional<Integer> perOrigin = parse(maxAttemptsPerOrigin, "maxAttemptsPerOrigin", Integer::parseInt, "a whole number");
        Optional<Integer> total = parse(maxTotalAttempts, "maxTotalAttempts", Integer::parseInt, "a whole number");
        Optional<Long> initial = parse(initialBackoffMs, "initialBackoff", Long::parseLong, "a whole number of milliseconds");
        Optional<Double> mult = parse(multiplier, "multiplier", Double::parseDouble, "a number such as 2.0");
        Optional<Long> max = parse(maxBackoffMs, "maxBackoff", Long::parseLong, "a whole number of milliseconds");
        Optional<Long> budget = parse(totalBudgetMs, "totalBudget", Long::parseLong, "a whole number of milliseconds");
        if (perOrigin.isEmpty() || total.isEmpty() || initial.isEmpty() || mult.isEmpty() || max.isEmpty()
                || budget.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RetryPolicy(perOrigin.get(), total.get(), Duration.ofMillis(initial.get()),
                    mult.get(), Duration.ofMillis(max.get()), Duration.ofMillis(budget.get())));
        } catch (CallFailure.Configuration refused) {
            // C2: the policy names the field it refused first; show the reason next to that field.
            String message = refused.getMessage();
            policyErrors.entrySet().stream()
                    .filter(e -> message.contains(e.getKey()))
                    .min((a, b) -> Integer.compare(message.indexOf(a.getKey()), message.indexOf(b.getKey())))
                    .map(Map.Entry::getValue)
                    .orElse(policyErrors.get("maxAttemptsPerOrigin"))
                    .set(message);
            return Optional.empty();
        }
    }

    private <T> Optional<T> parse(StringProperty field, String name, Function<String, T> parser, String expected) {
        String text = field.get() == null ? "" : field.get().trim();
        try {
            return Optional.of(parser.apply(text));
        } catch (NumberFormatException e) {
            policyErrors.get(name).set("'" + text + "' is not " + expected + ".");
            return Optional.empty();
        }
    }

    private static <T> Optional<T> attempt(StringProperty error, java.util.function.Supplier<T> make) {
        try {
            return Optional.of(make.get());
        } catch (CallFailure.Configuration refused) {
            error.set(refused.getMessage());
            return Optional.empty();
        }
    }

    private void clearErrors() {
        issuerError.set("");
        clientIdError.set("");
        scopeError.set("");
        policyErrors.values().forEach(e -> e.set(""));
    }

    public StringProperty issuerProperty() { return issuer; }
    public StringProperty clientIdProperty() { return clientId; }
    public StringProperty scopeProperty() { return scope; }
    public BooleanProperty dpopProperty() { return dpop; }
    public ObjectProperty<PolicyPreset> presetProperty() { return preset; }
    public StringProperty maxAttemptsPerOriginProperty() { return maxAttemptsPerOrigin; }
    public StringProperty maxTotalAttemptsProperty() { return maxTotalAttempts; }
    public StringProperty initialBackoffMsProperty() { return initialBackoffMs; }
    public StringProperty multiplierProperty() { return multiplier; }
    public StringProperty maxBackoffMsProperty() { return maxBackoffMs; }
    public StringProperty totalBudgetMsProperty() { return totalBudgetMs; }
    public StringProperty issuerErrorProperty() { return issuerError; }
    public StringProperty clientIdErrorProperty() { return clientIdError; }
    public StringProperty scopeErrorProperty() { return scopeError; }

    /** The reason a policy field was refused, by the field's name in {@link RetryPolicy}; empty when accepted. */
    public StringProperty policyErrorProperty(String field) {
        return policyErrors.get(field);
    }
}
