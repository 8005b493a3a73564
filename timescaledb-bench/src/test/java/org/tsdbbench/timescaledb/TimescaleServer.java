package org.tsdbbench.timescaledb;

import java.util.List;
import java.util.Map;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The server the module's own tests run against: the local one scripts/servers/timescaledb.sh
 * starts (scripts/test.sh does it), unless TIMESCALEDB_HOST and TIMESCALEDB_PORT name another;
 * the password from TIMESCALEDB_PASSWORD, as for the shared contract.
 */
final class TimescaleServer {

    private TimescaleServer() {
    }

    /**
     * Set by scripts/test.sh to "skip: why" when scripts/servers/timescaledb.sh says TimescaleDB
     * cannot be installed here (its exit 4); the reason is then every server test's skip message.
     */
    static String skipReason() {
        String v = System.getenv("TIMESCALEDB_TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : null;
    }

    static String host() {
        return env("TIMESCALEDB_HOST", "127.0.0.1");
    }

    static int port() {
        return Integer.parseInt(env("TIMESCALEDB_PORT", String.valueOf(new TimescaleDatabase().descriptor().defaultPort())));
    }

    static ConnectionOptions connection(Map<String, String> options) {
        return new ConnectionOptions(host(), port(), "bench", "bench", ConnectionOptions.Secret.fromEnv("TIMESCALEDB_PASSWORD"), options);
    }

    /** The CLI flags that reach the same server. */
    static List<String> cliArgs() {
        return List.of("-host", host(), "-port", String.valueOf(port()));
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
