package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.results.StepFlags;

/**
 * Secrets against the real server (password from TIMESCALEDB_PASSWORD, as for the contract test):
 * the CLI's load, query and write steps, in every write mode, never print or store the password;
 * a wrong one is named by user@host:port without showing it; and the local server's log, which
 * scripts/servers/timescaledb.sh keeps, holds neither.
 */
class TimescaleSecretsTest {

    @TempDir
    Path tmp;

    @BeforeAll
    static void serverCanBeHad() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    private static String password() {
        String p = System.getenv("TIMESCALEDB_PASSWORD");
        assertTrue(p != null && !p.isBlank(), "TIMESCALEDB_PASSWORD must hold the server's password (scripts/test.sh sets it)");
        return p;
    }

    private static CliCapture.Result cli(String step, Path results, String... more) {
        List<String> args = new ArrayList<>(List.of(step, "-results", results.toString(), "-numOfDevices", "4", "-rowsPerDevice", "30", "-seed", "9"));
        args.addAll(TimescaleServer.cliArgs());
        args.addAll(List.of(more));
        return CliCapture.run(new TimescaleDatabase(), args);
    }

    @Test
    void loadQueryAndWriteNeverShowThePassword() throws IOException {
        String secret = password();
        Path results = tmp.resolve("results");
        String[] fast = {"-f", "0", "-wi", "0", "-i", "1", "-r", "100ms"};
        List<CliCapture.Result> runs = new ArrayList<>();
        runs.add(cli("load", results, StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "20"));
        runs.add(cli("query", results, concat(fast, "-queries", "q2\\.count\\.p100|q3\\.sum\\.p50")));
        for (WriteMode m : WriteMode.values()) {
            runs.add(cli("write", results, concat(fast, StepFlags.WRITE_CLIENTS, "1", StepFlags.ROWS_PER_REQUEST, "10", "--option", "writeMode=" + m.name().toLowerCase())));
        }
        for (CliCapture.Result r : runs) {
            assertEquals(BenchCli.OK, r.exit(), r.output());
            assertFalse(r.output().contains(secret), "the password is in the output:\n" + r.output());
        }
        List<Path> files;
        try (var walk = Files.walk(results)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (String kind : List.of("manifest", "write", "query")) {
            assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("timescaledb-" + kind + ".json")), files.toString());
        }
        for (Path f : files) assertFalse(contains(f, secret), "the password is in " + f);
        assertTrue(Files.readString(results.resolve("timescaledb-manifest.json")).contains("from environment variable TIMESCALEDB_PASSWORD"),
                "the manifest says where the password came from");
    }

    @Test
    void wrongPasswordNamesUserHostAndPortButNotThePassword() throws IOException {
        String wrong = "wrong-" + Long.toHexString(System.nanoTime());
        Path file = Files.writeString(tmp.resolve("wrong-password"), wrong + "\n");
        CliCapture.Result r = cli("load", tmp.resolve("results"), "--password-file", file.toString());
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        List<String> errors = r.output().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errors.size(), r.output());
        assertTrue(errors.get(0).contains("cannot connect to TimescaleDB as bench@" + TimescaleServer.host() + ":" + TimescaleServer.port() + ": "), errors.get(0));
        assertTrue(errors.get(0).contains("password authentication failed for user \"bench\""), errors.get(0));
        assertFalse(r.output().contains(wrong), "the wrong password is shown:\n" + r.output());
        assertFalse(r.output().contains(password()), "the real password is shown:\n" + r.output());
        Path serverLog = localServerLog();
        assumeTrue(Files.isRegularFile(serverLog), "no local server log at " + serverLog + " (a server elsewhere)");
        assertTrue(Files.readString(serverLog).contains("password authentication failed for user \"bench\""), "the refused login is logged");
        assertFalse(contains(serverLog, wrong), "the server's log holds the wrong password");
        assertFalse(contains(serverLog, password()), "the server's log holds the password");
    }

    /** The log of the server scripts/servers/timescaledb.sh runs: $TSBENCH_STATE, else the repository's .servers. */
    private static Path localServerLog() {
        String state = System.getenv("TSBENCH_STATE");
        Path root = state != null && !state.isBlank() ? Path.of(state) : Path.of(System.getenv().getOrDefault("TSBENCH_REPO", "..")).resolve(".servers");
        return root.resolve("timescaledb").resolve("server.log");
    }

    private static boolean contains(Path f, String secret) throws IOException {
        // Read as bytes: a results folder also holds binary files (the expected answers).
        return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(new String(secret.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }

    private static String[] concat(String[] first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }
}
