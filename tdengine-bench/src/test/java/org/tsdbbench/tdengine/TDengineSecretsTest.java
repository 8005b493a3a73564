package org.tsdbbench.tdengine;

import java.util.List;
import org.tsdbbench.common.contract.SecretsContract;
import org.tsdbbench.common.db.Database;

/** The root password of the real TDengine 3.x (TDENGINE_PASSWORD), over REST, never shows; a wrong one is refused as such. */
class TDengineSecretsTest extends SecretsContract {

    private final TDengineServer server = new TDengineServer(ConnectionPath.REST, 3);

    @Override
    protected Database db() {
        return new TDengineDatabase();
    }

    @Override
    protected String refusal() {
        return "Authentication failure";
    }

    @Override
    protected String unavailableBecause() {
        return TDengineServer.skipReason();
    }

    @Override
    protected List<String> connectionArgs() {
        return server.cliArgs();
    }

    @Override
    protected String address() {
        return server.host() + ":" + server.port();
    }
}
