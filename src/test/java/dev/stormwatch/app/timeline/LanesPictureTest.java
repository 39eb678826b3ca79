package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.timeline.LanesPicture.Anchor;
import dev.stormwatch.app.timeline.LanesPicture.Dot;
import dev.stormwatch.app.timeline.LanesPicture.Fill;
import dev.stormwatch.app.timeline.LanesPicture.Ink;
import dev.stormwatch.app.timeline.LanesPicture.Line;
import dev.stormwatch.app.timeline.LanesPicture.Shape;
import dev.stormwatch.app.timeline.LanesPicture.Words;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptEvent.Verdict;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the request timeline's lanes draw: each origin's lane, each attempt's mark and where it falls, the pause bands
 * and the axis (no window needed: the picture is a pure function of the rows and the size; OriginLanesPaintTest
 * paints it).
 */
class LanesPictureTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private static final String IDP = "https://idp.example:443";
    private static final String API = "https://api.example:443";
    // 826 px wide: a plot of 600 px after the 210 px of names and a 16 px margin, so that offsets are round.
    private static final double WIDTH = 826;
    private static final double PLOT = 600;
    private static final double HEIGHT = 120;

    private static AttemptEvent attempt(OptionalInt status, Verdict verdict) {
        return attempt(T0, IDP, status, verdict, Optional.empty());
    }

    private static AttemptEvent attempt(
            Instant at, String origin, OptionalInt status, Verdict verdict, Optional<Instant> pauseUntil) {
        return Attempts.attempt(at, origin, status, verdict, pauseUntil, List.of());
    }

    @Test
    @DisplayName("P2: an attempt refused by a pause, the limiter or a pace is marked as not sent, whatever its status")
    void attemptsNotSentAreMarkedRefused() {
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(429), Verdict.REFUSED_BY_PAUSE)))
                .isEqualTo(Ink.REFUSED);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(200), Verdict.REFUSED_BY_LIMITER)))
                .isEqualTo(Ink.REFUSED);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(200), Verdict.PACED)))
                .isEqualTo(Ink.REFUSED);
    }

    @Test
    @DisplayName("L8: a step that ended before its first attempt went out (attempt 0) is marked as not sent, as the"
            + " report and the meter count it; its first attempt, sent, is marked by what came back")
    void aStepEndedBeforeSendingIsMarkedRefused() {
        AttemptEvent stoppedUnsent =
                Attempts.numbered(0, T0, IDP, OptionalInt.empty(), Verdict.STOP, Optional.empty(), List.of());
        AttemptEvent stoppedSent =
                Attempts.numbered(1, T0, IDP, OptionalInt.empty(), Verdict.STOP, Optional.empty(), List.of());

        assertThat(stoppedUnsent.sent()).isFalse();
        assertThat(LanesPicture.markOf(stoppedUnsent)).isEqualTo(Ink.REFUSED);
        assertThat(LanesPicture.markOf(stoppedSent)).isEqualTo(Ink.FAILED);
    }

    @Test
    @DisplayName("ST1: 429 is marked throttled; 200 to 399 ok; anything else, or no answer, failed")
    void statusesAreMarkedByTheirClass() {
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(429), Verdict.RETRY)))
                .isEqualTo(Ink.THROTTLED);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(199), Verdict.DELIVER)))
                .isEqualTo(Ink.FAILED);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(200), Verdict.DELIVER)))
                .isEqualTo(Ink.OK);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(399), Verdict.DELIVER)))
                .isEqualTo(Ink.OK);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.of(400), Verdict.DELIVER)))
                .isEqualTo(Ink.FAILED);
        assertThat(LanesPicture.markOf(attempt(OptionalInt.empty(), Verdict.STOP)))
                .isEqualTo(Ink.FAILED);
    }

    private static TimelineRow row(long millis, String origin, int status) {
        return TimelineRow.of(
                millis,
                attempt(T0.plusMillis(millis), origin, OptionalInt.of(status), Verdict.DELIVER, Optional.empty()));
    }

    private static <S extends Shape> List<S> shapes(LanesPicture picture, Class<S> type, Ink ink) {
        return picture.shapes().stream()
                .filter(type::isInstance)
                .map(type::cast)
                .filter(shape -> shape.ink() == ink)
                .toList();
    }

    @Test
    @DisplayName("UI30: with no attempt yet, the lanes are the background and one sentence that says so")
    void withNoAttemptTheLanesSaySoInOneSentence() {
        LanesPicture picture = LanesPicture.of(List.of(), WIDTH, HEIGHT);

        assertThat(picture.shapes())
                .containsExactly(
                        new Fill(Ink.BACKGROUND, 0, 0, WIDTH, HEIGHT),
                        new Words(
                                Ink.REFUSED,
                                "No requests yet: every attempt of every call appears here, one lane per origin.",
                                12,
                                HEIGHT / 2,
                                Anchor.LEFT_MIDDLE,
                                0));
    }

    @Test
    @DisplayName("UI30: each origin has one lane, in the order of its first attempt, named on the left and ruled"
            + " across the plot")
    void eachOriginHasOneLaneInTheOrderOfItsFirstAttempt() {
        LanesPicture picture =
                LanesPicture.of(List.of(row(0, IDP, 200), row(1_000, API, 200), row(2_000, IDP, 200)), WIDTH, HEIGHT);

        assertThat(picture.shapes().get(0)).isEqualTo(new Fill(Ink.BACKGROUND, 0, 0, WIDTH, HEIGHT));
        assertThat(shapes(picture, Words.class, Ink.TEXT))
                .containsExactly(
                        new Words(Ink.TEXT, IDP, 8, 39, Anchor.LEFT_MIDDLE, 194),
                        new Words(Ink.TEXT, API, 8, 73, Anchor.LEFT_MIDDLE, 194));
        assertThat(shapes(picture, Line.class, Ink.GRID))
                .contains(new Line(Ink.GRID, 210, 39, 210 + PLOT, 39), new Line(Ink.GRID, 210, 73, 210 + PLOT, 73));
        assertThat(shapes(picture, Dot.class, Ink.OK)).extracting(Dot::centreY).containsExactly(39.0, 73.0, 39.0);
    }

    @Test
    @DisplayName("UI30: an attempt is a mark at its offset on an axis from the first attempt to the last plus half a"
            + " second, coloured by what came back")
    void anAttemptIsAMarkAtItsOffsetColouredByWhatCameBack() {
        LanesPicture picture = LanesPicture.of(
                List.of(
                        row(0, IDP, 200),
                        row(300, IDP, 503),
                        TimelineRow.of(
                                2,
                                attempt(
                                        T0.plusMillis(900),
                                        IDP,
                                        OptionalInt.empty(),
                                        Verdict.REFUSED_BY_PAUSE,
                                        Optional.empty())),
                        row(1_500, IDP, 429)),
                WIDTH,
                HEIGHT);

        // The axis spans 1.5 s + 0.5 s = 2 s over 600 px: 300 px a second.
        assertThat(picture.shapes().stream()
                        .filter(Dot.class::isInstance)
                        .map(Dot.class::cast)
                        .toList())
                .containsExactly(
                        new Dot(Ink.OK, 210, 39, 5),
                        new Dot(Ink.FAILED, 210 + 90, 39, 5),
                        new Dot(Ink.REFUSED, 210 + 270, 39, 5),
                        new Dot(Ink.THROTTLED, 210 + 450, 39, 5));
    }

    @Test
    @DisplayName("UI30: the axis has six ticks, each ruled down the lanes and labelled with its offset")
    void theAxisHasSixTicksLabelledWithTheirOffsets() {
        LanesPicture picture = LanesPicture.of(List.of(row(0, IDP, 200), row(1_500, IDP, 200)), WIDTH, HEIGHT);

        assertThat(shapes(picture, Words.class, Ink.REFUSED))
                .containsExactly(
                        new Words(Ink.REFUSED, "+0 ms", 210, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+333 ms", 310, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+666 ms", 410, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+1.0 s", 510, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+1.3 s", 610, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+1.7 s", 710, 3, Anchor.CENTRE_TOP, 0),
                        new Words(Ink.REFUSED, "+2.0 s", 810, 3, Anchor.CENTRE_TOP, 0));
        assertThat(shapes(picture, Line.class, Ink.GRID))
                .filteredOn(line -> line.x1() == line.x2())
                .extracting(Line::x1)
                .containsExactly(210.0, 310.0, 410.0, 510.0, 610.0, 710.0, 810.0);
        assertThat(shapes(picture, Line.class, Ink.GRID))
                .filteredOn(line -> line.x1() == line.x2())
                .allSatisfy(tick -> {
                    assertThat(tick.y1()).isEqualTo(18);
                    assertThat(tick.y2()).isEqualTo(HEIGHT);
                });
    }

    @Test
    @DisplayName("UI30, P1: an attempt that started a pause has a faint band over the paused time, under its mark; the"
            + " axis reaches the pause's end")
    void anAttemptThatStartedAPauseHasABandOverThePausedTime() {
        TimelineRow stopped = TimelineRow.of(
                1,
                attempt(T0.plusMillis(500), API, OptionalInt.of(429), Verdict.STOP, Optional.of(T0.plusMillis(3_500))));
        LanesPicture picture = LanesPicture.of(List.of(row(0, IDP, 200), stopped), WIDTH, HEIGHT);

        // The axis spans the pause's end + 0.5 s = 4 s: 150 px a second. The band fills its lane but 3 px each side.
        Fill band = new Fill(Ink.PAUSE_BAND, 210 + 75, 73 - 17 + 3, 450, 28);
        Dot mark = new Dot(Ink.THROTTLED, 210 + 75, 73, 5);
        assertThat(picture.shapes()).containsSubsequence(band, mark);
        assertThat(shapes(picture, Words.class, Ink.REFUSED))
                .last()
                .extracting(Words::text)
                .isEqualTo("+4.0 s");
    }

    @Test
    @DisplayName("UI30: a pause that ends where its attempt stands still has a band 2 px wide")
    void aPauseEndingAtItsAttemptStillHasABandTwoPixelsWide() {
        TimelineRow stopped = TimelineRow.of(0, attempt(T0, IDP, OptionalInt.of(429), Verdict.STOP, Optional.of(T0)));

        assertThat(shapes(LanesPicture.of(List.of(stopped), WIDTH, HEIGHT), Fill.class, Ink.PAUSE_BAND))
                .containsExactly(new Fill(Ink.PAUSE_BAND, 210, 25, 2, 28));
    }

    @Test
    @DisplayName("UI30: a row older than the first is drawn at the axis's start, never left of it; a plot narrower than"
            + " 10 px is given 10")
    void marksStayOnThePlotAtAnyWidth() {
        LanesPicture picture = LanesPicture.of(List.of(row(1_000, IDP, 200), row(0, IDP, 200)), 100, HEIGHT);

        assertThat(shapes(picture, Dot.class, Ink.OK)).extracting(Dot::centreX).containsExactly(210.0, 210.0);
        assertThat(shapes(picture, Line.class, Ink.GRID))
                .filteredOn(line -> line.y1() == line.y2())
                .containsExactly(new Line(Ink.GRID, 210, 39, 220, 39));
    }

    @Test
    @DisplayName("UI30: the lanes ask for the axis, one lane per origin (room for two at least) and a margin")
    void theLanesAskForALaneAnOriginAndRoomForTwo() {
        assertThat(LanesPicture.height(0)).isEqualTo(22 + 2 * 34 + 8);
        assertThat(LanesPicture.height(2)).isEqualTo(22 + 2 * 34 + 8);
        assertThat(LanesPicture.height(3)).isEqualTo(22 + 3 * 34 + 8);
        assertThat(LanesPicture.origins(List.of(row(0, IDP, 200), row(1, API, 200), row(2, IDP, 200))))
                .containsExactly(IDP, API);
    }
}
