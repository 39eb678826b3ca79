package dev.stormwatch.limit;

/**
 * In-memory twin of {@code gcra.lua}: the generic cell rate algorithm with emission interval
 * {@code T = ceil(window / limit)} µs and tolerance {@code (limit − 1) × T} (spec L7).
 */
final class LocalGcra implements LocalWindow {

    private final long interval;
    private final long tolerance;
    private long theoreticalArrival = Long.MIN_VALUE;

    LocalGcra(LimitSpec spec) {
        this.interval = MicroTime.ceilDiv(spec.windowMicros(), spec.limit());
        this.tolerance = interval * (spec.limit() - 1L);
    }

    @Override
    public Verdict decide(long nowMicros) {
        long tat = Math.max(theoreticalArrival, nowMicros);
        if (tat - nowMicros > tolerance) {
            return Verdict.refuse(MicroTime.ceilDiv(tat - nowMicros, interval), tat - tolerance, nowMicros);
        }
        theoreticalArrival = tat + interval;
        return Verdict.allow(MicroTime.ceilDiv(theoreticalArrival - nowMicros, interval), nowMicros);
    }
}
