package org.tsdbbench.tdengine;

import org.tsdbbench.common.db.DriverVersion;

/**
 * The taos-jdbcdriver this build carries (3.x by default, 2.0.x with {@code -Ptdengine2}), read
 * from the jar's own Maven record: its major decides which servers the native and WebSocket paths
 * can reach.
 */
final class DriverInfo {

    private DriverInfo() {
    }

    /** The driver's version, e.g. 3.7.9. */
    static String version() {
        return DriverVersion.of("com.taosdata.jdbc", "taos-jdbcdriver");
    }

    /** The driver's major version; 3 when the jar does not say. */
    static int major() {
        String v = version();
        int dot = v.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
        } catch (NumberFormatException e) {
            return 3;
        }
    }
}
