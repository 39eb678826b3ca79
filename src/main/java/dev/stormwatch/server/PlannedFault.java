package dev.stormwatch.server;

/** A fault waiting in a {@link FaultPlan}: on which endpoint, which fault, for how many more responses. */
public record PlannedFault(String endpoint, Fault fault, int remaining) {}
