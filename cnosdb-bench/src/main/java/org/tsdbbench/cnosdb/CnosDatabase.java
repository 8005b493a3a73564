package org.tsdbbench.cnosdb;

import java.net.URI;
import java.util.Map;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.Dialect;

/**
 * CnosDB 2.x through its own HTTP API with the JDK's HTTP client: CnosDB publishes no Java client
 * of its own (its docs send Java users to Arrow Flight SQL, a query protocol without line
 * protocol writes), so requests are built here: line protocol to {@code /api/v1/write}, SQL to
 * {@code /api/v1/sql}. User root of tenant cnosdb, the password from {@code CNOSDB_PASSWORD}.
 */
public final class CnosDatabase extends Database {

    private final CnosDialect dialect = new CnosDialect();

    public CnosDatabase() {
        super(new DatabaseDescriptor("cnosdb", "CnosDB", 8902, "root", "CNOSDB_PASSWORD")
                // Line protocol over HTTP, CnosDB's write API and the one report D's TSBS loader used.
                .withWritePaths(WritePath.published("line", Map.of(), "devices", "iot"))
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportD()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    /**
     * Opens a session and proves the login: the ping (which takes none) gives the version, then
     * one statement as the user, so a wrong password fails here, naming user@host:port.
     */
    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        ConnectionOptions.Address server = o.single(displayName());
        CnosHttp http = new CnosHttp(URI.create("http://" + server), o.user(), o.password().reveal(), o.connectTimeout(), o.requestTimeout());
        try {
            String version = http.ping();
            http.sqlJson("public", "SELECT 1");
            return new CnosSession(http, o.database(), version, server.port());
        } catch (DatabaseException e) {
            // The message says why in words (CnosHttp.why); the driver's innermost cause would not.
            throw DatabaseException.unreachable(displayName(), o, new DatabaseException(e.getMessage(), null));
        }
    }
}
