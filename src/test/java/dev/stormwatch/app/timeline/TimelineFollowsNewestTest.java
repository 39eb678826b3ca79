package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The timeline's table follows the newest row, unless the person scrolled back to read an older one. */
@ExtendWith(ApplicationExtension.class)
class TimelineFollowsNewestTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private final TimelineViewModel model = new TimelineViewModel(Runnable::run);

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new TimelineView(model), 950, 360));
        stage.show();
    }

    @Test
    void newestRowIsShownAsRowsArrive(FxRobot robot) {
        add(robot, 40);

        assertThat(lastShown(robot)).isEqualTo(39);
        add(robot, 5);
        assertThat(lastShown(robot)).isEqualTo(44);
    }

    @Test
    void aPersonReadingAnOlderRowIsNotMoved(FxRobot robot) {
        add(robot, 40);
        robot.interact(() -> table(robot).scrollTo(3));
        WaitForAsyncUtils.waitForFxEvents();
        int reading = flow(robot).getFirstVisibleCell().getIndex();

        add(robot, 5);

        // The row being read stays in view (rows of wrapped text differ in height, so the flow may re-estimate its
        // first cell by one), and the table did not jump to the newest row.
        assertThat(reading).isBetween(flow(robot).getFirstVisibleCell().getIndex(), lastShown(robot));
        assertThat(flow(robot).getFirstVisibleCell().getIndex()).isBetween(reading - 1, reading);
        assertThat(lastShown(robot)).isLessThan(44);
    }

    private void add(FxRobot robot, int count) {
        for (int i = 0; i < count; i++) {
            int n = model.rows().size();
            robot.interact(() -> model.onAttempt(event(n)));
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private static int lastShown(FxRobot robot) {
        return flow(robot).getLastVisibleCell().getIndex();
    }

    @SuppressWarnings("unchecked")
    private static TableView<TimelineRow> table(FxRobot robot) {
        return robot.lookup("#timeline-table").queryAs(TableView.class);
    }

    private static VirtualFlow<?> flow(FxRobot robot) {
        return (VirtualFlow<?>) table(robot).lookup(".virtual-flow");
    }

    private static AttemptEvent event(int n) {
        return new AttemptEvent(
                T0.plusSeconds(n),
                Origin.of("https://idp.example"),
                "userinfo",
                Operation.READ,
                1,
                OptionalInt.of(200),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(3, Duration.ofSeconds(10)),
                Optional.empty(),
                AttemptEvent.Verdict.DELIVER);
    }
}
