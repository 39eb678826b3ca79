package dev.stormwatch.app.servers;

import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.server.PlannedFault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The Provider & relay area: where the embedded servers listen, and switches for their faults. */
public final class ServersViewModel {

    private final ReadOnlyStringWrapper status =
            new ReadOnlyStringWrapper("Starting the embedded provider and relay...");
    private final ReadOnlyStringWrapper providerAddress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper relayAddress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper limiter = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper lastAction = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper metricsAddress = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<String> planned = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyPlanned = FXCollections.unmodifiableObservableList(planned);
    private final ObjectProperty<RateLimitDialect> relayDialect = new SimpleObjectProperty<>(RateLimitDialect.PLAIN);
    private Optional<EmbeddedStack> stack = Optional.empty();
    private final ReadOnlyStringWrapper logFolder = new ReadOnlyStringWrapper("");
    private Optional<Path> logFolderPath = Optional.empty();
    private FolderOpener folderOpener = folder -> {};

    /** HD2: where the log files are, and how to show that folder to the person. */
    public void logFolder(Path folder, FolderOpener opener) {
        logFolderPath = Optional.of(folder);
        folderOpener = opener;
        logFolder.set(folder.toString());
    }

    /** Shows the log folder, so that its files can be attached to a ticket; says where it is if that fails. */
    public void openLogFolder() {
        logFolderPath.ifPresent(folder -> {
            try {
                folderOpener.open(folder);
                lastAction.set("Opened the log folder " + folder + ".");
            } catch (RuntimeException e) {
                lastAction.set("The log folder could not be opened (" + e.getMessage() + "); it is " + folder + ".");
            }
        });
    }

    public ReadOnlyStringProperty logFolderProperty() {
        return logFolder.getReadOnlyProperty();
    }

    /**
     * The quota the relay meters once a dialect other than plain is chosen, so that its headers have something to
     * count: OpenAI's documented example limit, 60 requests per minute per key.
     */
    static final Quota DEMO_QUOTA = new Quota(60, Duration.ofMinutes(1));

    public ServersViewModel() {
        relayDialect.addListener((observable, old, chosen) -> speak(chosen == null ? RateLimitDialect.PLAIN : chosen));
    }

    /** RH5–RH9: the relay answers in the chosen dialect; plain takes the demo quota away again. */
    private void speak(RateLimitDialect dialect) {
        stack.ifPresent(s -> {
            String name = dialect.name().toLowerCase(Locale.ROOT);
            if (dialect == RateLimitDialect.PLAIN) {
                s.relay().useRateLimits(Optional.empty(), dialect);
                lastAction.set("Relay: plain, no quota: it answers as it always did.");
                return;
            }
            s.relay().useRateLimits(Optional.of(DEMO_QUOTA), dialect);
            lastAction.set("Relay: the " + name + " dialect, with a quota of " + DEMO_QUOTA.requests()
                    + " requests per minute per key: every answer says what is left and when it resets (RH4), and"
                    + " clients pace before the 429 (RH9).");
        });
    }

    /** The servers are up. */
    public void attach(EmbeddedStack started) {
        stack = Optional.of(started);
        providerAddress.set(started.provider().issuer().toString());
        relayAddress.set(started.relay().baseUrl() + "  (API key sk-demo, or a token from the demo provider)");
        limiter.set(started.limiterDescription());
        status.set("Running on 127.0.0.1. Faults below apply to the next requests.");
        running.set(true);
        if (relayDialect.get() != RateLimitDialect.PLAIN) {
            speak(relayDialect.get());
        }
        showPlanned();
    }

    /** The servers could not start; the app still works against a provider given in the settings. */
    public void failed(String reason) {
        status.set("The embedded servers did not start: " + reason
                + ". Enter a real provider's issuer in the Session settings instead.");
        running.set(false);
    }

    /** L10: the relay's answers by outcome for Prometheus, on a free loopback port, until the app closes. */
    public void serveMetrics() {
        stack.ifPresent(s -> {
            metricsAddress.set(s.serveMetrics().toString());
            lastAction.set("Metrics: Prometheus can scrape the relay's answers by outcome at " + metricsAddress.get()
                    + " (this machine only, until the app closes).");
        });
    }

    public void flip(FaultSwitch fault) {
        stack.ifPresent(s -> {
            lastAction.set(fault.applyTo(s));
            showPlanned();
        });
    }

    private void showPlanned() {
        stack.ifPresent(s -> {
            planned.clear();
            for (PlannedFault f : s.provider().faults().pending()) {
                planned.add("provider " + f.endpoint() + ": " + f.fault().kind() + " × " + f.remaining());
            }
            for (PlannedFault f : s.relay().faults().pending()) {
                planned.add("relay " + f.endpoint() + ": " + f.fault().kind() + " × " + f.remaining());
            }
        });
    }

    /** Re-reads what is still planned (faults are used up by requests from any thread). */
    public void refreshPlanned() {
        showPlanned();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty providerAddressProperty() {
        return providerAddress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty relayAddressProperty() {
        return relayAddress.getReadOnlyProperty();
    }
    /** Which Redis the rate limiter uses, or why it runs in memory. */
    public ReadOnlyStringProperty limiterProperty() {
        return limiter.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lastActionProperty() {
        return lastAction.getReadOnlyProperty();
    }
    /** Where Prometheus scrapes the relay's metrics; empty until {@link #serveMetrics()}. */
    public ReadOnlyStringProperty metricsAddressProperty() {
        return metricsAddress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ObservableList<String> planned() {
        return readOnlyPlanned;
    }
    /** The rate-limit dialect the embedded relay speaks (RH5–RH8); plain by default, without a quota. */
    public ObjectProperty<RateLimitDialect> relayDialectProperty() {
        return relayDialect;
    }
}
