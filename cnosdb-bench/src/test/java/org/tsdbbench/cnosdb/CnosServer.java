package org.tsdbbench.cnosdb;

/**
 * The CnosDB the tests of this module run against: the local one scripts/servers/cnosdb.sh starts
 * (scripts/test.sh does it), unless CNOSDB_HOST and CNOSDB_PORT name another; root's password in
 * CNOSDB_PASSWORD.
 */
final class CnosServer {

    private CnosServer() {
    }

    /**
     * Set by scripts/test.sh to "skip: why" when scripts/servers/cnosdb.sh could not start one (exit 4:
     * CnosDB not installed); the reason is the skip message. Null: the tests need the server.
     */
    static String skipReason() {
        String v = System.getenv("CNOSDB_TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : null;
    }

    static String host() {
        return env("CNOSDB_HOST", "127.0.0.1");
    }

    static String port() {
        return env("CNOSDB_PORT", "8902");
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
