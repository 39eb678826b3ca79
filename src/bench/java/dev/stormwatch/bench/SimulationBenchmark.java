package dev.stormwatch.bench;

import dev.stormwatch.load.simulation.ContentionSimulation;
import dev.stormwatch.load.simulation.SimulationParameters;
import dev.stormwatch.load.simulation.SimulationResult;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** How long {@code stormwatch simulate --clients 100} computes its table (five strategies, 100 runs each). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SimulationBenchmark {

    @Benchmark
    public List<SimulationResult> articleTableAtOneHundredClients() {
        return ContentionSimulation.runAll(SimulationParameters.article(100, SimulationParameters.DEFAULT_SEED));
    }
}
