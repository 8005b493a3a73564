package org.tsdbbench.common.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a database is and how to log in. The password is never a command-line value: it is read
 * from an environment variable or a file, and {@link #toString()} never shows it.
 */
public record ConnectionOptions(String host, int port, String user, String database, Secret password,
                                Map<String, String> extra) {

    public ConnectionOptions {
        extra = Map.copyOf(extra);
    }

    public String address() {
        return host + ":" + port;
    }

    /** A driver-specific setting ({@code --option key=value}), or the default. */
    public String extra(String key, String fallback) {
        return extra.getOrDefault(key, fallback);
    }

    @Override
    public String toString() {
        return user + "@" + address() + "/" + database + (password.isEmpty() ? "" : " (password set)") + (extra.isEmpty() ? "" : " " + extra);
    }

    /** A password that does not print itself. */
    public static final class Secret {
        private final String value;

        private Secret(String value) {
            this.value = value == null ? "" : value;
        }

        public static Secret none() {
            return new Secret("");
        }

        public static Secret of(String value) {
            return new Secret(value);
        }

        /** The value of environment variable {@code name}, or none when it is unset. */
        public static Secret fromEnv(String name) {
            return new Secret(System.getenv(name));
        }

        /** The first line of a file (trailing newline removed). */
        public static Secret fromFile(Path file) throws IOException {
            String text = Files.readString(file);
            int nl = text.indexOf('\n');
            return new Secret(nl < 0 ? text : text.substring(0, nl).replace("\r", ""));
        }

        public String reveal() {
            return value;
        }

        public boolean isEmpty() {
            return value.isEmpty();
        }

        @Override
        public String toString() {
            return value.isEmpty() ? "(none)" : "****";
        }
    }
}
