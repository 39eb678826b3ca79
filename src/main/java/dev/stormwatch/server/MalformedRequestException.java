package dev.stormwatch.server;

/** The bytes on a connection are not an HTTP/1.1 request this server accepts; carries the status to answer with. */
final class MalformedRequestException extends Exception {

    private final int status;

    MalformedRequestException(int status, String reason) {
        super(reason);
        this.status = status;
    }

    int status() {
        return status;
    }
}
