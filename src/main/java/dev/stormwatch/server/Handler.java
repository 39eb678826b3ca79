package dev.stormwatch.server;

/** Answers one HTTP request with one response; never throws for bad input (it answers 4xx instead). */
@FunctionalInterface
public interface Handler {

    Response handle(Request request);
}
