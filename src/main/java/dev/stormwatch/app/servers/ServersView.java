package dev.stormwatch.app.servers;

import dev.stormwatch.app.common.RuleHints;
import dev.stormwatch.relay.RateLimitDialect;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The Provider & relay area: addresses, fault switches with what each demonstrates, and what is still planned. It
 * scrolls, so that at 1024×700 every fault's description keeps its words (UI8).
 */
public final class ServersView extends ScrollPane {

    public ServersView(ServersViewModel model) {
        setId("servers");
        VBox content = new VBox();
        Label title = new Label("Embedded provider & relay");
        title.getStyleClass().add("section-title");
        Label status = new Label();
        status.textProperty().bind(model.statusProperty());
        status.setWrapText(true);

        GridPane addresses = new GridPane();
        addresses.setHgap(12);
        addresses.setVgap(6);
        // The names keep their words; a long value (the limiter's description) wraps instead.
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        addresses.getColumnConstraints().setAll(names, values);
        Label provider = new Label();
        provider.setId("provider-address");
        provider.textProperty().bind(model.providerAddressProperty());
        Label relay = new Label();
        relay.setId("relay-address");
        relay.textProperty().bind(model.relayAddressProperty());
        addresses.addRow(0, new Label("OpenID provider"), provider);
        addresses.addRow(1, new Label("Relay (model API)"), relay);
        Label limiter = new Label();
        limiter.setId("limiter-backend");
        limiter.setWrapText(true);
        limiter.setMinHeight(Region.USE_PREF_SIZE);
        limiter.textProperty().bind(model.limiterProperty());
        addresses.addRow(2, new Label("Rate limiter"), limiter);
        ComboBox<RateLimitDialect> dialect = new ComboBox<>();
        dialect.setId("relay-dialect");
        dialect.getItems().setAll(RateLimitDialect.values());
        dialect.setConverter(new StringConverter<>() {
            @Override
            public String toString(RateLimitDialect value) {
                return value == null ? "" : value.name().toLowerCase(Locale.ROOT);
            }

            @Override
            public RateLimitDialect fromString(String text) {
                return RateLimitDialect.parse(text);
            }
        });
        dialect.valueProperty().bindBidirectional(model.relayDialectProperty());
        dialect.disableProperty().bind(model.runningProperty().not());
        dialect.setTooltip(new Tooltip("plain: no quota, as the relay always answered. The others meter "
                + ServersViewModel.DEMO_QUOTA.requests() + " requests per minute per key and say on every answer what"
                + " is left and when it resets, in that provider's headers (RH5-RH8)."));
        addresses.addRow(3, new Label("Relay's rate-limit headers"), dialect);
        Button serveMetrics = new Button("Serve metrics");
        serveMetrics.setId("serve-metrics");
        serveMetrics.setOnAction(e -> model.serveMetrics());
        serveMetrics
                .disableProperty()
                .bind(model.runningProperty()
                        .not()
                        .or(model.metricsAddressProperty().isNotEmpty()));
        serveMetrics.setTooltip(new Tooltip("Serve the relay's answers by outcome for Prometheus on a free port of"
                + " 127.0.0.1 until the app closes (L10)."));
        Label metricsAddress = new Label();
        metricsAddress.setId("metrics-address");
        metricsAddress.textProperty().bind(model.metricsAddressProperty());
        addresses.addRow(4, new Label("Metrics for Prometheus"), new HBox(8, serveMetrics, metricsAddress));
        Label logFolder = new Label();
        logFolder.setId("log-folder");
        logFolder.textProperty().bind(model.logFolderProperty());
        Button openLogs = new Button("Open log folder");
        openLogs.setId("open-log-folder");
        openLogs.setTooltip(new Tooltip("The app's log files, secrets redacted: attach them to a support ticket."));
        openLogs.disableProperty().bind(model.logFolderProperty().isEmpty());
        openLogs.setOnAction(e -> model.openLogFolder());
        addresses.addRow(5, new Label("Log files"), new HBox(8, logFolder, openLogs));

        Label faultsTitle = new Label("Force a behaviour");
        faultsTitle.getStyleClass().add("subsection-title");
        FlowPane switches = new FlowPane(8, 8);
        VBox explanations = new VBox(4);
        for (FaultSwitch fault : FaultSwitch.values()) {
            Button button = new Button(fault.label());
            button.setId("fault-" + fault.name().toLowerCase().replace('_', '-'));
            button.setTooltip(new Tooltip(fault.explanation()));
            button.disableProperty().bind(model.runningProperty().not());
            button.setOnAction(e -> model.flip(fault));
            switches.getChildren().add(button);
            Label line = RuleHints.explain(new Label(fault.label() + ": " + fault.explanation()));
            line.setWrapText(true);
            line.setMinHeight(Region.USE_PREF_SIZE);
            line.getStyleClass().add("muted");
            explanations.getChildren().add(line);
        }
        Label last = new Label();
        last.setId("fault-last-action");
        last.textProperty().bind(model.lastActionProperty());
        Label plannedTitle = new Label("Still planned");
        plannedTitle.getStyleClass().add("subsection-title");
        ListView<String> planned = new ListView<>(model.planned());
        planned.setPlaceholder(new Label("No fault planned: the servers answer normally."));
        planned.setPrefHeight(140);
        Button reread = new Button("Re-read");
        reread.setOnAction(e -> model.refreshPlanned());

        content.getChildren()
                .addAll(
                        title,
                        status,
                        addresses,
                        faultsTitle,
                        switches,
                        last,
                        explanations,
                        plannedTitle,
                        planned,
                        reread);
        content.setSpacing(10);
        content.setPadding(new Insets(4));
        content.setMaxWidth(980);
        setContent(content);
        setFitToWidth(true);
        getStyleClass().add("edge-to-edge");
    }
}
