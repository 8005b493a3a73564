package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.tsdbbench.common.cli.BenchModule;
import org.tsdbbench.common.contract.DatabaseContract;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The shared contract against a real TDengine. No registry ships a TDengine server, so these
 * tests run only when TDENGINE_URL names one (host:port of taosAdapter, e.g. 127.0.0.1:6041);
 * optional TDENGINE_CONNECTION (ws, rest, native), TDENGINE_USER, TDENGINE_PASSWORD.
 */
class TDengineContractTest extends DatabaseContract {

    static final String SKIPPED = "TDENGINE_URL is not set, so the TDengine server tests are SKIPPED "
            + "(set TDENGINE_URL=host:port of a TDengine 3.x taosAdapter to run them)";

    @BeforeAll
    void needsAServer() {
        if (System.getenv("TDENGINE_URL") == null) System.err.println("[tdengine-bench] " + SKIPPED);
        assumeTrue(System.getenv("TDENGINE_URL") != null, SKIPPED);
    }

    private static String host() {
        return env("TDENGINE_URL", "127.0.0.1:6041").split(":")[0];
    }

    private static String port() {
        String[] parts = env("TDENGINE_URL", "127.0.0.1:6041").split(":");
        return parts.length > 1 ? parts[1] : "6041";
    }

    @Override
    protected BenchModule module() {
        return TDengineBenchMain.module();
    }

    @Override
    protected ConnectionOptions connection() {
        return new ConnectionOptions(host(), Integer.parseInt(port()), env("TDENGINE_USER", "root"), "bench",
                ConnectionOptions.Secret.fromEnv("TDENGINE_PASSWORD"), Map.of("connection", env("TDENGINE_CONNECTION", "ws")));
    }

    @Override
    protected List<String> cliConnectionArgs() {
        return List.of("-host", host(), "-port", port(), "-user", env("TDENGINE_USER", "root"),
                "--option", "connection=" + env("TDENGINE_CONNECTION", "ws"));
    }

    /** This module has no disk measure yet: TDengine 3.3's SHOW <db>.DISK_INFO is untested here without a server. */
    @Override
    protected boolean measuresDisk() {
        return false;
    }
}
