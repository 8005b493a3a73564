package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.results.StepFlags;

/**
 * Secrets against the real CnosDB, which scripts/servers/cnosdb.sh runs with authentication on
 * (CnosDB's default is off) and a generated root password: the server takes no login without it,
 * a wrong one is named by user@host:port and CnosDB's reason without showing it, and the CLI's
 * steps never print it (the shared contract checks every file they write).
 */
class CnosSecretsTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    private static String password() {
        String p = System.getenv("CNOSDB_PASSWORD");
        assertTrue(p != null && !p.isBlank(), "CNOSDB_PASSWORD must hold root's password (scripts/servers/cnosdb.sh client gives it; scripts/test.sh sets it)");
        return p;
    }

    private static CliCapture.Result cli(String step, String... more) {
        List<String> args = new ArrayList<>(List.of(step, "-host", CnosServer.host(), "-port", CnosServer.port(),
                "-numOfDevices", "4", "-rowsPerDevice", "30", "-seed", "9"));
        args.addAll(List.of(more));
        return CliCapture.run(new CnosDatabase(), args);
    }

    @Test
    void theServerTakesNoLoginWithoutThePassword() {
        password();
        ConnectionOptions none = new ConnectionOptions(CnosServer.host(), Integer.parseInt(CnosServer.port()), "root", "bench",
                ConnectionOptions.Secret.none(), Map.of());
        DatabaseException e = assertThrows(DatabaseException.class, () -> new CnosDatabase().open(none).close());
        assertTrue(e.getMessage().contains("Access denied for user 'root'"), "authentication is off? " + e.getMessage());
    }

    @Test
    void wrongPasswordNamesUserHostAndPortButNotThePassword() throws IOException {
        String wrong = "wrong-" + Long.toHexString(System.nanoTime());
        Path file = Files.writeString(tmp.resolve("wrong-password"), wrong + "\n");
        CliCapture.Result r = cli("load", "-results", tmp.resolve("wrong").toString(), "--password-file", file.toString());
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        List<String> errors = r.output().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errors.size(), r.output());
        assertTrue(errors.get(0).contains("cannot connect to CnosDB as root@" + CnosServer.host() + ":" + CnosServer.port() + ": "), errors.get(0));
        assertTrue(errors.get(0).contains("Access denied for user 'root'"), errors.get(0));
        assertFalse(r.output().contains(wrong), "the wrong password is shown:\n" + r.output());
        assertFalse(r.output().contains(password()), "the real password is shown:\n" + r.output());
    }

    @Test
    void loadQueryAndWriteNeverPrintThePassword() {
        String secret = password();
        String results = tmp.resolve("results").toString();
        List<CliCapture.Result> runs = List.of(cli("load", "-results", results, StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "20"),
                cli("query", "-results", results, "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-queries", "q2\\.count\\.p100|q3\\.sum\\.p50"),
                cli("write", "-results", results, "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", StepFlags.WRITE_CLIENTS, "1", StepFlags.ROWS_PER_REQUEST, "10"));
        for (CliCapture.Result r : runs) {
            assertEquals(BenchCli.OK, r.exit(), r.output());
            assertFalse(r.output().contains(secret), "the password is in the output:\n" + r.output());
        }
    }
}
