package dev.stormwatch.diagnose;

/**
 * Why a diagnosis could not start or could not finish, for people: each case says what was expected. A bad line never
 * raises one of these (it is counted as unparsed); these are about the options and the files as a whole.
 */
public abstract sealed class DiagnoseException extends Exception {

    private DiagnoseException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The options contradict themselves or name something that does not exist (a log format, a field mapping). */
    public static final class BadOption extends DiagnoseException {
        public BadOption(String message) {
            super(message, null);
        }
    }

    /** A file could not be opened or read at all (missing, unreadable, an I/O error). */
    public static final class Unreadable extends DiagnoseException {
        private final String file;

        public Unreadable(String file, String message, Throwable cause) {
            super(file + ": " + message, cause);
            this.file = file;
        }

        /** The file's name as given. */
        public String file() {
            return file;
        }
    }

    /** The person cancelled the reading. */
    public static final class Cancelled extends DiagnoseException {
        public Cancelled() {
            super("cancelled", null);
        }
    }
}
