package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A session kept between runs, only when the user asks for it: one JSON file in the user's configuration directory,
 * created with owner-only permissions (0600, directory 0700) and replaced atomically so a crash never leaves half a file.
 *
 * <p>A DPoP-bound session (RFC 9449 §5) is never written: its DPoP key lives in memory only, so after a restart the
 * bound tokens could neither be refreshed nor used (and must never be sent as Bearer). Such a session is kept in
 * memory for this process, the file is erased, and a DPoP-bound session found in the file is dropped.
 */
public final class FileSessionStore implements SessionStore {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private final Path file;
    /** The DPoP-bound session of this process, which is not written to the file (see the class comment). */
    private Session inMemoryOnly;

    public FileSessionStore(Path file) {
        this.file = file;
    }

    /** {@code $XDG_CONFIG_HOME/stormwatch/session.json}, else {@code ~/.config/stormwatch/session.json}. */
    public static Path defaultLocation() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("stormwatch").resolve("session.json");
    }

    @Override
    public synchronized Optional<Session> load() {
        if (inMemoryOnly != null) {
            return Optional.of(inMemoryOnly);
        }
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Session stored;
        try {
            stored = fromJson(JSON.readTree(file.toFile()));
        } catch (IOException | RuntimeException e) {
            // An unreadable file is left in place (nothing lost); the user signs in again.
            return Optional.empty();
        }
        // RFC 9449 §5: a bound token whose key died with its process is useless; drop it rather than send it as Bearer.
        if (stored.tokens().dpopBound()) {
            eraseQuietly();
            return Optional.empty();
        }
        return Optional.of(stored);
    }

    @Override
    public synchronized void save(Session session) {
        // RFC 9449 §5: the DPoP key is not persisted, so neither is a session bound to it; the file must not keep an
        // older session that this one replaces.
        if (session.tokens().dpopBound()) {
            inMemoryOnly = session;
            clearFile();
            return;
        }
        inMemoryOnly = null;
        write(session);
    }

    private void write(Session session) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            boolean posix =
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
            if (!Files.exists(dir)) {
                if (posix) {
                    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
                } else {
                    Files.createDirectories(dir);
                }
            } else {
                SessionFolder.requireOnlyOwnerCanWrite(dir); // an existing folder is not ours to trust
            }
            OwnerOnlyFiles.replace(file, JSON.writeValueAsString(toJson(session)), "session", posix);
        } catch (IOException e) {
            throw Failures.configuration("cannot write the session file " + file + " ("
                    + e.getClass().getSimpleName()
                    + "); check the folder's permissions, or keep the session in memory only");
        }
    }

    @Override
    public synchronized void clear() {
        inMemoryOnly = null;
        clearFile();
    }

    private void clearFile() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw Failures.configuration("cannot erase the session file " + file + " ("
                    + e.getClass().getSimpleName() + "); delete it by hand");
        }
    }

    private void eraseQuietly() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Still unusable: load() drops it again next time.
        }
    }

    private static ObjectNode toJson(Session session) {
        ObjectNode root = JSON.createObjectNode();
        // Which provider and client the tokens belong to: checked on every load, so they go nowhere else.
        root.put("issuer", session.binding().issuer());
        root.put("client_id", session.binding().clientId());
        TokenSet t = session.tokens();
        root.put("access_token", t.accessToken().reveal());
        root.put("token_type", t.tokenType());
        t.expiresAt().ifPresent(at -> root.put("expires_at", at.toString()));
        t.refreshToken().ifPresent(r -> root.put("refresh_token", r.reveal()));
        t.refreshExpiresAt().ifPresent(at -> root.put("refresh_expires_at", at.toString()));
        t.scope().ifPresent(s -> root.put("scope", s));
        // DV9: an OAuth 2.0-only session has neither ID token nor claims; its binding above is all it is bound by.
        t.idToken().ifPresent(id -> root.put("id_token", id.reveal()));
        session.claims().ifPresent(c -> putClaims(root, c));
        return root;
    }

    private static void putClaims(ObjectNode root, IdTokenClaims c) {
        ObjectNode claims = root.putObject("claims");
        claims.put("iss", c.issuer());
        claims.put("sub", c.subject());
        claims.putPOJO("aud", c.audience());
        claims.put("exp", c.expiresAt().toString());
        claims.put("iat", c.issuedAt().toString());
        c.nonce().ifPresent(n -> claims.put("nonce", n));
        claims.set("other", JSON.valueToTree(stringified(c.other())));
    }

    private static Map<String, Object> stringified(Map<String, Object> other) {
        Map<String, Object> out = new java.util.HashMap<>();
        other.forEach((k, v) -> out.put(k, v instanceof Instant i ? i.toString() : v));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Session fromJson(JsonNode root) {
        TokenSet tokens = new TokenSet(
                Secret.of(root.path("access_token").asText()),
                root.path("token_type").asText("Bearer"),
                optionalText(root, "expires_at").map(Instant::parse),
                optionalText(root, "refresh_token").map(Secret::of),
                optionalText(root, "id_token").map(Secret::of),
                optionalText(root, "scope"),
                optionalText(root, "refresh_expires_at").map(Instant::parse));
        if (!root.has("claims")) {
            // DV9, DV11: an OAuth 2.0-only session: bound by what was saved with it, and refused on load without it.
            return new Session(
                    tokens,
                    Optional.empty(),
                    new SessionBinding(
                            root.path("issuer").asText(), root.path("client_id").asText()));
        }
        JsonNode c = root.path("claims");
        List<String> audience = new ArrayList<>();
        c.path("aud").forEach(a -> audience.add(a.asText()));
        IdTokenClaims claims = new IdTokenClaims(
                c.path("iss").asText(),
                c.path("sub").asText(),
                audience,
                Instant.parse(c.path("exp").asText()),
                Instant.parse(c.path("iat").asText()),
                optionalText(c, "nonce"),
                JSON.convertValue(c.path("other"), Map.class));
        // A file saved before bindings were says nothing of them: its ID token's iss and azp/aud bind it.
        SessionBinding stated = SessionBinding.of(claims);
        SessionBinding binding = new SessionBinding(
                optionalText(root, "issuer").orElse(stated.issuer()),
                optionalText(root, "client_id").orElse(stated.clientId()));
        return new Session(tokens, claims, binding);
    }

    private static Optional<String> optionalText(JsonNode node, String name) {
        JsonNode value = node.get(name);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }
}
