package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunVerdict;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Load lab's model where a run fails, is stopped, or is asked for twice; the cases LoadLabViewModelTest leaves. */
class LoadLabViewModelEdgesTest {

    private static final String VERDICT = RunVerdict.PREFIX + "the clients waited as told.";

    /** The sample storm with a note before its verdict, so that the verdict is found by its prefix. */
    private static final LoadReport STORM = withNotes(SampleReports.storm());

    private static LoadReport withNotes(LoadReport storm) {
        List<String> notes = new java.util.ArrayList<>(List.of("Seed 42.", VERDICT));
        notes.addAll(storm.notes());
        return SampleReports.stormWith(notes, storm.figures());
    }

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final List<LoadOptions> ran = new CopyOnWriteArrayList<>();
    private final List<String> progress = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        background.shutdownNow();
    }

    /** A model whose engine says one line, runs {@code engine}, then hands back the sample storm. */
    private LoadLabViewModel model(Runnable engine) {
        LoadLabViewModel model = new LoadLabViewModel(
                (options, choices, said, live) -> {
                    ran.add(options);
                    said.accept("t=1s under way");
                    engine.run();
                    return STORM;
                },
                background,
                Runnable::run);
        model.progressProperty().addListener((obs, was, now) -> progress.add(now));
        return model;
    }

    private void awaitIdle() throws Exception {
        background.submit(() -> {}).get(10, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName("LB7: every limiter is named in words, never by its enum's name")
    void everyLimiterIsNamedInWords() {
        assertThat(List.of(LimiterChoice.values()).stream().map(LoadLabViewModel::words))
                .containsExactly(
                        "No limiter",
                        "Sliding log (strict, on Redis)",
                        "Fixed window",
                        "Sliding-window counter",
                        "Token bucket",
                        "GCRA (smooth, no bursts)");
    }

    @Test
    @DisplayName("LB7: every backoff is named in words, and all but full jitter as for comparison only (B4)")
    void everyBackoffIsNamedInWords() {
        assertThat(LoadLabViewModel.words(BackoffStrategy.FULL)).isEqualTo("Full jitter (what our clients use)");
        assertThat(LoadLabViewModel.words(BackoffStrategy.NONE)).isEqualTo("No backoff (comparison only)");
        assertThat(LoadLabViewModel.words(BackoffStrategy.EXPONENTIAL))
                .isEqualTo("Exponential, no jitter (comparison only)");
        assertThat(LoadLabViewModel.words(BackoffStrategy.EQUAL)).isEqualTo("Equal jitter (comparison only)");
        assertThat(LoadLabViewModel.words(BackoffStrategy.DECORRELATED))
                .isEqualTo("Decorrelated jitter (comparison only)");
    }

    @Test
    void aRunWhoseEngineFailsSaysWhyAndCanBeStartedAgain() throws Exception {
        LoadLabViewModel model = model(() -> {
            throw new IllegalStateException("the relay went away");
        });

        model.start();
        awaitIdle();

        assertThat(model.problemsProperty().get()).isEqualTo("The run failed: the relay went away");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.reportReadyProperty().get()).isFalse();
    }

    @Test
    @DisplayName("LB8: a comparison whose engine fails says why and stops")
    void aComparisonWhoseEngineFailsSaysWhy() throws Exception {
        LoadLabViewModel model = model(() -> {
            throw new IllegalStateException("out of ports");
        });

        model.compare();
        awaitIdle();

        assertThat(model.problemsProperty().get()).isEqualTo("The comparison failed: out of ports");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.compared()).isEmpty();
    }

    @Test
    void aRunOrComparisonAskedForWhileOneRunsStartsNothing() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        LoadLabViewModel model = model(() -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        model.start();
        assertThat(model.runningProperty().get()).isTrue();
        model.start();
        model.compare();
        release.countDown();
        awaitIdle();

        assertThat(ran).hasSize(1);
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    void stopInterruptsTheRunningEngine() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        LoadLabViewModel model = model(() -> {
            entered.countDown();
            try {
                new CountDownLatch(1).await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        model.stop(); // nothing runs yet: nothing to stop

        model.start();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        model.stop();

        assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    @DisplayName("LB4: a finished run shows its one-sentence verdict")
    void aFinishedRunShowsItsVerdict() throws Exception {
        LoadLabViewModel model = model(() -> {});

        model.start();
        awaitIdle();

        assertThat(model.verdictProperty().get()).isEqualTo(VERDICT);
        assertThat(progress).contains("Starting 3 AM storm with " + ran.get(0).clients() + " virtual clients...");
    }

    @Test
    @DisplayName("LB8: each run of a comparison says which run of how many it is, and its label")
    void eachRunOfAComparisonSaysWhichItIs() throws Exception {
        LoadLabViewModel model = model(() -> {});
        model.comparisonProperty().set(Comparison.JITTER);

        model.compare();
        awaitIdle();

        assertThat(progress)
                .anyMatch(p -> p.startsWith("Comparison, run 1 of 2 (full jitter): Starting "))
                .anyMatch(p -> p.startsWith("Comparison, run 2 of 2 (no backoff (comparison only)): Finished: "));
        assertThat(model.compared().get(0).axisSeconds())
                .isEqualTo(ran.get(0).duration().toSeconds() + 3);
        assertThat(model.progressProperty().get()).endsWith(": Full jitter against no backoff");
    }

    @Test
    @DisplayName("LB15: the Retry-After cap comparison picks its preset and runs the article's cap second")
    void theRetryAfterCapComparisonPicksItsPreset() throws Exception {
        LoadLabViewModel model = model(() -> {});

        model.comparisonProperty().set(Comparison.RETRY_AFTER_CAP);
        assertThat(model.scenarioProperty().get()).isEqualTo(ScenarioPresets.RETRY_AFTER_12);
        model.compare();
        awaitIdle();

        assertThat(ran).extracting(LoadOptions::articleRetryAfterCap).containsExactly(false, true);
        assertThat(ran).extracting(LoadOptions::scenario).containsOnly(ScenarioPresets.RETRY_AFTER_12);
        model.comparisonProperty().set(Comparison.JITTER);
        assertThat(model.scenarioProperty().get()).as("kept").isEqualTo(ScenarioPresets.RETRY_AFTER_12);
    }

    @Test
    @DisplayName("LB3: an arrival rate that is not a number is said in the field's words")
    void aRateThatIsNotANumberIsSaid() {
        LoadLabViewModel model = model(() -> {});

        model.rateProperty().set("fast");

        assertThat(model.problemsProperty().get())
                .isEqualTo("The Arrivals per second field must be a number of requests per second, or empty for a"
                        + " closed loop; was 'fast'");
        model.start();
        assertThat(ran).isEmpty();
        model.rateProperty().set(" 25 ");
        assertThat(model.problemsProperty().get()).isEmpty();
    }

    @Test
    void aReportIsSavedOnlyOnceThereIsOneAndAFailureToWriteIsSaid(@TempDir Path dir) throws Exception {
        LoadLabViewModel model = model(() -> {});
        model.saveReport(dir.resolve("early.json"));
        awaitIdle();
        assertThat(model.savedProperty().get()).isEmpty();
        assertThat(dir.resolve("early.json")).doesNotExist();

        model.start();
        awaitIdle();
        Path blocked = Files.writeString(dir.resolve("file"), "not a folder");
        model.saveReport(blocked.resolve("run.json"));
        awaitIdle();

        assertThat(model.savedProperty().get())
                .startsWith("Could not write the report to " + blocked.resolve("run.json") + ": ");
    }

    @Test
    void aReasonIsMadeASentenceAndAnUnknownFlagIsLeftAsItIs() {
        assertThat(LoadLabViewModel.inFieldWords("")).isEmpty();
        assertThat(LoadLabViewModel.inFieldWords("--seed must be a number")).isEqualTo("--seed must be a number");
        assertThat(LoadLabViewModel.inFieldWords("x needs --clients")).isEqualTo("X needs the Virtual clients field");
        assertThat(LoadLabViewModel.inFieldWords("--rate and --api-key-env"))
                .isEqualTo("The Arrivals per second field and the API key field");
    }

    /** An engine that waits until the test lets it go on. */
    private static Runnable heldBy(CountDownLatch release) {
        return () -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @Test
    @DisplayName("LB11: a second run is drawn from nothing: the last run's points and verdict are cleared first")
    void aSecondRunIsDrawnFromNothing() throws Exception {
        LoadLabViewModel model = model(() -> {});
        model.start();
        awaitIdle();
        assertThat(model.points()).hasSize(20);
        assertThat(model.verdictProperty().get()).isNotEmpty();
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        List<String> verdicts = new CopyOnWriteArrayList<>();
        model.points().addListener((javafx.collections.ListChangeListener<LivePoint>)
                change -> sizes.add(model.points().size()));
        model.verdictProperty().addListener((obs, was, now) -> verdicts.add(now));

        model.start();
        awaitIdle();

        assertThat(sizes).first().isEqualTo(0);
        assertThat(verdicts).first().isEqualTo("");
        assertThat(model.verdictProperty().get()).isNotEmpty();
    }

    @Test
    @DisplayName("LB11: while a run goes, the last run's results are not offered; they come back with the new ones")
    void whileARunGoesTheLastResultsAreNotOffered(@TempDir Path dir) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<Boolean> hold = new CopyOnWriteArrayList<>(List.of(false));
        LoadLabViewModel model = model(() -> {
            if (hold.get(0)) {
                heldBy(release).run();
            }
        });
        model.start();
        awaitIdle();
        model.saveReport(dir.resolve("run.json"));
        awaitIdle();

        hold.set(0, true);
        model.start();
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.reportReadyProperty().get()).isFalse();
        assertThat(model.summaryProperty().get()).isEmpty();
        assertThat(model.savedProperty().get()).isEmpty();
        model.saveReport(dir.resolve("during.json"));
        release.countDown();
        awaitIdle();
        assertThat(dir.resolve("during.json"))
                .as("no report to save while the run went")
                .doesNotExist();
        assertThat(model.reportReadyProperty().get()).isTrue();
    }

    @Test
    @DisplayName("LB8: a comparison clears the last problem and the last comparison, and offers its report when done")
    void aComparisonStartsFromNothingAndOffersItsReport(@TempDir Path dir) throws Exception {
        List<Boolean> fail = new CopyOnWriteArrayList<>(List.of(true));
        CountDownLatch release = new CountDownLatch(1);
        List<Boolean> hold = new CopyOnWriteArrayList<>(List.of(false));
        LoadLabViewModel model = model(() -> {
            if (fail.get(0)) {
                throw new IllegalStateException("no relay");
            }
            if (hold.get(0)) {
                heldBy(release).run();
            }
        });
        model.start();
        awaitIdle();
        assertThat(model.problemsProperty().get()).isEqualTo("The run failed: no relay");
        fail.set(0, false);

        model.compare();
        awaitIdle();
        assertThat(model.problemsProperty().get()).isEmpty();
        assertThat(model.compared()).hasSize(2);
        assertThat(model.reportReadyProperty().get()).isTrue();
        model.saveReport(dir.resolve("compared.json"));
        awaitIdle();
        assertThat(model.savedProperty().get()).startsWith("Wrote ");

        hold.set(0, true);
        model.compare();
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.reportReadyProperty().get()).isFalse();
        assertThat(model.compared()).isEmpty();
        release.countDown();
        awaitIdle();
        assertThat(model.compared()).hasSize(2);
    }

    @Test
    @DisplayName("LB11: what the engine says while it runs is shown, after the comparison's run prefix")
    void whatTheEngineSaysIsShown() throws Exception {
        LoadLabViewModel model = model(() -> {});

        model.start();
        awaitIdle();
        model.compare();
        awaitIdle();

        assertThat(progress)
                .contains("t=1s under way")
                .contains("Comparison, run 2 of 2 (no backoff (comparison only)): t=1s under way");
    }
}
