package dev.stormwatch.oauth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.RetryPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The saved profiles (spec PF2–PF4): one file per profile, {@code profiles/NAME.json}, and one session file per
 * profile, {@code sessions/NAME.json}, in the user's configuration folder ({@code $XDG_CONFIG_HOME/stormwatch}, else
 * {@code ~/.config/stormwatch}). Files are owner-only (0600, folders 0700) and replaced atomically, so nothing is ever
 * half-saved; an existing folder that others may write is refused, as for the session file.
 *
 * <p>Export and import use the same JSON as the stored file, which has no field for a secret (PF3).
 */
public final class ProfileStore {

    /** The fields of a profile file; anything else in an imported file is refused (PF3). */
    private static final Set<String> FIELDS = Set.of(
            "name",
            "issuer",
            "client_id",
            "scope",
            "client_auth",
            "ca_file",
            "dpop",
            "client_cert",
            "client_cert_pkcs8",
            "auth_params",
            "redirect_host",
            "redirect_port",
            "browser_wait_seconds",
            "client_assertion_file",
            "client_assertion_kid",
            "stay_signed_in",
            "device",
            "proxy",
            "retry_policy",
            "end_session_method");
    /**
     * PF7: the path of the client certificate's PKCS#8 key file. A path is not a secret (the key stays in its
     * owner-only file), and the name holds none of {@link #SECRET_WORDS}, so PF3's filter stays as strict as it was.
     */
    static final String CLIENT_CERT_PKCS8 = "client_cert_pkcs8";
    /** Field names that would carry a secret: an imported file that has one is refused, not silently cleaned (PF3). */
    private static final List<String> SECRET_WORDS =
            List.of("secret", "password", "token", "private", "key", "credential");

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private final Path folder;

    /** Profiles and their sessions under {@code folder} (the {@code stormwatch} configuration folder). */
    public ProfileStore(Path folder) {
        this.folder = folder;
    }

