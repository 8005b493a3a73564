package org.tsdbbench.common.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a database is and how to log in, and the module's settings ({@code --option key=value},
 * read typed with {@link #get}). The password is never a command-line value: it is read from an
 * environment variable or a file, and {@link #toString()} never shows it.
 */
public record ConnectionOptions(String host, int port, String user, String database, Secret password,
                                Map<String, String> extra) {

    public ConnectionOptions {
        extra = Map.copyOf(extra);
    }

    public String address() {
        return host.contains(",") ? String.join(",", addresses().stream().map(Address::toString).toList()) : host + ":" + port;
    }

    /** One server: host and port. */
    public record Address(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    /**
     * The servers {@code -host} names: one, or several separated by commas (a cluster's nodes),
     * each {@code host} or {@code host:port}, the port defaulting to {@code -port}.
     */
    public List<Address> addresses() {
        List<Address> out = new ArrayList<>();
        for (String item : host.split(",")) {
            String h = item.strip();
            if (h.isEmpty()) throw new IllegalArgumentException("-host " + host + ": an empty address in the list");
            int colon = h.lastIndexOf(':');
            if (colon > 0 && h.indexOf(':') == colon) {
                try {
                    out.add(new Address(h.substring(0, colon), Integer.parseInt(h.substring(colon + 1))));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("-host " + host + ": '" + h + "' has no port number after ':'");
                }
            } else {
                out.add(new Address(h, port));
            }
        }
        return out;
    }

    /** The one server of a module whose driver reaches a single address; several are an error naming them. */
    public Address single(String databaseName) throws DatabaseException {
        List<Address> all = addresses();
        if (all.size() > 1) {
            throw new DatabaseException(databaseName + " takes one server address here, not " + all
                    + ": run one process (--shard i/N) per server instead");
        }
        return all.get(0);
    }

    /**
     * The value of a module setting ({@code --option key=value}), or its default when not given.
     * The CLI has checked every given value before any work; a bad one here (a run from an IDE, a
     * test) is an IllegalArgumentException naming key, value and rule.
     */
    public <T> T get(ModuleOption<T> option) {
        String value = extra.get(option.name());
        return value == null ? option.defaultValue() : option.parse(value);
    }

    /** Whether the setting was given (a module that keeps its driver's own default otherwise). */
    public boolean isSet(ModuleOption<?> option) {
        return extra.containsKey(option.name());
    }

    /** The request timeout every module applies to its requests (default 10 minutes). */
    public Duration requestTimeout() {
        return Duration.ofMillis(get(ModuleOption.REQUEST_TIMEOUT_MS));
    }

    /** The connect timeout every module applies when it opens a connection (default 5 s). */
    public Duration connectTimeout() {
        return Duration.ofMillis(get(ModuleOption.CONNECT_TIMEOUT_MS));
    }

    /** The same server and login with other module settings (e.g. a short timeout). */
    public ConnectionOptions withExtra(Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(extra);
        all.putAll(more);
        return new ConnectionOptions(host, port, user, database, password, all);
    }

    /** The same login at another address (e.g. through a proxy). */
    public ConnectionOptions at(String otherHost, int otherPort) {
        return new ConnectionOptions(otherHost, otherPort, user, database, password, extra);
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
