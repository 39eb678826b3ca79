package dev.stormwatch.logs;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.spi.FilterReply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * HD2: what the support log switches on and off in the one logging context of the process: the file appender and
 * its rolling, the console's threshold, and the bridge from {@code java.util.logging}. Each test starts from a context
 * without the bridge, so that what it sees is what {@link SupportLog#start} installed, not what an earlier test left.
 */
class SupportLogEdgesTest {

    private static final LoggerContext CONTEXT = (LoggerContext) LoggerFactory.getILoggerFactory();

    @TempDir
    Path folder;

    @BeforeEach
    void withoutABridge() {
        SupportLog.stop();
        CONTEXT.getCopyOfListenerList().stream()
                .filter(LevelChangePropagator.class::isInstance)
                .forEach(CONTEXT::removeListener);
        SLF4JBridgeHandler.uninstall();
    }

    @AfterEach
    void stop() {
        SupportLog.stop();
    }

    @Test
    @DisplayName("HD2: java.util.logging reaches the file at debug, and its levels follow the file's level both ways")
    void javaUtilLoggingIsBridgedAndFollowsTheLevel() throws Exception {
        java.util.logging.Logger library = java.util.logging.Logger.getLogger("dev.stormwatch.logs.JulLibrary");
        // A level a library set before the log started: the bridge resets it, so that logback's level decides.
        library.setLevel(java.util.logging.Level.SEVERE);

        Path file = SupportLog.start(folder, "jul", true);
        library.fine("a library line at fine");

        assertThat(SLF4JBridgeHandler.isInstalled()).isTrue();
        assertThat(library.getLevel()).as("reset by the bridge").isNull();
        assertThat(java.util.logging.Logger.getLogger("dev.stormwatch").getLevel())
                .isEqualTo(java.util.logging.Level.FINE);
        assertThat(Files.readString(file)).contains("DEBUG").contains("a library line at fine");

        SupportLog.setVerbose(false);
        assertThat(java.util.logging.Logger.getLogger("dev.stormwatch").getLevel())
                .as("a disabled JUL call is refused by JUL itself")
                .isEqualTo(java.util.logging.Level.INFO);
        assertThat(library.isLoggable(java.util.logging.Level.FINE)).isFalse();

        SupportLog.setVerbose(true);
        assertThat(library.isLoggable(java.util.logging.Level.FINE)).isTrue();
    }

    @Test
    @DisplayName("HD2: the console shows warnings, and every level while verbose; stopping the log quiets it again")
    void theConsoleThresholdFollowsVerbose() throws Exception {
        Appender<ILoggingEvent> console =
                CONTEXT.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("console");
        assertThat(console).as("logback.xml's console").isNotNull();

        SupportLog.start(folder, "console", false);
        assertThat(console.getFilterChainDecision(event(Level.DEBUG))).isEqualTo(FilterReply.DENY);
        assertThat(console.getFilterChainDecision(event(Level.INFO))).isEqualTo(FilterReply.DENY);
        assertThat(console.getFilterChainDecision(event(Level.WARN))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(LoggerFactory.getLogger("dev.stormwatch.logs.Edges").isDebugEnabled())
                .isFalse();

        SupportLog.setVerbose(true);
        assertThat(console.getFilterChainDecision(event(Level.DEBUG))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(LoggerFactory.getLogger("dev.stormwatch.logs.Edges").isDebugEnabled())
                .isTrue();

        SupportLog.stop();
        assertThat(console.getFilterChainDecision(event(Level.DEBUG))).isEqualTo(FilterReply.DENY);
        assertThat(console.getFilterChainDecision(event(Level.WARN))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(LoggerFactory.getLogger("dev.stormwatch.logs.Edges").isDebugEnabled())
                .isFalse();
    }

    @Test
    @DisplayName("HD2: the file keeps at most five files (test.log and test.1.log to test.4.log), each named for it")
    void theFileRollsIntoFourOlderFiles() throws Exception {
        Path file = SupportLog.start(folder, "roll", false);

        RollingFileAppender<ILoggingEvent> appender = supportAppender();
        assertThat(Path.of(appender.getFile())).isEqualTo(file).isEqualTo(folder.resolve("roll.log"));
        FixedWindowRollingPolicy rolling = (FixedWindowRollingPolicy) appender.getRollingPolicy();
        assertThat(rolling.getMinIndex()).isEqualTo(1);
        assertThat(rolling.getMaxIndex()).isEqualTo(4);
        assertThat(rolling.getFileNamePattern())
                .isEqualTo(folder.resolve("roll.%i.log").toString());
        assertThat(rolling.isStarted()).isTrue();
        assertThat(appender.isStarted()).isTrue();
    }

    @Test
    @DisplayName("HD2: starting again moves the log to the new file and closes the old; stopping closes it for good")
    void startingAgainReplacesTheFileAndStoppingEndsIt() throws Exception {
        Path first = SupportLog.start(folder.resolve("first"), "app", false);
        RollingFileAppender<ILoggingEvent> firstAppender = supportAppender();
        assertThat(SupportLog.currentFile()).contains(first);
        org.slf4j.Logger log = LoggerFactory.getLogger("dev.stormwatch.logs.Edges");
        log.info("line one");

        Path second = SupportLog.start(folder.resolve("second"), "app", false);
        RollingFileAppender<ILoggingEvent> secondAppender = supportAppender();
        log.info("line two");

        assertThat(firstAppender.isStarted()).as("the first file's appender").isFalse();
        assertThat(SupportLog.currentFile()).contains(second);
        assertThat(Files.readString(first)).contains("line one").doesNotContain("line two");
        assertThat(Files.readString(second)).contains("line two").doesNotContain("line one");

        SupportLog.stop();
        log.info("line three");

        assertThat(secondAppender.isStarted()).isFalse();
        assertThat(SupportLog.currentFile()).isEmpty();
        assertThat(CONTEXT.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("support-file"))
                .isNull();
        assertThat(Files.readString(second)).doesNotContain("line three");
    }

    @Test
    @DisplayName("HD2: every line of the file is UTF-8, whatever the platform's default")
    void theFileIsUtf8() throws Exception {
        Path file = SupportLog.start(folder, "utf8", false);

        LoggerFactory.getLogger("dev.stormwatch.logs.Edges").info("Zürich → Kraków ✓");

        assertThat(Files.readString(file, java.nio.charset.StandardCharsets.UTF_8))
                .contains("Zürich → Kraków ✓");
        // Where the platform's default is UTF-8 already (this JVM's), the bytes cannot tell: the encoder must say it.
        assertThat(((ch.qos.logback.core.encoder.LayoutWrappingEncoder<ILoggingEvent>)
                                supportAppender().getEncoder())
                        .getCharset())
                .isEqualTo(java.nio.charset.StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static RollingFileAppender<ILoggingEvent> supportAppender() {
        return (RollingFileAppender<ILoggingEvent>)
                CONTEXT.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("support-file");
    }

    private static LoggingEvent event(Level level) {
        LoggingEvent event = new LoggingEvent();
        event.setLevel(level);
        event.setLoggerName("dev.stormwatch.logs.Edges");
        event.setMessage("a line");
        return event;
    }
}
