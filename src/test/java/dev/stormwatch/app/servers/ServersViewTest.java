package dev.stormwatch.app.servers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.testing.FxThread;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Provider & relay area on a real JavaFX toolkit, over the embedded defaults really running: what each label
 * shows, what each button does to the servers, and when the buttons are refused (HD2, L10, UI8).
 */
@ExtendWith(ApplicationExtension.class)
class ServersViewTest {

    @RegisterExtension
    static final RunningEmbeddedStack SERVERS = new RunningEmbeddedStack();

    private final List<Path> opened = new ArrayList<>();
    private ServersViewModel model;
    private ServersView view;

    @Start
    void start(Stage stage) {
        model = new ServersViewModel();
        model.attach(SERVERS.stack());
        model.logFolder(Path.of("logs"), opened::add);
        view = new ServersView(model);
        stage.setScene(new Scene(view, 1000, 700));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    private void fire(String id) throws Exception {
        FxThread.call(Duration.ofSeconds(20), () -> {
            ((Button) view.lookup("#" + id)).fire();
            return null;
        });
    }

    private String text(String id) {
        return ((Label) view.lookup("#" + id)).getText();
    }

    @Test
    @DisplayName("HD2: the addresses, the limiter and the log folder show what the running servers and the app say")
    void theLabelsShowTheModelsValues() {
        assertThat(text("provider-address"))
                .isEqualTo(model.providerAddressProperty().get())
                .isNotEmpty();
        assertThat(text("relay-address"))
                .isEqualTo(model.relayAddressProperty().get())
                .isNotEmpty();
        assertThat(text("limiter-backend"))
                .isEqualTo(model.limiterProperty().get())
                .isNotEmpty();
        assertThat(text("log-folder")).isEqualTo("logs");
        VBox content = (VBox) view.getContent();
        Label status = (Label) content.getChildren().get(1);
        assertThat(status.getText()).isEqualTo(model.statusProperty().get()).isNotEmpty();
        assertThat(status.isWrapText()).isTrue();
    }

    @Test
    @DisplayName("L10: Serve metrics serves them once, says where, and is then refused")
    void serveMetricsSaysWhereAndIsThenRefused() throws Exception {
        assertThat(view.lookup("#serve-metrics").isDisable()).isFalse();

        fire("serve-metrics");

        assertThat(text("metrics-address")).startsWith("http://127.0.0.1:");
        assertThat(view.lookup("#serve-metrics").isDisable()).isTrue();
        assertThat(((Button) view.lookup("#serve-metrics")).getTooltip().getText())
                .contains("(L10)");
    }

    @Test
    @DisplayName("HD2: Open log folder shows the app's log folder")
    void openLogFolderShowsTheFolder() throws Exception {
        Button open = (Button) view.lookup("#open-log-folder");
        assertThat(open.isDisable()).isFalse();
        assertThat(open.getTooltip().getText()).contains("secrets redacted");

        fire("open-log-folder");

        assertThat(opened).containsExactly(Path.of("logs"));
    }

    @Test
    @DisplayName("A fault's button plans it on the servers and says so; Re-read shows what is still planned")
    void aFaultsButtonPlansItAndReReadShowsWhatIsLeft() throws Exception {
        Button outage = (Button) view.lookup("#fault-provider-outage");
        assertThat(outage.getText()).isEqualTo(FaultSwitch.PROVIDER_OUTAGE.label());
        assertThat(outage.getTooltip().getText()).isEqualTo(FaultSwitch.PROVIDER_OUTAGE.explanation());
        @SuppressWarnings("unchecked")
        ListView<String> planned =
                (ListView<String>) ((VBox) view.getContent()).getChildren().get(8);
        assertThat(((Label) planned.getPlaceholder()).getText())
                .isEqualTo("No fault planned: the servers answer normally.");

        fire("fault-provider-outage");

        assertThat(text("fault-last-action")).isNotEmpty();
        assertThat(planned.getItems()).isNotEmpty();
        SERVERS.stack().provider().faults().clear();
        FxThread.call(Duration.ofSeconds(20), () -> {
            ((Button) ((VBox) view.getContent()).getChildren().get(9)).fire();
            return null;
        });
        assertThat(planned.getItems()).isEmpty();
    }

    @Test
    @DisplayName("RH5-RH8: the dialect's choice reads and writes each dialect by its lower-case name")
    void theDialectChoiceNamesEachDialect() throws Exception {
        @SuppressWarnings("unchecked")
        ComboBox<RateLimitDialect> dialect = (ComboBox<RateLimitDialect>) view.lookup("#relay-dialect");

        assertThat(dialect.getItems()).containsExactly(RateLimitDialect.values());
        assertThat(dialect.getConverter().toString(RateLimitDialect.PLAIN)).isEqualTo("plain");
        assertThat(dialect.getConverter().toString(null)).isEmpty();
        assertThat(dialect.getConverter().fromString("plain")).isEqualTo(RateLimitDialect.PLAIN);
        assertThat(dialect.getTooltip().getText()).startsWith("plain: no quota");
        assertThat(dialect.isDisable()).isFalse();
        FxThread.call(Duration.ofSeconds(20), () -> {
            model.relayDialectProperty().set(RateLimitDialect.values()[1]);
            return null;
        });
        assertThat(dialect.getValue()).isEqualTo(RateLimitDialect.values()[1]);
    }

    @Test
    @DisplayName("With no servers running, every button that acts on them is refused")
    void withNoServersEveryButtonIsRefused() throws Exception {
        ServersView idle = FxThread.call(Duration.ofSeconds(20), () -> new ServersView(new ServersViewModel()));

        assertThat(idle.getContent().lookup("#serve-metrics").isDisable()).isTrue();
        assertThat(idle.getContent().lookup("#relay-dialect").isDisable()).isTrue();
        assertThat(idle.getContent().lookup("#fault-provider-outage").isDisable())
                .isTrue();
        assertThat(idle.getContent().lookup("#open-log-folder").isDisable())
                .as("no log folder")
                .isTrue();
    }

    @Test
    @DisplayName("UI8: the area scrolls, its column at most 980 px wide; the names keep their words and long values"
            + " and explanations wrap without losing a line")
    void theAreaScrollsAndItsTextsWrapWhole() {
        assertThat(view.getId()).isEqualTo("servers");
        assertThat(view.isFitToWidth()).isTrue();
        assertThat(view.getStyleClass()).contains("edge-to-edge");
        VBox content = (VBox) view.getContent();
        assertThat(content.getSpacing()).isEqualTo(10);
        assertThat(content.getPadding()).isEqualTo(new Insets(4));
        assertThat(content.getAlignment()).isEqualTo(Pos.TOP_LEFT);
        assertThat(content.getMaxWidth()).isEqualTo(980);
        GridPane addresses = (GridPane) content.getChildren().get(2);
        assertThat(addresses.getHgap()).isEqualTo(12);
        assertThat(addresses.getVgap()).isEqualTo(6);
        assertThat(addresses.getColumnConstraints().get(0).getMinWidth()).isEqualTo(Region.USE_PREF_SIZE);
        assertThat(addresses.getColumnConstraints().get(1).getHgrow()).isEqualTo(Priority.ALWAYS);
        assertThat(addresses.getChildren()).hasSize(12);
        Label limiter = (Label) view.lookup("#limiter-backend");
        assertThat(limiter.isWrapText()).isTrue();
        assertThat(limiter.getMinHeight()).isEqualTo(Region.USE_PREF_SIZE);
        VBox explanations = (VBox) content.getChildren().get(6);
        assertThat(explanations.getChildren()).hasSize(FaultSwitch.values().length);
        assertThat(explanations.getChildren()).allSatisfy(node -> {
            Label line = (Label) node;
            assertThat(line.isWrapText()).isTrue();
            assertThat(line.getMinHeight()).isEqualTo(Region.USE_PREF_SIZE);
        });
        ListView<?> planned = (ListView<?>) content.getChildren().get(8);
        assertThat(planned.getPrefHeight()).isEqualTo(140);
    }
}
