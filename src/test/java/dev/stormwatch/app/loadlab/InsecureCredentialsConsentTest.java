package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.load.scenario.ScenarioPresets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** LB14: the Load lab's consent to send a credential over plain http off this machine, on the view model. */
class InsecureCredentialsConsentTest {

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final List<LoadOptions> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        background.shutdownNow();
        background.awaitTermination(5, TimeUnit.SECONDS);
    }

    private LoadLabViewModel model() {
        LoadLabViewModel model = new LoadLabViewModel(
                (options, choices, progress, live) -> {
                    ran.add(options);
                    return SampleReports.storm();
                },
                background,
                Runnable::run);
        model.scenarioProperty().set(ScenarioPresets.STEADY);
        model.rateProperty().set("5");
        return model;
    }

    @Test
    @DisplayName("LB14: an API key to plain http off this machine is refused under the consent box, as it is typed")
    void theRefusalIsSaidUnderTheBox() {
        LoadLabViewModel model = model();

        model.targetProperty().set("http://gateway.example:8080/v1");
        model.apiKeyProperty().set("sk-test-123");

        assertThat(model.insecureCredentialsProblemProperty().get())
                .startsWith("The target http://gateway.example:8080/v1 is plain http off this machine")
                .contains("tick \"" + LoadLabViewModel.INSECURE_LABEL + "\"")
                .doesNotContain("--allow-insecure-credentials")
                .doesNotContain("sk-test-123");
        assertThat(model.problemsProperty().get())
                .as("said once, under its box")
                .doesNotContain("plain http");
        model.start();
        assertThat(ran).as("nothing runs while refused").isEmpty();
    }

    @Test
    @DisplayName("LB14: ticking the box clears the refusal and the run sends the credential with the consent given")
    void tickingTheBoxClearsItAndTheRunCarriesTheConsent() throws Exception {
        LoadLabViewModel model = model();
        model.targetProperty().set("http://gateway.example:8080/v1");
        model.apiKeyProperty().set("sk-test-123");

        model.allowInsecureCredentialsProperty().set(true);

        assertThat(model.insecureCredentialsProblemProperty().get()).isEmpty();
        model.start();
        background.submit(() -> {}).get(10, TimeUnit.SECONDS);
        assertThat(ran)
                .singleElement()
                .satisfies(options ->
                        assertThat(options.sendsCredentialsInTheClear()).isTrue());
    }

    @Test
    @DisplayName("LB14: https, a loopback target or no credential need no consent: nothing is said under the box")
    void noConsentIsNeededOverHttpsOnLoopbackOrWithoutACredential() {
        LoadLabViewModel model = model();
        model.apiKeyProperty().set("sk-test-123");

        model.targetProperty().set("https://gateway.example/v1");
        String https = model.insecureCredentialsProblemProperty().get();
        model.targetProperty().set("http://127.0.0.1:8080/v1");
        String loopback = model.insecureCredentialsProblemProperty().get();
        model.targetProperty().set("http://gateway.example:8080/v1");
        model.apiKeyProperty().set("");
        String none = model.insecureCredentialsProblemProperty().get();

        assertThat(List.of(https, loopback, none)).containsOnly("");
    }
}
