package dev.stormwatch.app.session;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The token inspector's layout (SX4, SX5): the pasted token in a masked field (it is a secret: never shown back or
 * copied out), an issuer or a pasted JWKS, an expected audience, then the header, the claims and the checks table.
 * It only binds; {@link TokenInspectorViewModel} decides.
 */
final class TokenInspectorView {

    /** UI23: the decoded header and claims take this share of the room beside the checks table. */
    static final double DECODED_SHARE = 0.65;

    private TokenInspectorView() {}

    static Node build(TokenInspectorViewModel model) {
        return build(model, dev.stormwatch.app.common.FileDialogs.desktop());
    }

    static Node build(TokenInspectorViewModel model, dev.stormwatch.app.common.FileDialogs files) {
        PasswordField token = new PasswordField();
        token.setId("inspector-token");
        token.setPromptText("Paste a JWT (header.payload.signature)");
        token.textProperty().bindBidirectional(model.tokenProperty());
        TextField issuer = new TextField();
        issuer.setId("inspector-issuer");
        issuer.setPromptText("Issuer URL: its JWKS is fetched");
        issuer.textProperty().bindBidirectional(model.issuerProperty());
        TextField audience = new TextField();
        audience.setId("inspector-audience");
        audience.setPromptText("Expected aud (optional)");
        audience.textProperty().bindBidirectional(model.audienceProperty());
        TextArea jwks = new TextArea();
        jwks.setId("inspector-jwks");
        jwks.setPromptText("...or paste a JWKS ({\"keys\": [...]})");
        jwks.setPrefRowCount(1); // UI23: the header and claims below need the room more
        jwks.textProperty().bindBidirectional(model.jwksProperty());
        TabLeavesTextArea.on(jwks); // UI11: a JWKS needs no tab character
        // SX6: a token saved in a file goes into the masked field, as a pasted one does, and is inspected at once.
        Button open = new Button("Open file…");
        open.setId("inspector-open-file");
        open.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        open.disableProperty().bind(model.busyProperty());
        open.setOnAction(e -> files.openOne(dev.stormwatch.app.common.FileDialogs.windowOf(open), "Open a token file")
                .ifPresent(model::openTokenFile));
        Button inspect = new Button("Inspect");
        inspect.setId("inspector-inspect");
        inspect.setOnAction(e -> model.inspect());
        inspect.disableProperty().bind(model.busyProperty());
        HBox.setHgrow(issuer, Priority.ALWAYS);
        HBox.setHgrow(token, Priority.ALWAYS);
        HBox tokenRow = new HBox(8, new Label("Token"), token, open, inspect);
        HBox keysRow = new HBox(8, new Label("Issuer"), issuer, new Label("Audience"), audience);
        Label verdict = new Label();
        verdict.setId("inspector-verdict");
        verdict.textProperty().bind(model.verdictProperty());
        // UI26: no verdict yet, no empty line: the header, the claims and the checks' placeholder need the room.
        verdict.visibleProperty().bind(model.verdictProperty().isNotEmpty());
        verdict.managedProperty().bind(verdict.visibleProperty());

        TableView<TokenInspectorViewModel.Row> checks = new TableView<>(model.checks()) {
            /** UI26: its least height is its header and its placeholder's line, whole, in the fonts they are given. */
            @Override
            protected double computeMinHeight(double width) {
                Node header = lookup(".column-header-background");
                if (header == null || getPlaceholder() == null) {
                    return super.computeMinHeight(width);
                }
                Node placeholder = lookup(".placeholder"); // the skin's region around the label, while it shows
                return snappedTopInset()
                        + header.prefHeight(width)
                        + (placeholder == null ? getPlaceholder() : placeholder).prefHeight(width)
                        + snappedBottomInset();
            }
        };
        checks.setId("inspector-checks");
        checks.getColumns().add(column("Check", TokenInspectorViewModel.Row::check, 90));
        checks.getColumns().add(column("Result", TokenInspectorViewModel.Row::result, 100));
        checks.getColumns().add(column("What was seen", TokenInspectorViewModel.Row::detail, 520));
        checks.setPlaceholder(new Label("Paste a token and press Inspect."));
        checks.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        SplitPane decoded = new SplitPane(
                area("Header", "inspector-header", model.headerProperty()),
                area("Claims", "inspector-claims", model.claimsProperty()));
        decoded.setDividerPositions(0.3);
        SplitPane read = new SplitPane(decoded, checks);
        read.setOrientation(javafx.geometry.Orientation.VERTICAL);
        read.setDividerPositions(DECODED_SHARE); // UI23
        // UI26: a split laid out while the window was still small keeps the share it was clamped to; each new height
        // gives the header and claims their share again, the checks table its header and placeholder at least.
        read.heightProperty().addListener((obs, was, now) -> read.setDividerPositions(DECODED_SHARE));
        VBox.setVgrow(read, Priority.ALWAYS);
        VBox pane = new VBox(
                6,
                tokenRow,
                error("inspector-token-error", model.tokenErrorProperty()),
                keysRow,
                jwks,
                error("inspector-keys-error", model.keysErrorProperty()),
                verdict,
                read);
        pane.setPadding(new Insets(8));
        return pane;
    }

    private static TableColumn<TokenInspectorViewModel.Row, String> column(
            String title, java.util.function.Function<TokenInspectorViewModel.Row, String> value, double width) {
        TableColumn<TokenInspectorViewModel.Row, String> column = new TableColumn<>(title);
        column.setCellValueFactory(row -> new SimpleStringProperty(value.apply(row.getValue())));
        column.setPrefWidth(width);
        // UI3: a header is never cut, at the window's smallest size either.
        column.setMinWidth(Math.min(width, 100));
        return column;
    }

    private static VBox area(String title, String id, ReadOnlyStringProperty text) {
        TextArea area = new TextArea();
        area.setId(id);
        area.setEditable(false);
        area.getStyleClass().add("code");
        area.textProperty().bind(text);
        VBox.setVgrow(area, Priority.ALWAYS);
        return new VBox(4, new Label(title), area);
    }

    private static Label error(String id, ReadOnlyStringProperty text) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add("field-error");
        label.setWrapText(true);
        label.textProperty().bind(text);
        label.visibleProperty().bind(text.isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}
