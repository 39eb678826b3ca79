package dev.stormwatch.logs;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Starts the log a support person can be sent (HD2): a rolling, redacted file per front end ({@code app.log},
 * {@code cli.log}) in {@link LogFolder}, five files of at most 5 MB each, with {@code java.util.logging} bridged in.
 * The console keeps what {@code logback.xml} gives it (warnings and up, redacted too).
 */
public final class SupportLog {

    /** The layout of a file line: when, how bad, which thread and logger, what; then any stack trace. */
    static final String FILE_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{36} - %msg%n";

    private static final String FILE_SIZE = "5MB";
    private static final int FILES_KEPT = 5;
    /** How often the size is looked at; logback's default, a minute, lets a busy debug log far past its size. */
    static final Duration SIZE_CHECK = Duration.buildBySeconds(1);

    private static final String APPENDER = "support-file";
    /** The console appender of logback.xml. */
    private static final String CONSOLE = "console";

    private SupportLog() {}

    /**
     * Starts logging to {@code folder}/{@code name}.log at info, or at debug when {@code verbose}; creates the folder
     * readable by its owner only. Starting again (another folder, another level) replaces the file appender.
     *
     * @return the log file
     * @throws IOException when the folder cannot be created
     */
    public static synchronized Path start(Path folder, String name, boolean verbose) throws IOException {
        createOwnerOnly(folder);
        Path file = folder.resolve(name + ".log");
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<ILoggingEvent> previous = root.getAppender(APPENDER);
        if (previous != null) {
            root.detachAppender(previous);
            previous.stop();
        }

        RollingFileAppender<ILoggingEvent> appender = new RollingFileAppender<>();
        appender.setContext(context);
        appender.setName(APPENDER);
        appender.setFile(file.toString());
        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(appender);
        rolling.setFileNamePattern(folder.resolve(name + ".%i.log").toString());
        rolling.setMinIndex(1);
        rolling.setMaxIndex(FILES_KEPT - 1);
        rolling.start();
        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(context);
        trigger.setMaxFileSize(FileSize.valueOf(FILE_SIZE));
        trigger.setCheckIncrement(SIZE_CHECK);
        trigger.start();
        RedactingLayout layout = new RedactingLayout();
        layout.setContext(context);
        layout.setPattern(FILE_PATTERN);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.setEncoder(encoder);
        appender.start();

        root.addAppender(appender);
        setVerbose(verbose);
        bridgeJavaUtilLogging(context);
        return file;
    }

    /** Stops writing the file, and logs at info again; the console stays. */
    public static synchronized void stop() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<ILoggingEvent> appender = root.getAppender(APPENDER);
        if (appender != null) {
            root.detachAppender(appender);
            appender.stop();
        }
        setVerbose(false);
    }

    /** Debug (every request, redacted) or info from now on, in the file and on the console alike. */
    public static synchronized void setVerbose(boolean verbose) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.getLogger("dev.stormwatch").setLevel(verbose ? Level.DEBUG : Level.INFO);
        // The console (logback.xml) shows warnings; verbose shows it all there too, for the person at the terminal.
        Appender<ILoggingEvent> console =
                context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(CONSOLE);
        if (console != null) {
            console.clearAllFilters();
            ThresholdFilter threshold = new ThresholdFilter();
            threshold.setContext(context);
            threshold.setLevel((verbose ? Level.DEBUG : Level.WARN).levelStr);
            threshold.start();
            console.addFilter(threshold);
        }
    }

    /** The file the support log writes to, if one was started. */
    public static synchronized java.util.Optional<Path> currentFile() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        if (context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(APPENDER)
                instanceof RollingFileAppender<ILoggingEvent> appender) {
            return java.util.Optional.of(Path.of(appender.getFile()));
        }
        return java.util.Optional.empty();
    }

    private static void bridgeJavaUtilLogging(LoggerContext context) {
        if (context.getCopyOfListenerList().stream().noneMatch(LevelChangePropagator.class::isInstance)) {
            // JUL's levels follow logback's, so a disabled JUL call costs nothing (the bridge's own advice).
            LevelChangePropagator propagator = new LevelChangePropagator();
            propagator.setContext(context);
            propagator.setResetJUL(true);
            propagator.start();
            context.addListener(propagator);
        }
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }

    private static void createOwnerOnly(Path folder) throws IOException {
        Files.createDirectories(folder);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
