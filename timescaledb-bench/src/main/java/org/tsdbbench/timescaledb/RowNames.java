package org.tsdbbench.timescaledb;

import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * A device's name as a request's text says it (quoted for SQL, escaped for COPY), in UTF-8 bytes,
 * kept for the last name seen: a batch holds each device's rows in a run, and its names are shared
 * strings (one per device), so a run costs one encoding.
 */
final class RowNames {

    private final UnaryOperator<String> form;
    private String last;
    private byte[] lastText;

    RowNames(UnaryOperator<String> form) {
        this.form = form;
    }

    byte[] text(String name) {
        if (name != last) {
            last = name;
            lastText = form.apply(name).getBytes(StandardCharsets.UTF_8);
        }
        return lastText;
    }
}
