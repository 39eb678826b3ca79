/**
 * The event-loop transport of load runs: plain HTTP/1.1 to loopback targets on one thread with non-blocking sockets,
 * keeping OkHttp's behaviour so that no retry decision changes (decision record 0002).
 *
 * <p>Its only door is {@link dev.stormwatch.http.eventloop.EventLoopTransport}, an
 * {@link dev.stormwatch.http.AttemptTransport}; everything else is package-private: the dispatcher (each attempt from
 * its route's queue to its outcome), the connection pool (keep-alive per origin, the limit, idle checks) and the
 * HTTP/1.1 codec (request encoder, response parser, the OkHttp response assembled from it). It reaches the executors
 * only through {@link dev.stormwatch.http.AttemptTransport} and {@link dev.stormwatch.http.AttemptStart} (the deadline
 * check and bounded timeouts of RC5 and RC3, and the start of sending of F1).
 *
 * <p>May use {@code dev.stormwatch.base} and that seam of {@code dev.stormwatch.http}. Nothing in
 * {@code dev.stormwatch.http} depends on it; only the load engine starts it (ArchUnit).
 */
package dev.stormwatch.http.eventloop;
