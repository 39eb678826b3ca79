package dev.stormwatch.app.session;

import dev.stormwatch.oauth.Issuer;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.app.common.Durations;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
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
    private final ObjectProperty<PolicyChoice> preset = new SimpleObjectProperty<>(PolicyChoice.DEFAULT);
    private final StringProperty maxAttemptsPerOrigin = new SimpleStringProperty();
    private final StringProperty maxTotalAttempts = new SimpleStringProperty();
    private final StringProperty initialBackoffMs = new SimpleStringProperty();
    private final StringProperty multiplier = new SimpleStringProperty();
    private final StringProperty maxBackoffMs = new SimpleStringProperty();
    private final StringProperty totalBudgetMs = new SimpleStringProperty();

    private final StringProperty issuerError = new SimpleStringProperty("");
    private final StringProperty clientIdError = new SimpleStringProperty("");
    private final StringProperty scopeError = new SimpleStringProperty("");
    /** Each policy field's label, as the settings show it, so that a reason names what the person sees. */
    static final Map<String, String> LABELS = orderedLabels();

    private final Map<String, StringProperty> policyErrors = Map.of(
            "maxAttemptsPerOrigin", new SimpleStringProperty(""),
            "maxTotalAttempts", new SimpleStringProperty(""),
            "initialBackoff", new SimpleStringProperty(""),
            "multiplier", new SimpleStringProperty(""),
            "maxBackoff", new SimpleStringProperty(""),
            "totalBudget", new SimpleStringProperty(""));

    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(false);
    private boolean filling;

    public SettingsViewModel() {
        fill(RetryPolicy.DEFAULT);
        preset.addListener((obs, old, chosen) -> chosen.policy().ifPresent(this::fill));
        for (StringProperty field : new StringProperty[] {maxAttemptsPerOrigin, maxTotalAttempts, initialBackoffMs,
                multiplier, maxBackoffMs, totalBudgetMs}) {
            field.addListener((obs, old, now) -> {
                if (!filling) {
                    preset.set(PolicyChoice.CUSTOM);
                }
            });
        }
        // Every field is checked as it is typed: a reason appears at once, and goes when the field is corrected.
        for (javafx.beans.Observable field : new javafx.beans.Observable[] {issuer, clientId, scope, dpop,
                maxAttemptsPerOrigin, maxTotalAttempts, initialBackoffMs, multiplier, maxBackoffMs, totalBudgetMs}) {
            field.addListener(o -> {
                if (!filling) {
                    toConfig();
                }
            });
        }
        toConfig();
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
        toConfig();
    }

    /**
     * Checks every field and builds the settings. Every refused field gets its reason at once, in the words of
     * its label; nothing is clamped (C2).
     *
     * @return the settings, or empty when a field was refused
     */
    public Optional<OAuthConfig> toConfig() {
        Map<StringProperty, String> refused = new LinkedHashMap<>();
        Optional<Issuer> parsedIssuer = issuer(refused);
        String id = clientId.get() == null ? "" : clientId.get().trim();
        if (id.isEmpty()) {
            refused.put(clientIdError, "Client id is empty: type the client id registered at the provider "
                    + "(the demo provider's is " + DEMO_CLIENT_ID + ").");
        }
        String scopes = scope.get() == null ? "" : scope.get().trim().replaceAll("\\s+", " ");
        if (!java.util.Arrays.asList(scopes.split(" ")).contains("openid")) {
            refused.put(scopeError, "Scopes must include openid, which asks for the ID token: for example \""
                    + DEFAULT_SCOPE + "\".");
        }
        Optional<RetryPolicy> policy = toPolicy(refused);
        Optional<OAuthConfig> config = Optional.empty();
        if (refused.isEmpty()) {
            try {
                config = Optional.of(OAuthConfig.of(parsedIssuer.orElseThrow().value(), id)
                        .withScope(scopes)
                        .withDpop(dpop.get())
                        .withRetryPolicy(policy.orElseThrow()));
            } catch (CallFailure.Configuration other) {
                // A rule of the client this view does not know by name: shown as the client words it.
                refused.put(issuerError, other.getMessage());
            }
        }
        for (StringProperty error : allErrors()) {
            error.set(refused.getOrDefault(error, ""));
        }
        valid.set(config.isPresent());
        return config;
    }

    /** One line naming every refused field, for a message away from the fields. */
    public String refusedSummary() {
        List<String> names = new ArrayList<>();
        if (!issuerError.get().isEmpty()) names.add("Issuer");
        if (!clientIdError.get().isEmpty()) names.add("Client id");
        if (!scopeError.get().isEmpty()) names.add("Scopes");
        for (Map.Entry<String, String> label : LABELS.entrySet()) {
            if (!policyErrors.get(label.getKey()).get().isEmpty()) {
                names.add(label.getValue());
            }
        }
        return (names.size() == 1 ? "this field is refused: " : "these fields are refused: ")
                + String.join(", ", names) + ". The reason is under each.";
    }

    private Optional<Issuer> issuer(Map<StringProperty, String> refused) {
        String text = issuer.get() == null ? "" : issuer.get().trim();
        if (text.isEmpty()) {
            refused.put(issuerError, "Issuer is empty: type the provider's URL, like https://login.example.com.");
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            refused.put(issuerError, "Issuer '" + text + "' is not a URL: type one like https://login.example.com"
                    + (text.contains(" ") ? " (without spaces)." : "."));
            return Optional.empty();
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            refused.put(issuerError, "Issuer '" + text + "' is not a full URL: type one with https:// and a host, "
                    + "like https://login.example.com.");
            return Optional.empty();
        }
        try {
            return Optional.of(new Issuer(text));
        } catch (CallFailure.Configuration rule) {
            refused.put(issuerError, "Issuer: " + rule.getMessage().replaceFirst("^issuer '[^']*' ", "") + ".");
            return Optional.empty();
        }
    }

    private Optional<RetryPolicy> toPolicy(Map<StringProperty, String> refused) {
        Optional<Long> perOrigin = whole(refused, "maxAttemptsPerOrigin", maxAttemptsPerOrigin, 1,
                RetryPolicy.LIMIT_ATTEMPTS_PER_ORIGIN);
        Optional<Long> total = whole(refused, "maxTotalAttempts", maxTotalAttempts, 1,
                RetryPolicy.LIMIT_TOTAL_ATTEMPTS);
        Optional<Duration> initial = millis(refused, "initialBackoff", initialBackoffMs, Duration.ofDays(1));
        Optional<Double> mult = multiplier(refused);
        Optional<Duration> max = millis(refused, "maxBackoff", maxBackoffMs, RetryPolicy.LIMIT_MAX_BACKOFF);
        Optional<Duration> budget = millis(refused, "totalBudget", totalBudgetMs, RetryPolicy.LIMIT_TOTAL_BUDGET);
        if (perOrigin.isPresent() && total.isPresent() && perOrigin.get() > total.get()) {
            refused.put(policyErrors.get("maxAttemptsPerOrigin"), LABELS.get("maxAttemptsPerOrigin") + " ("
                    + perOrigin.get() + ") cannot be more than " + LABELS.get("maxTotalAttempts") + " ("
                    + total.get() + "): lower it, or raise the other (C2).");
        }
        if (initial.isPresent() && max.isPresent() && max.get().compareTo(initial.get()) < 0) {
            refused.put(policyErrors.get("maxBackoff"), LABELS.get("maxBackoff") + " (" + Durations.human(max.get())
                    + ") cannot be below " + LABELS.get("initialBackoff") + " (" + Durations.human(initial.get())
                    + "): raise it to at least " + initial.get().toMillis() + " (C2).");
        }
        if (refused.keySet().stream().anyMatch(policyErrors::containsValue)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RetryPolicy(perOrigin.get().intValue(), total.get().intValue(), initial.get(),
                    mult.get(), max.get(), budget.get()));
        } catch (CallFailure.Configuration other) {
            // A rule this view does not check by name: shown as the policy words it, next to the first field.
            refused.put(policyErrors.get("maxAttemptsPerOrigin"), other.getMessage());
            return Optional.empty();
        }
    }

    private Optional<Long> whole(Map<StringProperty, String> refused, String name, StringProperty field, long min,
            long max) {
        String text = text(field);
        String range = "a whole number from " + min + " to " + max + " (C2)";
        try {
            long value = Long.parseLong(text);
            if (value < min || value > max) {
                refused.put(policyErrors.get(name), LABELS.get(name) + " must be " + range + ", not " + value + ".");
                return Optional.empty();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            refused.put(policyErrors.get(name), LABELS.get(name) + (text.isEmpty() ? " is empty" : " '" + text
                    + "' is not a whole number") + ": type " + range + ".");
            return Optional.empty();
        }
    }

    private Optional<Duration> millis(Map<StringProperty, String> refused, String name, StringProperty field,
            Duration max) {
        String text = text(field);
        String expected = "type a number of milliseconds from 1 to " + max.toMillis() + " (" + Durations.human(max)
                + ")";
        try {
            long value = Long.parseLong(text);
            if (value <= 0) {
                refused.put(policyErrors.get(name), LABELS.get(name) + " must be more than 0 ms"
                        + (name.equals("totalBudget") ? "" : ", or jitter would be switched off (B4)") + ": "
                        + expected + ", such as " + example(name) + ".");
                return Optional.empty();
            }
            Duration duration = Duration.ofMillis(value);
            if (duration.compareTo(max) > 0) {
                refused.put(policyErrors.get(name), LABELS.get(name) + " must be at most " + Durations.human(max)
                        + ", not " + Durations.human(duration) + ": " + expected + " (C2).");
                return Optional.empty();
            }
            return Optional.of(duration);
        } catch (NumberFormatException e) {
            refused.put(policyErrors.get(name), LABELS.get(name) + (text.isEmpty() ? " is empty: "
                    : " '" + text + "' is not a whole number of milliseconds: ") + expected + ", such as "
                    + example(name) + ".");
            return Optional.empty();
        }
    }

    private static String example(String name) {
        return switch (name) {
            case "initialBackoff" -> "500 (half a second)";
            case "maxBackoff" -> "10000 (10 s)";
            default -> "20000 (20 s)";
        };
    }

    private Optional<Double> multiplier(Map<StringProperty, String> refused) {
        String text = text(multiplier);
        String label = LABELS.get("multiplier");
        try {
            double value = Double.parseDouble(text);
            if (!(value >= 1.0) || Double.isInfinite(value)) {
                refused.put(policyErrors.get("multiplier"), label + " must be at least 1.0, not " + text
                        + ", or each wait would be shorter than the last: type a number such as 2.0 (C2).");
                return Optional.empty();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            refused.put(policyErrors.get("multiplier"), label + (text.isEmpty() ? " is empty" : " '" + text
                    + "' is not a number") + ": type a number such as 2.0.");
            return Optional.empty();
        }
    }

    private static String text(StringProperty field) {
        return field.get() == null ? "" : field.get().trim();
    }

    private List<StringProperty> allErrors() {
        List<StringProperty> all = new ArrayList<>(List.of(issuerError, clientIdError, scopeError));
        all.addAll(policyErrors.values());
        return all;
    }

    /** False while any field is refused: nothing may start with settings the person cannot see (C2). */
    public ReadOnlyBooleanProperty validProperty() { return valid.getReadOnlyProperty(); }

    private static Map<String, String> orderedLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("maxAttemptsPerOrigin", "Failed requests per origin");
        labels.put("maxTotalAttempts", "Failed requests in all");
        labels.put("initialBackoff", "First backoff (ms)");
        labels.put("multiplier", "Multiplier");
        labels.put("maxBackoff", "Backoff cap (ms)");
        labels.put("totalBudget", "Time budget per call (ms)");
        return java.util.Collections.unmodifiableMap(labels);
    }

    public StringProperty issuerProperty() { return issuer; }
    public StringProperty clientIdProperty() { return clientId; }
    public StringProperty scopeProperty() { return scope; }
    public BooleanProperty dpopProperty() { return dpop; }
    public ObjectProperty<PolicyChoice> presetProperty() { return preset; }
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
