package dev.stormwatch.cli;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.relay.Disruption;
import dev.stormwatch.relay.LatencyModel;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RelayMeters;
import dev.stormwatch.relay.TrustedIssuer;
import dev.stormwatch.server.FaultAdmin;
import dev.stormwatch.server.PlannedFault;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stormwatch relay}: runs the simulated model API on 127.0.0.1 until Ctrl-C. */
@Command(
        name = "relay",
        mixinStandardHelpOptions = true,
        description = "Run the simulated OpenAI-compatible model API on 127.0.0.1 until Ctrl-C.")
public final class RelayCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--port",
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "0")
    private int port;

    @Option(names = "--api-key", description = "An accepted API key (repeatable; default: sk-demo).")
    private List<String> apiKeys = new ArrayList<>();

    @Option(names = "--issuer", description = "Also accept JWT access tokens of this issuer (checked on its /jwks).")
    private URI issuer;

    @Option(names = "--jwks-url", description = "The issuer's JWK Set URL (default: ISSUER/jwks).")
    private URI jwksUrl;

    @Option(
            names = "--quota",
            paramLabel = "N/WINDOW",
            description = "Requests per principal per window, e.g. 60/1m; the window as " + DurationText.FORMS + ".")
    private String quota;

    @Option(
            names = "--dialect",
            paramLabel = "NAME",
            defaultValue = "plain",
            description = "The rate-limit headers the quota speaks: plain, openai, anthropic, azure, github or ietf"
                    + " (default: ${DEFAULT-VALUE}: Retry-After on a 429 only).")
    private String dialect;

    @Option(
            names = "--capacity",
            description = "Concurrent requests before 503 (default: ${DEFAULT-VALUE}).",
            defaultValue = "256")
    private int capacity;

    @Option(names = "--collapse", description = "Degrade further under overload (capacity halves, latency grows).")
    private boolean collapse;

    @Option(
            names = "--latency",
            description = "Median simulated latency, as " + DurationText.FORMS + " (default: ${DEFAULT-VALUE}).",
            defaultValue = "0ms")
    private String latency;

    @Option(
            names = "--latency-sigma",
            description = "Log-normal spread of the latency (default: ${DEFAULT-VALUE}).",
            defaultValue = "0.5")
    private double latencySigma;

    @Option(
            names = "--outage",
            paramLabel = "FROM..TO",
            description = "503 for everyone, e.g. 30s..60s; each end as " + DurationText.FORMS + " (repeatable).")
    private List<String> outages = new ArrayList<>();

    @Option(
            names = "--hiccup",
            paramLabel = "AT",
            description = "Reset every open connection at AT, as " + DurationText.FORMS + " (repeatable).")
    private List<String> hiccups = new ArrayList<>();

    @Option(
            names = "--brownout",
            paramLabel = "FROM..TO:SHARE",
            description = "A share of 5xx, e.g. 10s..20s:0.3; each end as " + DurationText.FORMS + " (repeatable).")
    private List<String> brownOuts = new ArrayList<>();

    @Option(
            names = "--seed",
            description = "Seed of the latency and brown-out randomness (default: ${DEFAULT-VALUE}).",
            defaultValue = "42")
    private long seed;

    @Option(
            names = "--fault",
            paramLabel = "ENDPOINT=KIND[,key=value...]",
            description = "Plan a fault, e.g. /v1/chat/completions=429,retry-after=5,times=3 (repeatable).")
    private List<String> faults = new ArrayList<>();

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description = "Serve the relay's answers by outcome for Prometheus on http://127.0.0.1:PORT/metrics (L10);"
                    + " 0 picks a free port.")
    private Integer metricsPort;

    @Option(names = "--run-for", hidden = true, description = "Stop after this long instead of waiting for Ctrl-C.")
    private String runFor;

    @Override
    public Integer call() throws IOException {
        RelayConfig config = config();
        List<PlannedFault> planned = FaultOptions.parse(spec.commandLine(), faults);
        Optional<Duration> lifetime;
        try {
            lifetime = Optional.ofNullable(runFor).map(text -> duration("--run-for", text));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        MetricsEndpoint metrics;
        try {
            metrics = MetricsEndpoint.startIfAsked(metricsPort);
        } catch (MetricsEndpoint.PortUnavailable e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--metrics-port " + metricsPort + ": " + e.getMessage()
                            + "; choose another port, or 0 for a free one");
        }
        Relay relay = Relay.start(config);
        metrics.meters().ifPresent(m -> RelayMeters.bind(m.registry(), relay.log()));
        FaultOptions.apply(planned, relay.faults());
        out.println("Relay (simulated model API) on " + relay.baseUrl() + "/v1");
        out.println("  API key    " + String.join(", ", config.apiKeys()) + "   (Authorization: Bearer <key>)");
        config.trustedIssuer()
                .ifPresent(i -> out.println("  tokens of  " + i.issuer() + " (JWKS " + i.jwksUrl() + ")"));
        out.println("  quota      "
                + config.quota()
                        .map(q -> q.requests() + " per " + DurationText.words(q.window()))
                        .orElse("none")
                + ", capacity " + config.capacity() + (config.collapse() ? " (collapses under overload)" : "")
                + ", dialect " + config.dialect().name().toLowerCase(java.util.Locale.ROOT));
        out.println("  record     GET " + relay.baseUrl() + Relay.REQUESTS_PATH + "   faults POST " + relay.baseUrl()
                + FaultAdmin.PATH);
        metrics.address().ifPresent(uri -> out.println("  metrics    GET " + uri + "   (Prometheus)"));
        out.println("Press Ctrl-C to stop.");
        out.flush();
        ServerLifetime.runUntilStopped(
                () -> {
                    relay.close();
                    metrics.close();
                },
                lifetime,
                out);
        return 0;
    }

    private RelayConfig config() {
        try {
            RelayConfig config = RelayConfig.defaults()
                    .withPort(ServerLifetime.checkedPort(spec.commandLine(), port))
                    .withSeed(seed)
                    .withApiKeys(apiKeys.isEmpty() ? List.of(RelayConfig.DEMO_KEY) : apiKeys)
                    .withCapacity(capacity, collapse)
                    .withLatency(new LatencyModel(duration("--latency", latency), latencySigma))
                    .withDisruptions(disruptions())
                    .withDialect(RateLimitDialect.parse(dialect));
            if (quota != null) {
                config = config.withQuota(quota(quota));
            }
            if (issuer != null) {
                String base = issuer.toString().replaceAll("/+$", "");
                config = config.withTrustedIssuer(
                        new TrustedIssuer(base, jwksUrl != null ? jwksUrl : URI.create(base + "/jwks")));
            }
            return config;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private List<Disruption> disruptions() {
        List<Disruption> timeline = new ArrayList<>();
        for (String o : outages) {
            Duration[] range = range("--outage", o);
            timeline.add(new Disruption.Outage(range[0], range[1]));
        }
        for (String h : hiccups) {
            timeline.add(new Disruption.Hiccup(duration("--hiccup", h)));
        }
        for (String b : brownOuts) {
            int colon = b.lastIndexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("--brownout is FROM..TO:SHARE, e.g. 10s..20s:0.3");
            }
            Duration[] range = range("--brownout", b.substring(0, colon));
            timeline.add(new Disruption.BrownOut(range[0], range[1], share(b.substring(colon + 1))));
        }
        return timeline;
    }

    private static Duration[] range(String option, String text) {
        String[] parts = text.split("\\.\\.");
        if (parts.length != 2) {
            throw new IllegalArgumentException(
                    option + " takes a time range FROM..TO, e.g. 30s..60s, not '" + text + "'");
        }
        return new Duration[] {duration(option, parts[0]), duration(option, parts[1])};
    }

    /** HD5: a brown-out's share of 5xx, a number from 0 to 1. */
    private static double share(String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--brownout's share '" + text + "' is not a number: write one from 0 to 1, e.g. 10s..20s:0.3");
        }
    }

    private static Quota quota(String text) {
        String[] parts = text.split("/");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--quota is N/WINDOW, e.g. 60/1m, not '" + text + "'");
        }
        int requests;
        try {
            requests = Integer.parseInt(parts[0].trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--quota's request count '" + parts[0] + "' is not a whole number: write N/WINDOW, e.g. 60/1m");
        }
        return new Quota(requests, duration("--quota's window", parts[1]));
    }

    /** HD5: one duration grammar for every option; a bad value is refused naming the option it was given to. */
    private static Duration duration(String option, String text) {
        try {
            return DurationText.parse(text);
        } catch (DurationText.Invalid e) {
            throw new IllegalArgumentException(option + " " + e.getMessage(), e);
        }
    }
}
