package org.tsdbbench.cnosdb;

/** Whether this machine has a CnosDB for the tests that need one. */
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
}
