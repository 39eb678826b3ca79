package dev.stormwatch.app.shell;

import java.util.concurrent.atomic.AtomicReference;

/** Where the window's preferences live between runs: a file in the user's config folder, or memory in tests. */
public interface PreferencesStore {

    /** The saved preferences, or {@link WindowPreferences#FIRST_RUN} when none were saved or none could be read. */
    WindowPreferences load();

    void save(WindowPreferences preferences);

    /** A store that forgets at exit: for tests, and where no config folder can be written. */
    static PreferencesStore inMemory() {
        AtomicReference<WindowPreferences> saved = new AtomicReference<>(WindowPreferences.FIRST_RUN);
        return new PreferencesStore() {
            @Override
            public WindowPreferences load() {
                return saved.get();
            }

            @Override
            public void save(WindowPreferences preferences) {
                saved.set(preferences);
            }
        };
    }
}
