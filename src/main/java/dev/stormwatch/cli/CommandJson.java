package dev.stormwatch.cli;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one mapper the commands' {@code --json} output is built and written with. Its numbers are plain: a duration of
 * {@link JsonSeconds} under a microsecond is written {@code 0.000000001}, never {@code 1E-9}.
 */
final class CommandJson {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private CommandJson() {}
}
