package org.tsdbbench.tdengine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.contract.ServerFaultContract;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;

/**
 * TDengine's taosd killed under a load and a write test, and restarted between queries, on one
 * path (scripts/servers/tdengine.sh restarts it, taosAdapter with it on 3.x). One subclass per
 * server major and path.
 */
abstract class TDengineServerFault extends ServerFaultContract {

    private final TDengineServer server;

    TDengineServerFault(ConnectionPath path, int expectedMajor) {
        this.server = new TDengineServer(path, expectedMajor);
    }

    @Override
    protected String unavailableBecause() {
        return TDengineServer.skipReason();
    }

    @Override
    protected Database db() {
        return new TDengineDatabase();
    }

    @Override
    protected ConnectionOptions connection() {
        return server.connection();
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return server.cliArgs();
    }

    /** libtaos reconnects and re-sends a query while taosd restarts (seen with 3.3.0.1); REST fails the query in flight. */
    @Override
    protected boolean clientRidesOutARestart() {
        return server.path() == ConnectionPath.NATIVE;
    }

    /**
     * On 3.x over REST taosAdapter stays up when taosd dies and answers each request only after its
     * own 10 s attempt to reach taosd: the write step's two failing requests, its count and the
     * fork's end take 30-50 s here, so the bound is 90 s rather than the usual 60.
     */
    @Override
    protected long endWithinSeconds() {
        return server.path() == ConnectionPath.REST && server.expectedMajor() >= 3 ? 90 : super.endWithinSeconds();
    }

    /** taosd killed on this path with SQL INSERTs, and on the native path with parameter binding (stmt) too. */
    @Override
    protected List<DurabilityCase> durabilityCases() {
        String path = "TDengine " + server.expectedMajor() + ".x " + server.path().option();
        List<DurabilityCase> cases = new ArrayList<>(List.of(new DurabilityCase(path + ", SQL", Map.of(), "taosd")));
        if (server.path() == ConnectionPath.NATIVE) cases.add(new DurabilityCase(path + ", stmt", Map.of("writeMode", "stmt"), "taosd"));
        return cases;
    }

    /** taosd, which stores the data, listens on the native port (3.x's taosAdapter on the REST port only relays). */
    @Override
    protected int serverPort() {
        return new TDengineServer(ConnectionPath.NATIVE, server.expectedMajor()).port();
    }
}
