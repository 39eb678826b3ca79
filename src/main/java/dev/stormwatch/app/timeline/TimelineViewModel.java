package dev.stormwatch.app.timeline;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptListener;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The request timeline: every attempt of every visible call, in order. Receives attempt events on any
 * thread and publishes them on the UI executor.
 */
public final class TimelineViewModel implements AttemptListener {

    private final Executor ui;
    private final AtomicLong sequence = new AtomicLong();
    private final ObservableList<TimelineRow> rows = FXCollections.observableArrayList();
    private final ObservableList<TimelineRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyObjectWrapper<Instant> start = new ReadOnlyObjectWrapper<>();

    public TimelineViewModel(Executor ui) {
        this.ui = Objects.requireNonNull(ui, "ui");
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        TimelineRow row = TimelineRow.of(sequence.incrementAndGet(), event);
        ui.execute(() -> {
            if (start.get() == null) {
                start.set(event.at());
            }
            rows.add(row);
        });
    }

    public ObservableList<TimelineRow> rows() {
        return readOnlyRows;
    }

    /** The instant of the first attempt shown: the left edge of the lanes' time axis. */
    public ReadOnlyObjectProperty<Instant> startProperty() {
        return start.getReadOnlyProperty();
    }

    public void clear() {
        rows.clear();
        start.set(null);
    }

    /** The text a "copy" puts on the clipboard for a row. */
    public String ticketText(TimelineRow row) {
        return row.asTicketText();
    }
}
