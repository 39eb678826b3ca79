package dev.stormwatch.app.servers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.relay.RateLimitDialect;
import java.io.IOException;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The dialect choice of the Provider & relay area, driven through the window against the real embedded relay. */
@ExtendWith(ApplicationExtension.class)
class RelayDialectChoiceTest {

    private final OkHttpClient http = new OkHttpClient();
    private EmbeddedStack stack;
    private ServersViewModel model;

    @Start
    void start(Stage stage) {
        stack = EmbeddedStack.start();
        model = new ServersViewModel();
        model.attach(stack);
        stage.setScene(new Scene(new ServersView(model), 900, 700));
        stage.show();
    }

    @AfterEach
    void stop() {
        stack.close();
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private Response models() throws IOException {
        return http.newCall(new Request.Builder()
                        .url(stack.relay().baseUrl() + "/v1/models")
                        .header("Authorization", "Bearer sk-demo")
                        .build())
                .execute();
    }

    @Test
    @DisplayName("RH6: choosing openai makes the embedded relay answer with OpenAI's rate-limit headers")
    void choosingOpenAiMakesTheRelaySpeakIt(FxRobot robot) throws IOException {
        try (Response before = models()) {
            assertThat(before.header("x-ratelimit-remaining-requests"))
                    .as("plain: no quota headers")
                    .isNull();
        }

        robot.clickOn("#relay-dialect");
        robot.clickOn("openai");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#relay-dialect")
                        .<ComboBox<RateLimitDialect>>query()
                        .getValue())
                .isEqualTo(RateLimitDialect.OPENAI);
        try (Response first = models();
                Response second = models()) {
            assertThat(first.code()).isEqualTo(200);
            assertThat(first.header("x-ratelimit-limit-requests")).isEqualTo("60");
            assertThat(first.header("x-ratelimit-remaining-requests")).isEqualTo("59");
            assertThat(second.header("x-ratelimit-remaining-requests"))
                    .as("counting down")
                    .isEqualTo("58");
            assertThat(first.header("x-ratelimit-reset-requests")).matches("(\\d+m)?\\d+(\\.\\d+)?m?s");
        }
        assertThat(robot.lookup("#fault-last-action").queryLabeled().getText()).contains("openai dialect");

        robot.interact(() -> model.relayDialectProperty().set(RateLimitDialect.PLAIN));
        try (Response after = models()) {
            assertThat(after.header("x-ratelimit-remaining-requests"))
                    .as("plain again: no quota")
                    .isNull();
        }
    }
}
