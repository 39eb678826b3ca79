package dev.stormwatch.http;

/** The model route of a request, as an OkHttp request tag, so that the latency meter knows it (spec L8). */
record ModelTag(String model) {}
