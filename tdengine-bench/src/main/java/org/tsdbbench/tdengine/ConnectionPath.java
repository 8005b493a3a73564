package org.tsdbbench.tdengine;

import java.util.Locale;
import org.tsdbbench.common.db.DatabaseException;

/**
 * How the module reaches TDengine. {@code native}: the JDBC driver over libtaos (port 6030; the
 * client library of the server's version on the client machine). {@code rest}: plain HTTP to
 * {@code /rest/sql} (taosAdapter on 3.x, taosd's own httpd on 2.x; port 6041). {@code ws}: the
 * JDBC driver over WebSocket to taosAdapter (port 6041; the driver's main path, 3.x only).
 */
enum ConnectionPath {
    NATIVE, REST, WS;

    String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code --option connection=}: auto (null) or one of the paths; anything else is a one-line error. */
    static ConnectionPath parse(String value) throws DatabaseException {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.equals("auto")) return null;
        for (ConnectionPath p : values()) {
            if (p.option().equals(v)) return p;
        }
        throw new DatabaseException("--option connection=" + value + ": use auto, native, rest or ws");
    }

    /**
     * The path auto picks for a server: WebSocket where the server and this build's driver take it
     * (the driver's main path), else REST, which every server since 2.x serves without a client
     * library. Native is never picked by itself: it needs the client library of the server's
     * version on this machine and the dnode's own endpoint (fqdn:6030) to be reachable.
     */
    static ConnectionPath auto(ServerVersion server, int driverMajor) {
        return webSocketRefusal(server, driverMajor) == null ? WS : REST;
    }

    /** Why this server or driver cannot take WebSocket, or null when it can. */
    static String webSocketRefusal(ServerVersion server, int driverMajor) {
        if (driverMajor < 3) {
            return "this build's taos-jdbcdriver is " + driverMajor + ".x, which has no WebSocket path: use the default build";
        }
        if (!server.atLeast(ServerVersion.WEBSOCKET_MINIMUM)) {
            return "TDengine " + server + " is older than " + ServerVersion.WEBSOCKET_MINIMUM + ", the oldest server taos-jdbcdriver "
                    + driverMajor + ".x takes WebSocket from";
        }
        return null;
    }
}
