package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.results.StepFlags;

/**
 * Bad input and failures of the CLI that do not depend on the database, proved once through the
 * MySQL jar's entry point against the real MariaDB (the shared contract proves the per-database
 * ones for every module): each malformed data file named by file and line, and results already
 * written kept when a later step fails.
 */
class MySqlCliFaultsTest {

    @TempDir
    Path tmp;

    private static Database db() {
        return new MySqlDatabase();
    }

    @SafeVarargs
    private static CliCapture.Result cli(String step, List<String>... argLists) {
        List<String> args = new ArrayList<>(List.of(step));
        for (List<String> l : argLists) args.addAll(l);
        if (!args.contains("-port")) args.addAll(List.of("-host", env("MYSQL_HOST", "127.0.0.1"), "-port", env("MYSQL_PORT", "3306")));
        return CliCapture.run(new MySqlDatabase(), args);
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
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
    void cliNamesEachBadDataFileByFileAndLine() throws Exception {
        List<String> base = List.of("-results", tmp.resolve("bad-data").toString(), "-numOfFiles", "1");
        String good = "1 dev_1 1 1563249700000 12 57.25\n";
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put(good + "1 dev_1 1 1563249701000 12\n", "testdata0.csv:2: expected 6 columns");
        cases.put(good + "1 dev_1 1 1563249701000 twelve 57.25\n", "testdata0.csv:2: temperature 'twelve' is not a number");
        cases.put(good + "2 dev_1234567890123456 1 1563249701000 12 57.25\n", "testdata0.csv:2: devname 'dev_1234567890123456' is 20 bytes, at most 16");
        cases.put(good + "1 dev_1 1 1563249699000 12 57.25\n", "testdata0.csv:2: timestamps out of order for devid 1: 1563249699000 after 1563249700000");
        int n = 0;
        for (var c : cases.entrySet()) {
            Path dir = Files.createDirectories(tmp.resolve("data" + n++));
            Files.writeString(dir.resolve("testdata0.csv"), c.getKey());
            assertUsage(cli("load", base, List.of("-dataDir", dir.toString())), dir.resolve(c.getValue()).toString());
        }
        Path oneFile = Files.createDirectories(tmp.resolve("one-file"));
        Files.writeString(oneFile.resolve("testdata0.csv"), good);
        assertUsage(cli("load", List.of("-results", tmp.resolve("bad-data").toString(), "-dataDir", oneFile.toString(), "-numOfFiles", "2")),
                oneFile.resolve("testdata1.csv") + ": no such data file");
        Path dirAsFile = Files.createDirectories(tmp.resolve("dir-as-file").resolve("testdata0.csv"));
        assertUsage(cli("load", base, List.of("-dataDir", dirAsFile.getParent().toString())), dirAsFile + ": is a directory, not a data file");
    }

    /**
     * A later step that fails leaves what earlier steps wrote: the load's manifest survives an
     * unreachable server, and a query step with one broken query keeps the load's record, records
     * the broken query, measures the good one and exits 1.
     */
    @Test
    void resultsWrittenSoFarStayWhenALaterStepFails() throws Exception {
        Path results = tmp.resolve("kept");
        List<String> scale = List.of("-numOfDevices", "20", "-rowsPerDevice", "60", "-seed", "3", "-results", results.toString());
        CliCapture.Result load = cli("load", scale, List.of(StepFlags.ROWS_PER_REQUEST, "100"));
        assertEquals(BenchCli.OK, load.exit(), load.output());
        Path manifest = results.resolve(db().name() + "-manifest.json");
        byte[] afterLoad = Files.readAllBytes(manifest);

        assertUsage(cli("write", scale, List.of("-port", "1")), "@127.0.0.1:1");
        assertArrayEquals(afterLoad, Files.readAllBytes(manifest), "a step that could not start changed the manifest");

        WorkloadSpec spec = new WorkloadSpec(20, 60, WorkloadSpec.DEFAULT_START_TS, 3);
        LogicalQuery count = QueryCatalog.all().stream().filter(q -> q.id().equals("q2.count.p100")).findFirst().orElseThrow();
        Path sql = tmp.resolve("q-mixed.txt");
        Files.writeString(sql, "q2.count.p100 " + DeviceDialect.of(db().dialect()).render(count, spec).orElseThrow() + "\nq2.sum.p100 this is not a query\n");
        CliCapture.Result query = cli("query", scale, List.of("-sql", sql.toString(), "-f", "0", "-wi", "0", "-i", "1", "-r", "200ms"));
        assertEquals(BenchCli.FAILED, query.exit(), query.output());
        assertTrue(query.output().contains("q2.sum.p100: query failed"), query.output());
        JsonNode m = new ObjectMapper().readTree(manifest.toFile());
        assertTrue(m.get("load").get("verified").asBoolean(), "the load's record was lost: " + m);
        JsonNode checked = m.get("query").get("checked");
        assertEquals(2, checked.size(), checked.toString());
        assertTrue(checked.get(0).get("correct").asBoolean(), checked.toString());
        assertFalse(checked.get(1).get("correct").asBoolean(), checked.toString());
        JsonNode measured = new ObjectMapper().readTree(results.resolve(db().name() + "-query.json").toFile());
        assertEquals(1, measured.size(), "the correct query is still measured");
    }
}
