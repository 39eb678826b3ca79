package dev.stormwatch.app.session;

import dev.stormwatch.app.common.RuleHints;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

/** The OAuth client's settings; a refused value shows its reason right under its field (C2). */
final class SettingsView extends VBox {

    SettingsView(SessionViewModel session) {
        SettingsViewModel model = session.settings();
        Label title = new Label("Settings");
        title.getStyleClass().add("section-title");
        CheckBox dpop = new CheckBox("DPoP-bound tokens (RFC 9449)");
        dpop.setId("settings-dpop");
        dpop.selectedProperty().bindBidirectional(model.dpopProperty());
        ComboBox<PolicyChoice> preset = new ComboBox<>();
        preset.setId("settings-preset");
        preset.getItems().setAll(PolicyChoice.values());
        preset.valueProperty().bindBidirectional(model.presetProperty());
        preset.setMaxWidth(Double.MAX_VALUE);
        Label policy = new Label("Retry policy");
        policy.getStyleClass().add("subsection-title");
        Button apply = SessionView.button("Apply settings", "settings-apply", session::applySettings);
        apply.disableProperty().bind(session.busyProperty());

        getChildren().addAll(title,
                field("Issuer", "settings-issuer", model.issuerProperty(), model.issuerErrorProperty()),
                field("Client id", "settings-client-id", model.clientIdProperty(), model.clientIdErrorProperty()),
                field("Scopes", "settings-scope", model.scopeProperty(), model.scopeErrorProperty()),
                dpop, policy, preset,
                field(SettingsViewModel.LABELS.get("maxAttemptsPerOrigin"), "policy-per-origin", model.maxAttemptsPerOriginProperty(),
                        model.policyErrorProperty("maxAttemptsPerOrigin")),
                field("Failed requests in all", "policy-total", model.maxTotalAttemptsProperty(),
                        model.policyErrorProperty("maxTotalAttempts")),
                field("First backoff (ms)", "policy-initial", model.initialBackoffMsProperty(),
                        model.policyErrorProperty("initialBackoff")),
                field("Multiplier", "policy-multiplier", model.multiplierProperty(),
                        model.policyErrorProperty("multiplier")),
                field("Backoff cap (ms)", "policy-max-backoff", model.maxBackoffMsProperty(),
                        model.policyErrorProperty("maxBackoff")),
                field("Time budget per call (ms)", "policy-budget", model.totalBudgetMsProperty(),
                        model.policyErrorProperty("totalBudget")),
                apply);
        setSpacing(8);
        setPadding(new Insets(12));
        getStyleClass().add("settings");
    }

    private static Node field(String label, String id, StringProperty value, StringProperty error) {
        TextField input = new TextField();
        input.setId(id);
        input.textProperty().bindBidirectional(value);
        Label reason = new Label();
        reason.setId(id + "-error");
        reason.getStyleClass().add("field-error");
        reason.setWrapText(true);
        RuleHints.explain(reason);
        reason.textProperty().bind(error);
        reason.visibleProperty().bind(error.isNotEmpty());
        reason.managedProperty().bind(reason.visibleProperty());
        return new VBox(2, new Label(label), input, reason);
    }
}
