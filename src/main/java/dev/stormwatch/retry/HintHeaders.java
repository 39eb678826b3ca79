package dev.stormwatch.retry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The headers of a response that may carry a wait hint besides {@code Retry-After} (spec RH): {@code retry-after-ms},
 * {@code x-ms-retry-after-ms}, {@code x-should-retry}, the IETF {@code RateLimit} fields, OpenAI's and GitHub's
 * {@code x-ratelimit-*} and Anthropic's {@code anthropic-ratelimit-*}, in the order received, names in lower case.
 * Executors copy only these, so a response without any costs nothing.
 */
public final class HintHeaders {

    /** A response with no hint header: the retry decision keeps its allocation-free path. */
    public static final HintHeaders NONE = new HintHeaders(List.of());

    /** One header line: its name in lower case and its value as received. */
    public record Field(String name, String value) {
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    private final List<Field> fields;

    private HintHeaders(List<Field> fields) {
        this.fields = fields;
    }

    /** Whether a header of this name may carry a hint; case-insensitive, allocation-free. */
    public static boolean isHintHeader(String name) {
        return startsWith(name, "x-ratelimit")
                || startsWith(name, "ratelimit")
                || startsWith(name, "anthropic-ratelimit-")
                || name.equalsIgnoreCase("retry-after-ms")
                || name.equalsIgnoreCase("x-ms-retry-after-ms")
                || name.equalsIgnoreCase("x-should-retry");
    }

    /** The hint headers among name/value pairs (others are dropped), for tests and the CLI. */
    public static HintHeaders of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values come in pairs");
        }
        Builder builder = builder();
        for (int k = 0; k < namesAndValues.length; k += 2) {
            builder.add(namesAndValues[k], namesAndValues[k + 1]);
        }
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The fields in the order received. */
    public List<Field> fields() {
        return fields;
    }

    public boolean isEmpty() {
        return fields.isEmpty();
    }

    /** Every value of the header with this name (any case), in order. */
    public List<String> values(String name) {
        List<String> values = new ArrayList<>(1);
        for (Field field : fields) {
            if (field.name().equalsIgnoreCase(name)) {
                values.add(field.value());
            }
        }
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HintHeaders h && h.fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return fields.toString();
    }

    private static boolean startsWith(String name, String prefix) {
        return name.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    /** Collects hint headers; a header that carries no hint is dropped. */
    public static final class Builder {
        private List<Field> fields;

        private Builder() {}

        public Builder add(String name, String value) {
            if (name == null || value == null || !isHintHeader(name)) {
                return this;
            }
            if (fields == null) {
                fields = new ArrayList<>(4);
            }
            fields.add(new Field(name.toLowerCase(Locale.ROOT), value));
            return this;
        }

        public HintHeaders build() {
            return fields == null ? NONE : new HintHeaders(List.copyOf(fields));
        }
    }
}
