package dev.stormwatch.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.Axis;
import javafx.scene.chart.Chart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * A window's scene graph as text, one node a line, with what its code set: ids, style classes, words, tooltips,
 * the layout it asked for (spacing, padding, sizes, grow, grid places) and the state its bindings gave (disabled,
 * hidden). A control's skin is left out (the toolkit's, not ours), but what the code hands a control is walked: a
 * scroll pane's content, a tab's, a label's graphic, a list's placeholder. What layout computes from the fonts is
 * never written (a table column's measured width, a divider's place once the panes' least heights push it, a canvas
 * drawn to its pane's size): the window tests at the smallest sizes prove those (UI3, UI8, UI13, UI21, UI22), and
 * the text stays the same on any machine. {@code scrub} takes out what changes between runs (ports, times).
 */
final class SceneOutline {

    private final StringBuilder out = new StringBuilder();

    private SceneOutline() {}

    /** The outline of {@code root}; call it on the FX thread. */
    static String of(Node root, UnaryOperator<String> scrub) {
        SceneOutline outline = new SceneOutline();
        outline.node(root, null, 0, "");
        return scrub.apply(outline.out.toString());
    }

    private void node(Node node, Parent parent, int depth, String slot) {
        List<String> parts = new ArrayList<>();
        if (!slot.isEmpty()) {
            parts.add(slot + ":");
        }
        Class<?> type = node.getClass();
        while (type.isAnonymousClass()) {
            type = type.getSuperclass();
        }
        parts.add(type.getSimpleName());
        if (node.getId() != null) {
            parts.add("#" + node.getId());
        }
        node.getStyleClass().forEach(style -> parts.add("." + style));
        if (!node.getStyle().isEmpty()) {
            parts.add("style=" + quoted(node.getStyle()));
        }
        if (!node.isVisible()) {
            parts.add("hidden");
        }
        if (!node.isManaged()) {
            parts.add("unmanaged");
        }
        if (node.isDisable()) {
            parts.add("disabled");
        }
        placeIn(node, parent, parts);
        constraints(node, parts);
        describe(node, parts);
        out.append("  ".repeat(depth)).append(String.join(" ", parts)).append('\n');
        children(node, depth + 1);
    }

    /** Where the parent put it: a grid's cell, a border pane's side. */
    private static void placeIn(Node node, Parent parent, List<String> parts) {
        if (parent instanceof GridPane) {
            parts.add("@" + index(GridPane.getColumnIndex(node)) + "," + index(GridPane.getRowIndex(node))
                    + (GridPane.getColumnSpan(node) == null ? "" : " colspan=" + GridPane.getColumnSpan(node))
                    + (GridPane.getRowSpan(node) == null ? "" : " rowspan=" + GridPane.getRowSpan(node)));
        }
        if (parent instanceof BorderPane border) {
            String side = node == border.getTop()
                    ? "top"
                    : node == border.getBottom()
                            ? "bottom"
                            : node == border.getLeft() ? "left" : node == border.getRight() ? "right" : "center";
            parts.add("@" + side);
        }
    }

    private static int index(Integer value) {
        return value == null ? 0 : value;
    }

    /** The layout constraints the code set on the node for its parent (grow, margin, alignment), sorted by name. */
    private static void constraints(Node node, List<String> parts) {
        if (!node.hasProperties()) {
            return;
        }
        Map<String, Object> sorted = new TreeMap<>();
        node.getProperties().forEach((key, value) -> {
            if (key instanceof String name
                    && (name.startsWith("hbox-")
                            || name.startsWith("vbox-")
                            || name.startsWith("gridpane-")
                            || name.startsWith("borderpane-")
                            || name.startsWith("stackpane-")
                            || name.startsWith("flowpane-")
                            || name.startsWith("anchorpane-"))
                    && !name.equals("gridpane-column")
                    && !name.equals("gridpane-row")
                    && !name.equals("gridpane-column-span")
                    && !name.equals("gridpane-row-span")) {
                sorted.put(name, value);
            }
        });
        sorted.forEach((name, value) -> parts.add(name + "=" + value(value)));
    }

    private void describe(Node node, List<String> parts) {
        if (node instanceof Region region && !(node instanceof Control)) {
            if (!Insets.EMPTY.equals(region.getPadding())) {
                parts.add("padding=" + value(region.getPadding()));
            }
        }
        if (node instanceof Region region) {
            size(parts, "minWidth", region.getMinWidth());
            size(parts, "prefWidth", region.getPrefWidth());
            size(parts, "maxWidth", region.getMaxWidth());
            size(parts, "minHeight", region.getMinHeight());
            size(parts, "prefHeight", region.getPrefHeight());
            size(parts, "maxHeight", region.getMaxHeight());
        }
        if (node instanceof HBox box) {
            layout(parts, box.getSpacing(), box.getAlignment(), Pos.TOP_LEFT);
            if (!box.isFillHeight()) {
                parts.add("fillHeight=false");
            }
        } else if (node instanceof VBox box) {
            layout(parts, box.getSpacing(), box.getAlignment(), Pos.TOP_LEFT);
            if (!box.isFillWidth()) {
                parts.add("fillWidth=false");
            }
        } else if (node instanceof FlowPane flow) {
            parts.add("hgap=" + number(flow.getHgap()) + " vgap=" + number(flow.getVgap()));
            if (flow.getPrefWrapLength() != 400) {
                parts.add("wrapLength=" + number(flow.getPrefWrapLength()));
            }
        } else if (node instanceof GridPane grid) {
            parts.add("hgap=" + number(grid.getHgap()) + " vgap=" + number(grid.getVgap()));
            for (ColumnConstraints column : grid.getColumnConstraints()) {
                parts.add("column[" + track(column.getMinWidth(), column.getPrefWidth(), column.getMaxWidth())
                        + (column.getHgrow() == null ? "" : " grow=" + column.getHgrow())
                        + (column.getPercentWidth() < 0 ? "" : " percent=" + number(column.getPercentWidth()))
                        + (column.isFillWidth() ? "" : " fill=false")
                        + (column.getHalignment() == null ? "" : " " + column.getHalignment())
                        + "]");
            }
            for (RowConstraints row : grid.getRowConstraints()) {
                parts.add("row[" + track(row.getMinHeight(), row.getPrefHeight(), row.getMaxHeight())
                        + (row.getVgrow() == null ? "" : " grow=" + row.getVgrow())
                        + (row.getValignment() == null ? "" : " " + row.getValignment())
                        + "]");
            }
        } else if (node instanceof StackPane stack && stack.getAlignment() != Pos.CENTER) {
            parts.add("alignment=" + stack.getAlignment());
        }
        if (node instanceof Labeled labeled) {
            parts.add(quoted(labeled.getText()));
            if (labeled.isWrapText()) {
                parts.add("wrap");
            }
            if (labeled.getTextOverrun() != javafx.scene.control.OverrunStyle.ELLIPSIS) {
                parts.add("overrun=" + labeled.getTextOverrun());
            }
        }
        if (node instanceof ButtonBase button
                && button.getOnAction() == null
                && !(node instanceof CheckBox)
                && !(node instanceof ToggleButton)) {
            parts.add("no-action");
        }
        if (node instanceof CheckBox check) {
            parts.add(check.isSelected() ? "checked" : "unchecked");
        } else if (node instanceof ToggleButton toggle) {
            parts.add(toggle.isSelected() ? "selected" : "unselected");
        }
        if (node instanceof TextInputControl input) {
            parts.add("text=" + quoted(input.getText()));
            if (input.getPromptText() != null && !input.getPromptText().isEmpty()) {
                parts.add("prompt=" + quoted(input.getPromptText()));
            }
            if (!input.isEditable()) {
                parts.add("read-only");
            }
            if (input instanceof TextArea area) {
                parts.add("rows=" + area.getPrefRowCount() + (area.isWrapText() ? " wrap" : ""));
            }
        }
        if (node instanceof javafx.scene.control.ComboBox<?> box) {
            parts.add("value=" + quoted(show(box.getValue(), box.getConverter())));
            parts.add("items=" + items(box.getItems(), box.getConverter()));
        } else if (node instanceof ComboBoxBase<?> combo) {
            parts.add("value=" + quoted(String.valueOf(combo.getValue())));
        }
        if (node instanceof ComboBoxBase<?> combo && combo.isEditable()) {
            parts.add("editable");
        }
        if (node instanceof ChoiceBox<?> choice) {
            parts.add("value=" + quoted(String.valueOf(choice.getValue())));
        }
        if (node instanceof ListView<?> list) {
            parts.add("items=" + items(list.getItems(), null));
        }
        if (node instanceof TableView<?> table) {
            parts.add("rows=" + table.getItems().size());
            for (TableColumnBase<?, ?> column : table.getColumns()) {
                String header = column.getGraphic() instanceof Labeled labeled ? labeled.getText() : column.getText();
                parts.add("column[" + quoted(header) + (column.isSortable() ? "" : " unsortable") + "]");
            }
            if (table.getColumnResizePolicy() != TableView.UNCONSTRAINED_RESIZE_POLICY) {
                parts.add("resize=" + table.getColumnResizePolicy());
            }
        }
        if (node instanceof ScrollPane scroll) {
            if (scroll.isFitToWidth()) {
                parts.add("fitToWidth");
            }
            if (scroll.isFitToHeight()) {
                parts.add("fitToHeight");
            }
            if (scroll.getHbarPolicy() != ScrollPane.ScrollBarPolicy.AS_NEEDED) {
                parts.add("hbar=" + scroll.getHbarPolicy());
            }
            if (scroll.getVbarPolicy() != ScrollPane.ScrollBarPolicy.AS_NEEDED) {
                parts.add("vbar=" + scroll.getVbarPolicy());
            }
        }
        if (node instanceof TitledPane titled) {
            parts.add(titled.isExpanded() ? "expanded" : "collapsed");
            if (!titled.isCollapsible()) {
                parts.add("fixed");
            }
        }
        if (node instanceof SplitPane split) {
            parts.add("orientation=" + split.getOrientation());
        }
        if (node instanceof TabPane tabs) {
            parts.add("selected=" + tabs.getSelectionModel().getSelectedIndex());
        }
        if (node instanceof Chart chart) {
            parts.add("title=" + quoted(chart.getTitle()));
            if (!chart.isLegendVisible()) {
                parts.add("no-legend");
            }
            if (chart.getAnimated()) {
                parts.add("animated");
            }
            if (chart instanceof XYChart<?, ?> xy) {
                parts.add("x=" + axis(xy.getXAxis()) + " y=" + axis(xy.getYAxis()));
                List<String> names = new ArrayList<>();
                xy.getData().forEach(series -> names.add(quoted(series.getName())));
                parts.add("series=" + names);
            }
        }
        if (node instanceof ImageView image) {
            parts.add("image fit " + number(image.getFitWidth()) + "x" + number(image.getFitHeight()));
        }
        if (node instanceof Text text) {
            parts.add(quoted(text.getText()));
        }
        if (node instanceof Control control) {
            Tooltip tip = control.getTooltip();
            if (tip != null) {
                parts.add("tip=" + quoted(tip.getText()));
            }
            if (control.getContextMenu() != null) {
                List<String> items = new ArrayList<>();
                for (MenuItem item : control.getContextMenu().getItems()) {
                    items.add(quoted(item.getText()));
                }
                parts.add("menu=" + items);
            }
        }
    }

    private void children(Node node, int depth) {
        if (node instanceof Labeled labeled && labeled.getGraphic() != null) {
            node(labeled.getGraphic(), null, depth, "graphic");
        }
        if (node instanceof ScrollPane scroll && scroll.getContent() != null) {
            node(scroll.getContent(), null, depth, "content");
        } else if (node instanceof TitledPane titled && titled.getContent() != null) {
            node(titled.getContent(), null, depth, "content");
        } else if (node instanceof TabPane tabs) {
            for (Tab tab : tabs.getTabs()) {
                out.append("  ".repeat(depth))
                        .append("Tab")
                        .append(tab.getId() == null ? "" : " #" + tab.getId())
                        .append(' ')
                        .append(quoted(tab.getText()))
                        .append(tab.isClosable() ? "" : " fixed")
                        .append(tab.isDisable() ? " disabled" : "")
                        .append(
                                tab.getTooltip() == null
                                        ? ""
                                        : " tip=" + quoted(tab.getTooltip().getText()))
                        .append('\n');
                if (tab.getGraphic() != null) {
                    node(tab.getGraphic(), null, depth + 1, "graphic");
                }
                if (tab.getContent() != null) {
                    node(tab.getContent(), null, depth + 1, "content");
                }
            }
        } else if (node instanceof SplitPane split) {
            for (Node item : split.getItems()) {
                node(item, null, depth, "item");
            }
        } else if (node instanceof ListView<?> list && list.getPlaceholder() != null) {
            node(list.getPlaceholder(), null, depth, "placeholder");
        } else if (node instanceof TableView<?> table && table.getPlaceholder() != null) {
            node(table.getPlaceholder(), null, depth, "placeholder");
        } else if (node instanceof MenuBar menus) {
            menus.getMenus().forEach(menu -> menuItem(menu, depth));
        } else if (node instanceof TextFlow flow) {
            flow.getChildren().forEach(child -> node(child, flow, depth, ""));
        } else if (node instanceof Parent parent && !(node instanceof Control) && !(node instanceof Chart)) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                node(child, parent, depth, "");
            }
        }
    }

    private void menuItem(MenuItem item, int depth) {
        out.append("  ".repeat(depth))
                .append(item.getClass().getSimpleName())
                .append(item.getId() == null ? "" : " #" + item.getId())
                .append(' ')
                .append(quoted(item.getText()))
                .append(
                        item.getAccelerator() == null
                                ? ""
                                : " key=" + item.getAccelerator().getDisplayText())
                .append(item.isDisable() ? " disabled" : "")
                .append('\n');
        if (item instanceof javafx.scene.control.Menu menu) {
            menu.getItems().forEach(child -> menuItem(child, depth + 1));
        }
    }

    private static void layout(List<String> parts, double spacing, Pos alignment, Pos usual) {
        if (spacing != 0) {
            parts.add("spacing=" + number(spacing));
        }
        if (alignment != usual) {
            parts.add("alignment=" + alignment);
        }
    }

    private static void size(List<String> parts, String name, double value) {
        if (value != Region.USE_COMPUTED_SIZE) {
            parts.add(name + "=" + size(value));
        }
    }

    private static String size(double value) {
        if (value == Region.USE_PREF_SIZE) {
            return "pref";
        }
        if (value == Double.MAX_VALUE) {
            return "max";
        }
        return number(value);
    }

    private static String track(double min, double pref, double max) {
        StringBuilder track = new StringBuilder();
        if (min != Region.USE_COMPUTED_SIZE) {
            track.append(" min=").append(size(min));
        }
        if (pref != Region.USE_COMPUTED_SIZE) {
            track.append(" pref=").append(size(pref));
        }
        if (max != Region.USE_COMPUTED_SIZE) {
            track.append(" max=").append(size(max));
        }
        return track.toString();
    }

    private static String axis(Axis<?> axis) {
        return quoted(axis.getLabel() == null ? "" : axis.getLabel());
    }

    private String items(List<?> items, javafx.util.StringConverter<?> converter) {
        List<String> words = new ArrayList<>();
        for (Object item : items) {
            words.add(quoted(show(item, converter)));
        }
        return words.toString();
    }

    @SuppressWarnings("unchecked")
    private static String show(Object item, javafx.util.StringConverter<?> converter) {
        return converter == null || item == null
                ? String.valueOf(item)
                : ((javafx.util.StringConverter<Object>) converter).toString(item);
    }

    private static String value(Object value) {
        if (value instanceof Insets insets) {
            return number(insets.getTop()) + "," + number(insets.getRight()) + "," + number(insets.getBottom()) + ","
                    + number(insets.getLeft());
        }
        if (value instanceof Double number) {
            return number(number);
        }
        return String.valueOf(value);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String quoted(String text) {
        return text == null
                ? "null"
                : '"' + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