    /** {@code $XDG_CONFIG_HOME/stormwatch}, else {@code ~/.config/stormwatch}, from the given environment. */
    public static Path defaultFolder(java.util.function.UnaryOperator<String> environment) {
        String xdg = environment.apply("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("stormwatch");
    }

    /** The saved profiles, by name. */
    public List<Profile> list() {
        Path dir = folder.resolve("profiles");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Profile> profiles = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList()) {
                profiles.add(read(file));
            }
        } catch (IOException e) {
            throw Failures.configuration("cannot read the profiles folder " + dir + " ("
                    + e.getClass().getSimpleName() + ")");
        }
        return profiles;
    }

    /** The profile of that name, if saved. */
    public Optional<Profile> find(String name) {
        Path file = profileFile(name);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /** The profile of that name, or a Configuration error listing the saved ones. */
    public Profile require(String name) {
        return find(name)
                .orElseThrow(() -> Failures.configuration("no profile named '" + name + "'; saved profiles: "
                        + (list().isEmpty()
                                ? "none (save one with 'stormwatch profile save')"
                                : String.join(
                                        ", ", list().stream().map(Profile::name).toList()))));
    }

    /** Saves (or replaces) a profile, owner-only and atomically (PF2). */
    public void save(Profile profile) {
        write(profileFile(profile.name()), toJson(profile));
    }

    /** Deletes a profile and its session (PF4: a session never outlives its profile to be picked up by another). */
    public boolean delete(String name) {
        try {
            boolean existed = Files.deleteIfExists(profileFile(name));
            Files.deleteIfExists(sessionFile(name));
            return existed;
        } catch (IOException e) {
            throw Failures.configuration(
                    "cannot delete the profile '" + name + "' (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** PF4: the session file of one profile; no two profiles share one. */
    public Path sessionFile(String name) {
        return folder.resolve("sessions").resolve(checkedName(name) + ".json");
    }

    /** PF4: the session store of one profile. */
    public SessionStore sessionStore(String name) {
        return new FileSessionStore(sessionFile(name));
    }

    /** PF3: the profile as shareable JSON text: every field, and no secret (a profile holds none). */
    public static String export(Profile profile) {
        try {
            return JSON.writeValueAsString(toJson(profile)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * PF3: reads a profile from shared JSON text, refusing a field that is unknown or would carry a secret, and any
     * value the profile refuses; {@code source} names the text in the message.
     *
     * @throws CallFailure.Configuration saying which field to change
     */
    public static Profile parse(String text, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            // readTree of a String throws no other IOException: there is nothing to read but the text.
            throw Failures.configuration(source + " is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw Failures.configuration(
                    source + " is not a profile: expected a JSON object with name, issuer and" + " client_id");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            String lower = field.toLowerCase(Locale.ROOT);
            if (SECRET_WORDS.stream().anyMatch(lower::contains)) {
                throw Failures.configuration(source + " has the field '" + field + "', which would carry a secret:"
                        + " profiles never hold secrets; remove it and give the client secret with"
                        + " --client-secret-file or STORMWATCH_CLIENT_SECRET");
            }
            if (!FIELDS.contains(field)) {
                throw Failures.configuration(source + " has an unknown field '" + field + "'; a profile has "
                        + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        for (String required : List.of("name", "issuer", "client_id")) {
            if (!root.path(required).isTextual()) {
                throw Failures.configuration(source + " has no " + required + " (text)");
            }
        }
        Optional<Path> caFile = root.path("ca_file").isTextual()
                        && !root.path("ca_file").asText().isBlank()
                ? Optional.of(Path.of(root.path("ca_file").asText()))
                : Optional.empty();
        Optional<Path> clientCert = path(root, "client_cert");
        Optional<Path> clientCertPkcs8 = path(root, CLIENT_CERT_PKCS8);
        ClientAuthentication.Method method;
        try {
            method = ClientAuthentication.Method.parse(root.path("client_auth").asText("none"));
        } catch (CallFailure.Configuration e) {
            throw Failures.configuration(source + " client_auth: " + e.getMessage());
        }
        // PF9: the sign-in choices, each checked as its command-line option is, named by its field.
        AuthorizationParameters parameters;
        try {
            java.util.List<String> items = new ArrayList<>();
            JsonNode given = root.path("auth_params");
            if (!given.isMissingNode() && !given.isObject()) {
                throw Failures.configuration("must be an object of name: value");
            }
            for (Iterator<String> names = given.fieldNames(); names.hasNext(); ) {
                String parameter = names.next();
                items.add(parameter + "=" + given.path(parameter).asText());
            }
            parameters = AuthorizationParameters.parse(items);
        } catch (CallFailure.Configuration e) {
            throw Failures.configuration(source + " auth_params: " + e.getMessage());
        }
        RedirectChoice redirect;
        try {
            redirect = new RedirectChoice(
                    RedirectChoice.Host.parse(root.path("redirect_host").asText("127.0.0.1")),
                    root.path("redirect_port").asInt(0));
        } catch (IllegalArgumentException | CallFailure.Configuration e) {
            throw Failures.configuration(source + " redirect_host or redirect_port: " + e.getMessage());
        }
        java.time.Duration wait = java.time.Duration.ofSeconds(
                root.path("browser_wait_seconds").asLong(LoopbackReceiver.DEFAULT_TIMEOUT.toSeconds()));
        Optional<String> kid = root.path("client_assertion_kid").isTextual()
                        && !root.path("client_assertion_kid").asText().isBlank()
                ? Optional.of(root.path("client_assertion_kid").asText())
                : Optional.empty();
        EndSessionMethod ending;
        try {
            // SX9, PF11: checked as --end-session-method is, named by the field.
            JsonNode given = root.path(END_SESSION_METHOD);
            ending = given.isMissingNode()
                    ? EndSessionMethod.DEFAULT
                    : EndSessionMethod.parse(given.isTextual() ? given.asText() : given.toString(), END_SESSION_METHOD);
        } catch (IllegalArgumentException e) {
            throw Failures.configuration(source + " " + e.getMessage());
        }
        try {
            return new Profile(
                    root.path("name").asText(),
                    root.path("issuer").asText(),
                    root.path("client_id").asText(),
                    root.path("scope").asText(OAuthConfig.DEFAULT_SCOPE),
                    method,
                    caFile,
                    root.path("dpop").asBoolean(false),
                    clientCert,
                    clientCertPkcs8,
                    parameters,
                    redirect,
                    wait,
                    path(root, "client_assertion_file"),
                    kid,
                    root.path("stay_signed_in").asBoolean(false),
                    root.path("device").asBoolean(false),
                    root.path("proxy").asText(""),
                    retryPolicy(root.path("retry_policy"), source),
                    ending);
        } catch (CallFailure.Configuration e) {
            throw Failures.configuration(source + ": " + e.getMessage());
        }
    }

    private static ObjectNode toJson(Profile profile) {
        ObjectNode root = JSON.createObjectNode();
        root.put("name", profile.name());
        root.put("issuer", profile.issuer());
        root.put("client_id", profile.clientId());
        root.put("scope", profile.scope());
        root.put("client_auth", profile.clientAuth().wireName());
        profile.caFile().ifPresent(f -> root.put("ca_file", f.toString()));
        root.put("dpop", profile.dpop());
        profile.clientCert().ifPresent(f -> root.put("client_cert", f.toString()));
        profile.clientCertPkcs8().ifPresent(f -> root.put(CLIENT_CERT_PKCS8, f.toString()));
        if (!profile.authorizationParameters().values().isEmpty()) {
            ObjectNode parameters = root.putObject("auth_params");
            new java.util.TreeMap<>(profile.authorizationParameters().values()).forEach(parameters::put);
        }
        root.put("redirect_host", profile.redirectChoice().host().uriHost());
        root.put("redirect_port", profile.redirectChoice().port());
        root.put("browser_wait_seconds", profile.browserWait().toSeconds());
        profile.clientAssertionFile().ifPresent(f -> root.put("client_assertion_file", f.toString()));
        profile.clientAssertionKid().ifPresent(k -> root.put("client_assertion_kid", k));
        root.put("stay_signed_in", profile.staySignedIn());
        root.put("device", profile.device());
        if (!profile.retryPolicy().equals(RetryPolicy.DEFAULT)) {
            // PF10: the default is left out, so a profile saved before retry policies were kept reads the same.
            RetryPolicy policy = profile.retryPolicy();
            ObjectNode node = root.putObject("retry_policy");
            node.put(MAX_ATTEMPTS_PER_ORIGIN, policy.maxAttemptsPerOrigin());
            node.put(MAX_TOTAL_ATTEMPTS, policy.maxTotalAttempts());
            node.put(INITIAL_BACKOFF_MS, policy.initialBackoff().toMillis());
            node.put(MULTIPLIER, policy.multiplier());
            node.put(MAX_BACKOFF_MS, policy.maxBackoff().toMillis());
            node.put(TOTAL_BUDGET_MS, policy.totalBudget().toMillis());
        }
        if (!profile.proxy().isEmpty()) {
            root.put("proxy", profile.proxy()); // PX7: never with a password (the profile refuses one)
        }
        if (profile.endSessionMethod() != EndSessionMethod.DEFAULT) {
            // PF11: post is left out, so a profile saved before the choice existed reads the same.
            root.put(END_SESSION_METHOD, profile.endSessionMethod().wireName());
        }
        return root;
    }

    /** PF11: the field of the end-session method (SX9). */
    private static final String END_SESSION_METHOD = "end_session_method";

    private static final String MAX_ATTEMPTS_PER_ORIGIN = "max_attempts_per_origin";
    private static final String MAX_TOTAL_ATTEMPTS = "max_total_attempts";
    private static final String INITIAL_BACKOFF_MS = "initial_backoff_ms";
    private static final String MULTIPLIER = "multiplier";
    private static final String MAX_BACKOFF_MS = "max_backoff_ms";
    private static final String TOTAL_BUDGET_MS = "total_budget_ms";
    private static final Set<String> POLICY_FIELDS = Set.of(
            MAX_ATTEMPTS_PER_ORIGIN,
            MAX_TOTAL_ATTEMPTS,
            INITIAL_BACKOFF_MS,
            MULTIPLIER,
            MAX_BACKOFF_MS,
            TOTAL_BUDGET_MS);

    /**
     * PF10: a profile's retry policy; absent means the default (C1). Every value must be there and a number, and the
     * policy is checked as the settings check theirs (C2): nothing is clamped.
     */
    private static RetryPolicy retryPolicy(JsonNode node, String source) {
        if (node.isMissingNode() || node.isNull()) {
            return RetryPolicy.DEFAULT;
        }
        if (!node.isObject()) {
            throw Failures.configuration(source + " retry_policy must be an object with "
                    + String.join(", ", new java.util.TreeSet<>(POLICY_FIELDS)));
        }
        for (String field : POLICY_FIELDS) {
            if (!node.path(field).isNumber()) {
                throw Failures.configuration(source + " retry_policy." + field + " is missing or not a number");
            }
        }
        for (java.util.Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!POLICY_FIELDS.contains(name)) {
                throw Failures.configuration(source + " retry_policy has an unknown field '" + name + "'");
            }
        }
        try {
            return new RetryPolicy(
                    node.path(MAX_ATTEMPTS_PER_ORIGIN).asInt(),
                    node.path(MAX_TOTAL_ATTEMPTS).asInt(),
                    java.time.Duration.ofMillis(node.path(INITIAL_BACKOFF_MS).asLong()),
                    node.path(MULTIPLIER).asDouble(),
                    java.time.Duration.ofMillis(node.path(MAX_BACKOFF_MS).asLong()),
                    java.time.Duration.ofMillis(node.path(TOTAL_BUDGET_MS).asLong()));
        } catch (CallFailure.Configuration e) {
            throw Failures.configuration(source + " retry_policy: " + e.getMessage());
        }
    }

    private static Optional<Path> path(JsonNode root, String field) {
        return root.path(field).isTextual() && !root.path(field).asText().isBlank()
                ? Optional.of(Path.of(root.path(field).asText()))
                : Optional.empty();
    }

    private Profile read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), "profile file " + file);
        } catch (IOException e) {
            throw Failures.configuration(
                    "cannot read the profile file " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }

    private Path profileFile(String name) {
        return folder.resolve("profiles").resolve(checkedName(name) + ".json");
    }

    /** A name that is not a profile name never becomes a path (no '..', no '/'). */
    private static String checkedName(String name) {
        return Profile.of(name, "http://127.0.0.1", "x").name();
    }

    private void write(Path file, ObjectNode json) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            boolean posix =
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
            for (Path d : List.of(dir.getParent(), dir)) {
                if (!Files.exists(d)) {
                    if (posix) {
                        Files.createDirectories(d, PosixFilePermissions.asFileAttribute(OWNER_DIR));
                    } else {
                        Files.createDirectories(d);
                    }
                } else {
                    SessionFolder.requireOnlyOwnerCanWrite(d);
                }
            }
            OwnerOnlyFiles.replace(file, JSON.writeValueAsString(json), "profile", posix);
        } catch (IOException e) {
            throw Failures.configuration("cannot write the profile file " + file + " ("
                    + e.getClass().getSimpleName() + "); check the folder's permissions");
        }
    }
}
