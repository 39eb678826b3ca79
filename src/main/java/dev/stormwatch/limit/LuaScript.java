package dev.stormwatch.limit;

import dev.stormwatch.base.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * One Lua script from {@code src/main/resources/dev/stormwatch/limit/}, with the SHA-1 that {@code EVALSHA} uses
 * (spec L1, L5). All the limiter's Lua lives there, one file per algorithm.
 *
 * @param name   the resource name, e.g. {@code sliding_log.lua}
 * @param source the script text
 * @param sha    its SHA-1, lower-case hex, as Redis computes it
 */
public record LuaScript(String name, String source, String sha) {

    /** The script of an algorithm. */
    public static LuaScript of(Algorithm algorithm) {
        return load(algorithm.scriptName());
    }

    /** The benchmark floor: a script that does nothing and answers in the same shape. */
    public static LuaScript noop() {
        return load("noop.lua");
    }

    static LuaScript load(String name) {
        try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Lua script missing from the jar: dev/stormwatch/limit/" + name);
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new LuaScript(name, source, sha1(source));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Lua script " + name, e);
        }
    }

    private static String sha1(String source) {
        // Redis names a script by the SHA-1 of its source (EVALSHA).
        return HexFormat.of().formatHex(Digests.of("SHA-1", source.getBytes(StandardCharsets.UTF_8)));
    }
}
