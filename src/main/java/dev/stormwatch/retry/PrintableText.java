package dev.stormwatch.retry;

/**
 * Text from a provider made safe to print on a terminal or show in a window: a provider's
 * {@code error_description} or {@code iss} could carry escape sequences that recolour, retitle or rewrite the
 * terminal, or bidi overrides that make a message read differently from what it says. Every such character is
 * replaced by a visible {@code \}{@code uXXXX} escape, so nothing is hidden and nothing acts.
 *
 * <p>Escaped: the C0 controls (U+0000–U+001F, with tab and line feed: a provider's value is one line), DEL, the C1
 * controls (U+0080–U+009F, which include the 8-bit CSI), the bidi embeddings, overrides, isolates and marks
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
 * An ESC sequence is neutralised by escaping its ESC: what follows is plain text.
 */
public final class PrintableText {

    private PrintableText() {}

    /** The text with every control, bidi and separator character escaped; {@code null} stays {@code null}. */
    public static String of(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isUnsafe(c)) {
                if (safe == null) {
                    safe = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                safe.append(String.format("\\u%04X", (int) c));
            } else if (safe != null) {
                safe.append(c);
            }
        }
        return safe == null ? text : safe.toString();
    }

    /** Whether a character would act on a terminal or reorder text instead of showing itself. */
    static boolean isUnsafe(char c) {
        return c < 0x20
                || c == 0x7F
                || (c >= 0x80 && c <= 0x9F)
                || c == 0x061C
                || c == 0x200E
                || c == 0x200F
                || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028
                || c == 0x2029;
    }
}
