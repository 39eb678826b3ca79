package dev.stormwatch.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.stormwatch.load.simulation.ContentionSimulation;
import dev.stormwatch.load.simulation.SimulationParameters;
import dev.stormwatch.load.simulation.SimulationResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch simulate}: Brooker's contention experiment ("Exponential Backoff And Jitter", 2015) on simulated
 * time, one table row per backoff strategy.
 */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        description = {
            "Replays the experiment of 'Exponential Backoff And Jitter' (AWS Architecture Blog, 2015) on simulated time:",
            "N clients write one row with optimistic concurrency; losers back off and retry.",
            "Prints, per strategy, the write calls and the time until every client succeeded (mean of the runs)."
        })
public final class SimulateCommand implements Callable<Integer> {

    /** Without backoff the work grows with N^2 per run; beyond this a table takes minutes, not seconds. */
    static final int MAX_CLIENTS = 1_000;

    static final int MAX_RUNS = 1_000;

    /** The table has two columns that pull apart; this says which way each is better, and why. */
    static final String READING = "Lower is better in both columns: each call is work for the contended resource"
            + " (the load a storm puts on the server), completion is how long the clients wait; the best strategy"
            + " makes few calls without a long completion.";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--clients",
            split = ",",
            defaultValue = "100",
            paramLabel = "N[,N...]",
            description = "Contending clients; several give one table each (default ${DEFAULT-VALUE}).")
    private List<Integer> clients;

    @Option(
            names = "--seed",
            defaultValue = "" + SimulationParameters.DEFAULT_SEED,
            description = "Seed of the random source; the same seed prints the same table (default ${DEFAULT-VALUE}).")
    private long seed;

    @Option(
            names = "--base-ms",
            defaultValue = "5",
            description = "Backoff base in ms (default ${DEFAULT-VALUE}, the article's simulator).")
    private long baseMs;

    @Option(
            names = "--cap-ms",
            defaultValue = "2000",
            description = "Backoff cap in ms (default ${DEFAULT-VALUE}, the article's simulator).")
    private long capMs;

    @Option(
            names = "--runs",
            defaultValue = "" + SimulationParameters.ARTICLE_RUNS,
            description = "Runs averaged per row (default ${DEFAULT-VALUE}, as in the article's simulator).")
    private int runs;

    @Option(
            names = "--json",
            description = "Print exactly one JSON object on stdout, for scripts: per client count its settings and, per"
                    + " strategy, calls and completion_s (lower is better in both).")
    private boolean json;

    @Override
    public Integer call() {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        List<Map<String, Object>> tables = new ArrayList<>();
        for (int count : clients) {
            SimulationParameters parameters = SimulationParameters.article(count, seed)
                    .withBackoff(Duration.ofMillis(baseMs), Duration.ofMillis(capMs))
                    .withRuns(runs);
            List<SimulationResult> results = ContentionSimulation.runAll(parameters);
            if (json) {
                tables.add(asJson(parameters, results));
            } else {
                out.println(SimulationTable.render(parameters, results));
            }
        }
        if (json) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("tables", tables);
            root.put("lower_is_better", List.of("calls", "completion_s"));
            try {
                out.println(CommandJson.MAPPER.writeValueAsString(root));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a map of strings and numbers always serialises", e);
            }
        } else {
            out.println(READING);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Object> asJson(SimulationParameters parameters, List<SimulationResult> results) {
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("clients", parameters.clients());
        table.put("base_ms", parameters.base().toMillis());
        table.put("cap_ms", parameters.cap().toMillis());
        table.put("network_delay_mean_ms", parameters.networkDelayMean().toMillis());
        table.put("network_delay_sd_ms", parameters.networkDelayStdDev().toMillis());
        table.put("runs", parameters.runs());
        table.put("seed", parameters.seed());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SimulationResult result : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("strategy", result.strategy().cliName());
            row.put("calls", result.meanCalls());
            row.put("completion_s", result.completionSeconds());
            rows.add(row);
        }
        table.put("strategies", rows);
        return table;
    }

    private void validate() {
        for (int count : clients) {
            if (count < 1 || count > MAX_CLIENTS) {
                throw usage("--clients must be between 1 and " + MAX_CLIENTS + ", was " + count);
            }
        }
        if (baseMs < 1) {
            throw usage("--base-ms must be at least 1, was " + baseMs);
        }
        if (capMs < baseMs) {
            throw usage("--cap-ms (" + capMs + ") must not be below --base-ms (" + baseMs + ")");
        }
        if (runs < 1 || runs > MAX_RUNS) {
            throw usage("--runs must be between 1 and " + MAX_RUNS + ", was " + runs);
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The text table: a header that states the settings, then one row per strategy. */
    static final class SimulationTable {

        private SimulationTable() {}

        static String render(SimulationParameters parameters, List<SimulationResult> results) {
            StringBuilder table = new StringBuilder();
            table.append(String.format(
                    Locale.ROOT,
                    "%d clients, base %d ms, cap %d ms, network delay |normal(%d ms, sd %d ms)|, mean of %d runs, seed %d%n",
                    parameters.clients(),
                    parameters.base().toMillis(),
                    parameters.cap().toMillis(),
                    parameters.networkDelayMean().toMillis(),
                    parameters.networkDelayStdDev().toMillis(),
                    parameters.runs(),
                    parameters.seed()));
            table.append(String.format(Locale.ROOT, "%-14s %10s %16s%n", "strategy", "calls", "completion (s)"));
            for (SimulationResult result : results) {
                table.append(String.format(
                        Locale.ROOT,
                        "%-14s %10.1f %16.3f%n",
                        result.strategy().cliName(),
                        result.meanCalls(),
                        result.completionSeconds()));
            }
            return table.toString();
        }
    }
}
