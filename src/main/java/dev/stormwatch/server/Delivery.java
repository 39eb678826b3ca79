package dev.stormwatch.server;

import java.time.Duration;

/** How a response goes on the wire: whole, dribbled slowly, or not at all (the connection is reset). */
public sealed interface Delivery {

    /** The usual way: status line, headers and body in one write. */
    record Whole() implements Delivery {}

    /** Headers at once, then the body in small pieces spread over {@code total}. */
    record Slowly(Duration total) implements Delivery {}

    /** No byte of a response: the socket is closed with SO_LINGER 0, so the peer gets a TCP RST. */
    record Reset() implements Delivery {}

    Delivery WHOLE = new Whole();
    Delivery RESET = new Reset();
}
