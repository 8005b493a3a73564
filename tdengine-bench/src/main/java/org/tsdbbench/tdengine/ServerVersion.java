package org.tsdbbench.tdengine;

import java.util.Arrays;

/**
 * A TDengine server's version as it reports it ({@code SELECT SERVER_VERSION()}, e.g. 3.3.0.1):
 * its major picks the dialect, the SQL length limit and the driver behaviour, and the whole
 * version decides which connection paths the server takes.
 */
record ServerVersion(String text, int[] parts) implements Comparable<ServerVersion> {

    /** The oldest server taos-jdbcdriver 3.7 opens WebSocket to (its MIN_SUPPORT_VERSION). */
    static final ServerVersion WEBSOCKET_MINIMUM = parse("3.3.6.0");

    ServerVersion {
        parts = parts.clone();
    }

    /** Parses a dotted version; a text that is not one is a {@link IllegalArgumentException} naming it. */
    static ServerVersion parse(String text) {
        String t = text == null ? "" : text.strip();
        String[] items = t.split("\\.");
        int[] parts = new int[items.length];
        try {
            for (int i = 0; i < items.length; i++) parts[i] = Integer.parseInt(items[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a TDengine server version (like 3.3.0.1)");
        }
        return new ServerVersion(t, parts);
    }

    int major() {
        return parts[0];
    }

    boolean atLeast(ServerVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(ServerVersion o) {
        for (int i = 0; i < Math.max(parts.length, o.parts.length); i++) {
            int a = i < parts.length ? parts[i] : 0;
            int b = i < o.parts.length ? o.parts[i] : 0;
            if (a != b) return Integer.compare(a, b);
        }
        return 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServerVersion v && compareTo(v) == 0;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(parts);
    }

    @Override
    public String toString() {
        return text;
    }
}
