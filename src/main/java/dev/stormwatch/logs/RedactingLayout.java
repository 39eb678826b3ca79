package dev.stormwatch.logs;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * A logback pattern layout that passes every finished line, stack trace included, through
 * {@link LogLineRedaction}: the console and the log file never show what looks like a token, code, secret, key, DPoP
 * proof or password (HD2, RC6).
 */
public final class RedactingLayout extends PatternLayout {

    @Override
    public String doLayout(ILoggingEvent event) {
        return LogLineRedaction.redact(super.doLayout(event));
    }
}
