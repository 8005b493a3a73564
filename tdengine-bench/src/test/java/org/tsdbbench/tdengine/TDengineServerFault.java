package org.tsdbbench.tdengine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /**
     * On 3.x a request to a dead taosd fails only after 10 s: libtaos waits {@code maxRetryWaitTime}
     * (10,000 ms by default) for the vnode, in the native client and in taosAdapter alike, so a step's
     * three failing requests and its count took 40-50 s of every test. The CLI here gets the same
     * failure in seconds: the native client a config of its own with {@value #RETRY_WAIT_MS} ms, and
     * REST a {@code requestTimeoutMs} of {@value #REQUEST_TIMEOUT_MS} (taosAdapter's own wait is
     * taosd's configuration, left as shipped). 2.x fails at once and keeps its settings.
     */
    @Override
    protected List<String> cliConnectionArgs() {
        if (server.expectedMajor() < 3) return server.cliArgs();
        return server.cliArgs(server.path() == ConnectionPath.NATIVE ? Map.of("configDir", quickRetryConfig().toString())
                : Map.of("requestTimeoutMs", String.valueOf(REQUEST_TIMEOUT_MS)));
    }

    private static final int RETRY_WAIT_MS = 2000;
    private static final int REQUEST_TIMEOUT_MS = 3000;
    private Path quickRetryConfig;

    /** A native client config folder, made once: the test server's taos.cfg, if named, with a short {@code maxRetryWaitTime}. */
    private Path quickRetryConfig() {
        if (quickRetryConfig != null) return quickRetryConfig;
        try {
            Path dir = Files.createTempDirectory("taos-cfg");
            String base = server.options().get("configDir");
            String cfg = base == null ? "" : Files.readString(Path.of(base, "taos.cfg"));
            Files.writeString(dir.resolve("taos.cfg"), cfg + "\nmaxRetryWaitTime " + RETRY_WAIT_MS + "\n");
            dir.toFile().deleteOnExit();
            dir.resolve("taos.cfg").toFile().deleteOnExit();
            quickRetryConfig = dir;
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** libtaos reconnects and re-sends a query while taosd restarts (seen with 3.3.0.1); REST fails the query in flight. */
    @Override
    protected boolean clientRidesOutARestart() {
        return server.path() == ConnectionPath.NATIVE;
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
