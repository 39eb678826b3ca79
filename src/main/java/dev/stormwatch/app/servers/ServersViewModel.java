package dev.stormwatch.app.servers;

import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.server.PlannedFault;
import java.nio.file.Path;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The Provider & relay area: where the embedded servers listen, and switches for their faults. */
public final class ServersViewModel {

    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Starting the embedded provider and relay...");
    private final ReadOnlyStringWrapper providerAddress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper relayAddress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper limiter = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper lastAction = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<String> planned = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyPlanned = FXCollections.unmodifiableObservableList(planned);
    private Optional<EmbeddedStack> stack = Optional.empty();
    private final ReadOnlyStringWrapper logFolder = new ReadOnlyStringWrapper("");
    private Optional<Path> logFolderPath = Optional.empty();
    private FolderOpener folderOpener = folder -> { };

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

    public ReadOnlyStringProperty logFolderProperty() { return logFolder.getReadOnlyProperty(); }

    /** The servers are up. */
    public void attach(EmbeddedStack started) {
        stack = Optional.of(started);
        providerAddress.set(started.provider().issuer().toString());
        relayAddress.set(started.relay().baseUrl() + "  (API key sk-demo, or a token from the demo provider)");
        limiter.set(started.limiterDescription());
        status.set("Running on 127.0.0.1. Faults below apply to the next requests.");
        running.set(true);
        showPlanned();
    }

    /** The servers could not start; the app still works against a provider given in the settings. */
    public void failed(String reason) {
        status.set("The embedded servers did not start: " + reason
                + ". Enter a real provider's issuer in the Session settings instead.");
        running.set(false);
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

    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty providerAddressProperty() { return providerAddress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty relayAddressProperty() { return relayAddress.getReadOnlyProperty(); }
    /** Which Redis the rate limiter uses, or why it runs in memory. */
    public ReadOnlyStringProperty limiterProperty() { return limiter.getReadOnlyProperty(); }
    public ReadOnlyStringProperty lastActionProperty() { return lastAction.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ObservableList<String> planned() { return readOnlyPlanned; }
}
