package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.results.StepFlags;

/**
 * Bad input and failures of the CLI that are TimescaleDB's own, against the real server (the
 * database-independent ones, such as malformed data files, are proved once through the MySQL
 * jar): a database that is missing or lacks the extension is a one-line error, and a query the
 * server refuses ends only itself: the queries after it on the same session are answered and
 * measured, and what earlier steps wrote stays.
 */
class TimescaleCliFaultsTest {

    @TempDir
    Path tmp;

    @BeforeAll
    static void serverCanBeHad() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    @SafeVarargs
    private static CliCapture.Result cli(String step, List<String>... argLists) {
        List<String> args = new ArrayList<>(List.of(step));
        for (List<String> l : argLists) args.addAll(l);
        if (!args.contains("-port")) args.addAll(TimescaleServer.cliArgs());
        return CliCapture.run(new TimescaleDatabase(), args);
    }

    /** Exit 2 and exactly one error line, naming {@code expected}; no stack trace. */
    private static void assertUsage(CliCapture.Result run, String expected) {
        assertEquals(BenchCli.USAGE, run.exit(), run.output());
        List<String> errorLines = run.output().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errorLines.size(), "one error line:\n" + run.output());
        assertTrue(errorLines.get(0).contains(expected), "expected an error line with '" + expected + "', got:\n" + run.output());
        assertFalse(run.output().contains("\tat "), "a stack trace:\n" + run.output());
    }

    @Test
    void aMissingDatabaseOrOneWithoutTheExtensionIsNamed() {
        List<String> results = List.of("-results", tmp.resolve("bad").toString());
        assertUsage(cli("load", results, List.of("-database", "no_such_db")),
                "cannot connect to TimescaleDB as bench@" + TimescaleServer.host() + ":" + TimescaleServer.port() + ": FATAL: database \"no_such_db\" does not exist");
        // PostgreSQL's own database: any user may connect, and it has no timescaledb extension.
        assertUsage(cli("load", results, List.of("-database", "postgres")), "TimescaleDB: database postgres has no timescaledb extension");
    }

    /**
     * The query step with a query the server refuses first: it is recorded as failed, and the
     * correct query after it on the same session is checked and measured; the load's record
     * stays; exit 1.
     */
    @Test
    void aRefusedQueryEndsOnlyItselfAndResultsSoFarStay() throws Exception {
        Path results = tmp.resolve("kept");
        List<String> scale = List.of("-numOfDevices", "20", "-rowsPerDevice", "60", "-seed", "3", "-results", results.toString());
        CliCapture.Result load = cli("load", scale, List.of(StepFlags.ROWS_PER_REQUEST, "100"));
        assertEquals(BenchCli.OK, load.exit(), load.output());
        Path manifest = results.resolve("timescaledb-manifest.json");
        byte[] afterLoad = Files.readAllBytes(manifest);

        assertUsage(cli("write", scale, List.of("-port", "1")), "@127.0.0.1:1");
        assertArrayEquals(afterLoad, Files.readAllBytes(manifest), "a step that could not start changed the manifest");

        WorkloadSpec spec = new WorkloadSpec(20, 60, WorkloadSpec.DEFAULT_START_TS, 3);
        String count = new TimescaleDialect().render(LogicalQuery.parse("q2.count.p100"), spec).orElseThrow();
        Path sql = tmp.resolve("q-mixed.txt");
        Files.writeString(sql, "q2.sum.p100 SELECT sum(temperature) FROM no_such_table\nq2.count.p100 " + count + "\n");
        CliCapture.Result query = cli("query", scale, List.of("-sql", sql.toString(), "-f", "0", "-wi", "0", "-i", "1", "-r", "200ms"));
        assertEquals(BenchCli.FAILED, query.exit(), query.output());
        assertTrue(query.output().contains("q2.sum.p100: query failed"), query.output());
        assertTrue(query.output().contains("relation \"no_such_table\" does not exist"), query.output());
        JsonNode m = new ObjectMapper().readTree(manifest.toFile());
        assertTrue(m.get("load").get("verified").asBoolean(), "the load's record was lost: " + m);
        JsonNode checked = m.get("query").get("checked");
        assertEquals(2, checked.size(), checked.toString());
        assertFalse(checked.get(0).get("correct").asBoolean(), checked.toString());
        assertTrue(checked.get(1).get("correct").asBoolean(), "the query after the refused one, on the same session: " + checked);
        JsonNode measured = new ObjectMapper().readTree(results.resolve("timescaledb-query.json").toFile());
        assertEquals(1, measured.size(), "the correct query is still measured");
    }
}
