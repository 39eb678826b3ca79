package dev.stormwatch.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.ClientTimeouts;
import dev.stormwatch.http.Credential;
import dev.stormwatch.http.RequestDeadline;
import dev.stormwatch.http.RequestIdempotency;
import dev.stormwatch.http.RequestRedaction;
import dev.stormwatch.http.RequestRefused;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PolicyPreset;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stormwatch call}: sends one request through the resilient client (spec RC1–RC7) and prints every attempt:
 * status or network failure, Retry-After, the chosen wait and the verdict. Secrets come from the environment and are
 * never printed (RC6).
 */
@Command(
        name = "call",
        mixinStandardHelpOptions = true,
        description = {
            "Send one request through the resilient client and print what each attempt did (RC1-RC7).",
            "Exit code: 0 when a response came back (any status), 1 when the call failed, 3 when it was refused."
        },
        footer = {
            "",
            "Example:",
            "  stormwatch call --preset batch --model gpt-4o --bearer-env OPENAI_API_KEY \\",
            "      https://relay.example/v1/models"
        })
public final class CallCommand implements Callable<Integer> {

    private final UnaryOperator<String> environment;
    private final java.time.Clock clock;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "The absolute http(s) URL to call.")
    private String url;

    @Option(
            names = {"-X", "--method"},
            paramLabel = "METHOD",
            description = "The HTTP method (default GET).")
    private String method = "GET";

    @Option(names = "--data", paramLabel = "JSON", description = "A JSON request body (for POST, PUT, PATCH).")
    private String data;

    @Option(
            names = "--preset",
            paramLabel = "PRESET",
            description = "The retry policy: interactive (default) or batch"
                    + " (RC4), default (C1), conservative or patient (C3).")
    private PolicyPreset preset = PolicyPreset.INTERACTIVE;

    @Option(names = "--model", paramLabel = "NAME", description = "The model route, for metrics (default: default).")
    private String model = "default";

    @Option(
            names = "--deadline",
            paramLabel = "DURATION",
            description =
                    "A deadline from now, as " + DurationText.FORMS + "; sent downstream and never retried past (RC5).")
    private String deadline;

    @Option(names = "--idempotency-key", paramLabel = "KEY", description = "Makes a POST or PATCH retryable (RC2).")
    private String idempotencyKey;

    @Option(
            names = "--bearer-env",
            paramLabel = "VAR",
            description = "The environment variable holding a bearer token; never printed (RC6).")
    private String bearerEnv;

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            description = "Connect timeout, as " + DurationText.FORMS + ". Default 3s (RC3).")
    private String connectTimeout;

    @Option(
            names = "--read-timeout",
            paramLabel = "DURATION",
            description = "Read timeout, as " + DurationText.FORMS + ". Default 45s (RC3).")
    private String readTimeout;

    @Option(
            names = "--json",
            description = "Print exactly one JSON object on stdout, for scripts: the request (redacted), each attempt"
                    + " (status or failure, Retry-After, verdict, delay_s, budget left) and the outcome"
                    + " (response, failed or refused).")
    private boolean json;

    @Option(names = "--proxy", paramLabel = "URL", description = ProxyOption.DESCRIPTION)
    private String proxy;

    /** For picocli: reads the process environment, on the system clock. */
    public CallCommand() {
        this(System::getenv);
    }

    /** For tests: reads secrets from the given environment, on the system clock. */
    CallCommand(UnaryOperator<String> environment) {
        this(environment, java.time.Clock.systemUTC());
    }

    /** For tests: reads secrets from the given environment; the deadline and the call's budget run on {@code clock}. */
    CallCommand(UnaryOperator<String> environment, java.time.Clock clock) {
        this.environment = environment;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Request request = request();
        CallOptions options = CallOptions.model(model);
        List<Map<String, Object>> attempts = java.util.Collections.synchronizedList(new ArrayList<>());
        // PX1, PX2, PX6: --proxy, else the environment's proxies (else Java's), never for this machine; said before
        // the call (PX5).
        dev.stormwatch.http.ProxyRoutes proxies = ProxyOption.routes(proxy, environment, spec.commandLine());
        Optional<dev.stormwatch.http.ProxyRoutes.ProxyUrl> proxy =
                proxies.routeFor(request.url().uri());
        ResilientClient.Builder client = ResilientClient.builder(proxies.applyTo(new okhttp3.OkHttpClient()))
                .preset(preset)
                .clock(clock)
                .timeouts(timeouts())
                .listener(event -> {
                    if (json) {
                        attempts.add(asJson(event));
                    } else {
                        printAttempt(out, event);
                    }
                });
        String secret = "";
        Credential credential = null;
        if (bearerEnv != null) {
            credential = credential();
            client.credential(credential);
            secret = ", " + credential; // RC6: its toString redacts
        }
        if (deadline != null) {
            options = options.withDeadline(RequestDeadline.in(duration("--deadline", deadline), clock));
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("request", RequestRedaction.describe(request));
        root.put("preset", preset.cliName());
        root.put("retryable", RequestIdempotency.isRetryable(request));
        root.put("credential", credential == null ? null : credential.toString()); // RC6: its toString redacts
        root.put("proxy", proxy.map(Object::toString).orElse(null)); // PX3: host:port, never its credentials
        if (!json) {
            out.println("Sending " + RequestRedaction.describe(request) + " (" + preset.cliName()
                    + ", " + (RequestIdempotency.isRetryable(request) ? "retryable" : "sent once") + secret
                    + proxy.map(p -> ", through the proxy " + p).orElse("") + ")");
            out.flush();
        }
        int exit;
        try (Response response = client.build().send(request, options)) {
            root.put("outcome", "response");
            root.put("status", response.code());
            root.put("message", response.message());
            exit = 0;
        } catch (CallFailure.Recoverable failure) {
            root.put("outcome", "failed");
            root.put("message", failure.getMessage());
            exit = 1;
        } catch (RequestRefused refused) {
            root.put("outcome", "refused");
            root.put("message", refused.getMessage());
            exit = 3;
        }
        if (json) {
            synchronized (attempts) {
                root.put("attempts", List.copyOf(attempts));
            }
            try {
                out.println(CommandJson.MAPPER.writeValueAsString(root));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a map of strings and numbers always serialises", e);
            }
        } else {
            out.println(
                    switch (exit) {
                        case 0 -> "Response:    " + root.get("status") + " " + root.get("message");
                        case 1 -> "Failed:      " + root.get("message");
                        default -> "Refused:     " + root.get("message");
                    });
        }
        out.flush();
        return exit;
    }

    private static Map<String, Object> asJson(AttemptEvent event) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("attempt", event.attempt());
        entry.put("status", event.status().isPresent() ? event.status().getAsInt() : null);
        entry.put("failure", event.failure().map(kind -> kind.description()).orElse(null));
        entry.put("retry_after", event.rawRetryAfter());
        entry.put("retry_after_s", event.retryAfter().map(JsonSeconds::of).orElse(null));
        entry.put("wait_hint", event.waitHint().orElse(null));
        entry.put("connection", event.connection().describe()); // CN3
        entry.put("proxy", event.proxy().orElse(null)); // PX8
        entry.put("verdict", event.verdict().toString());
        entry.put("delay_s", event.delay().map(JsonSeconds::of).orElse(null));
        entry.put("attempts_left_at_origin", event.budgetLeft().attemptsAtOrigin());
        entry.put("time_left_s", JsonSeconds.of(event.budgetLeft().time()));
        return entry;
    }

    private Request request() {
        HttpUrl parsed = HttpUrl.parse(url);
        if (parsed == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "URL must be an absolute http or https URL such as https://relay.example/v1/models, was \"" + url
                            + "\"");
        }
        String verb = method.toUpperCase(Locale.ROOT);
        RequestBody body = data == null ? null : RequestBody.create(data, MediaType.get("application/json"));
        boolean needsBody = verb.equals("POST") || verb.equals("PUT") || verb.equals("PATCH");
        if (body == null && needsBody) {
            body = RequestBody.create("", MediaType.get("application/json"));
        }
        if (body != null && (verb.equals("GET") || verb.equals("HEAD"))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--data cannot go with " + verb + "; use POST, PUT or PATCH");
        }
        Request.Builder builder;
        try {
            builder = new Request.Builder().url(parsed).method(verb, body);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--method " + method + ": " + e.getMessage());
        }
        if (idempotencyKey != null) {
            builder.header(RequestIdempotency.IDEMPOTENCY_KEY, idempotencyKey);
        }
        return builder.build();
    }

    private Credential credential() {
        String token = environment.apply(bearerEnv);
        if (token == null || token.isBlank()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--bearer-env " + bearerEnv + ": that environment variable is not set or empty");
        }
        try {
            return Credential.bearer(token);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--bearer-env " + bearerEnv + ": " + e.getMessage());
        }
    }

    private ClientTimeouts timeouts() {
        ClientTimeouts timeouts = ClientTimeouts.DEFAULT;
        try {
            if (connectTimeout != null) {
                timeouts = timeouts.withConnect(duration("--connect-timeout", connectTimeout));
            }
            if (readTimeout != null) {
                timeouts = timeouts.withRead(duration("--read-timeout", readTimeout));
            }
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        return timeouts;
    }

    /** Reads a duration in the one grammar of {@link DurationText}. */
    private Duration duration(String option, String text) {
        try {
            return DurationText.parse(text);
        } catch (DurationText.Invalid e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + e.getMessage());
        }
    }

    private static void printAttempt(PrintWriter out, AttemptEvent event) {
        StringBuilder line =
                new StringBuilder("Attempt ").append(event.attempt()).append(": ");
        if (event.status().isPresent()) {
            line.append("status ").append(event.status().getAsInt());
        } else {
            line.append(event.failure().map(kind -> kind.description()).orElse("not sent"));
        }
        if (!event.rawRetryAfter().isEmpty()) {
            line.append(", Retry-After ")
                    .append(String.join(" | ", event.rawRetryAfter()))
                    .append(event.retryAfter()
                            .map(d -> " (" + d.toMillis() + " ms)")
                            .orElse(" (ignored)"));
        }
        // RH2, RH9: when a hint other than Retry-After decided, say which.
        event.waitHint()
                .filter(h -> !h.startsWith("retry-after: "))
                .ifPresent(h -> line.append(", wait from ")
                        .append(h)
                        .append(event.retryAfter()
                                .map(d -> " (" + d.toMillis() + " ms)")
                                .orElse("")));
        String connection = event.connection().describe(); // CN3
        if (!connection.isEmpty()) {
            line.append(" on a ").append(connection);
        }
        event.proxy().ifPresent(p -> line.append(" through the proxy ").append(p)); // PX8
        line.append(" -> ").append(event.verdict());
        event.delay()
                .ifPresent(d -> line.append(", waiting ").append(d.toMillis()).append(" ms"));
        line.append(" [budget left: ")
                .append(event.budgetLeft().attemptsAtOrigin())
                .append(" attempts, ")
                .append(event.budgetLeft().time().toMillis())
                .append(" ms]");
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
