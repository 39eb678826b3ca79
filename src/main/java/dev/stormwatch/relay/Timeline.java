package dev.stormwatch.relay;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Which scenario is in force at a moment of the relay's life; outages win over brown-outs. Pure. */
final class Timeline {

    private final List<Disruption> disruptions;

    Timeline(List<Disruption> disruptions) {
        this.disruptions = List.copyOf(disruptions);
    }

    /** The outage or brown-out active at {@code elapsed} since start ({@code from} inclusive, {@code to} exclusive). */
    Optional<Disruption> activeAt(Duration elapsed) {
        Optional<Disruption> brownOut = Optional.empty();
        for (Disruption s : disruptions) {
            if (s instanceof Disruption.Outage o && within(elapsed, o.from(), o.to())) {
                return Optional.of(s);
            }
            if (s instanceof Disruption.BrownOut b && within(elapsed, b.from(), b.to()) && brownOut.isEmpty()) {
                brownOut = Optional.of(s);
            }
        }
        return brownOut;
    }

    /** The hiccups still to come after {@code elapsed}. */
    List<Duration> hiccupsAfter(Duration elapsed) {
        return disruptions.stream()
                .filter(s -> s instanceof Disruption.Hiccup)
                .map(s -> ((Disruption.Hiccup) s).at())
                .filter(at -> at.compareTo(elapsed) >= 0)
                .sorted()
                .toList();
    }

    private static boolean within(Duration t, Duration from, Duration to) {
        return t.compareTo(from) >= 0 && t.compareTo(to) < 0;
    }
}
