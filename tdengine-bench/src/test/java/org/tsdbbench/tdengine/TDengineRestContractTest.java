package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;

/** The contract against TDengine 3.x over plain REST (taosAdapter's /rest/sql), and what auto chooses on that server. */
class TDengineRestContractTest extends TDengineContract {
    TDengineRestContractTest() {
        super(ConnectionPath.REST, 3);
    }

    /** auto asks the version first and takes WebSocket only from a server that takes it; forcing ws on an older one names the version it needs. */
    @Test
    void autoTakesTheBestPathAndWebSocketToAnOlderServerNamesTheVersionItNeeds() throws Exception {
        ServerVersion version;
        try (Session s = db().open(connection().withExtra(Map.of("connection", "auto")))) {
            Map<String, String> f = s.facts(DevicesWorkload.INSTANCE).settings();
            version = ServerVersion.parse(s.facts(DevicesWorkload.INSTANCE).serverVersion());
            assertEquals(version.atLeast(ServerVersion.WEBSOCKET_MINIMUM) ? "ws" : "rest", f.get("connection"), f.toString());
            assertTrue(f.get("connectionChosen").startsWith("auto: "), f.toString());
        }
        if (!version.atLeast(ServerVersion.WEBSOCKET_MINIMUM)) {
            ConnectionOptions ws = connection().withExtra(Map.of("connection", "ws"));
            DatabaseException e = assertThrows(DatabaseException.class, () -> db().open(ws).close());
            assertTrue(e.getMessage().contains(version.text()) && e.getMessage().contains("3.3.6.0") && e.getMessage().contains(ws.address()),
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
