package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ShardMergeTest {

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) {
    }

    private static Result report(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = ReportMain.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /**
     * One shard's folder: MySQL with the cell 1000 R/R x 2 clients (rows acknowledged in a window),
     * the cell 100 R/R x 2 clients (failed on shard 1), and the query q2.avg.p100 with the given bins.
     */
    private Path shard(String name, String runId, int index, int count, long acked, String start, String end, double[]... bins)
            throws IOException {
        Path s = dir.resolve(name);
        ObjectNode m = Fixtures.manifest("MySQL", "10.11.6-MariaDB");
        m.put("runId", runId);
        m.putObject("shard").put("index", index).put("count", count);
        ObjectNode c = Fixtures.resources(Fixtures.cell(m, 1000, 2, acked / 10.0, 50), "serverCpuPercent", 80.0 + index);
        c.put("rowsAcked", acked);
        c.put("startedAt", start);
        c.put("endedAt", end);
        ObjectNode failed = Fixtures.cell(m, 100, 2, index == 1 ? Double.NaN : 900, 10);
        failed.put("rowsAcked", 9000);
        failed.put("startedAt", start);
        failed.put("endedAt", end);
        if (index == 1) failed.put("failure", "2 failed requests");
        Fixtures.disk(m, 1_000_000L * (index + 1), 5_000_000, 100_000, "shard " + index + "'s measurement");
        ArrayNode write = Fixtures.JSON.createArrayNode();
        write.add(Fixtures.writeEntry("mysql", 1000, 2, acked / 10.0, 50, "\u00b7server.cpu", 80.0 + index, "%"));
        Fixtures.write(s.resolve("mysql-write.json"), write);
        ArrayNode query = Fixtures.JSON.createArrayNode();
        query.add(Fixtures.queryEntry("mysql", "q2.avg.p100", bins));
        if (index == 0) query.add(Fixtures.queryEntry("mysql", "q1.g0", new double[] {1.0, 5}));
        Fixtures.queries(s, "mysql", m, query);
        Fixtures.write(s.resolve("mysql-manifest.json"), m);
        Fixtures.write(s.resolve("run.json"), Fixtures.runJson(runId, true, "mysql", "passed", null));
        return s;
    }

    @Test
    void writeCellsAreAckedRowsOverTheCommonWindowAndLatenciesComeFromTheMergedHistogram() throws IOException {
        Path a = shard("a", "run-7", 0, 2, 100_000, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 3}, new double[] {2.0, 1});
        Path b = shard("b", "run-7", 1, 2, 60_000, "2026-11-22T10:00:01Z", "2026-11-22T10:00:12Z", new double[] {3.0, 4});
        // a database only shard 0 has results of cannot be merged: it is failed, with the shard named
        Files.copy(a.resolve("mysql-manifest.json"), a.resolve("influx-manifest.json"));
        Path out = dir.resolve("merged");
        Result r = report("--merge", a.toString(), b.toString(), "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode run = Fixtures.JSON.readTree(out.resolve("run.json").toFile());
        assertEquals("run-7", run.path("runId").asText());
        assertTrue(run.path("complete").asBoolean());
        assertEquals("failed", run.path("databases").get(0).path("status").asText(), run.toString());
        assertEquals("no results from shard 1 (" + b + ")", run.path("databases").get(0).path("reason").asText());
        assertEquals("passed", run.path("databases").get(1).path("status").asText(), run.toString());

        JsonNode m = Fixtures.JSON.readTree(out.resolve("mysql-manifest.json").toFile());
        JsonNode cell = m.path("write").get(0);
        assertEquals(1000, cell.path("rowsPerRequest").asInt());
        assertEquals(4, cell.path("clients").asInt(), "clients of both shards");
        assertEquals(160_000, cell.path("rowsAcked").asLong());
        assertEquals("2026-11-22T10:00:00Z", cell.path("startedAt").asText());
        assertEquals("2026-11-22T10:00:12Z", cell.path("endedAt").asText());
        assertEquals(160_000 / 12.0, cell.path("rowsPerSecond").asDouble(), 1e-6, "acked rows / 12 s of common window");
        JsonNode failed = m.path("write").get(1);
        assertEquals("shard 1: 2 failed requests", failed.path("failure").asText());
        assertEquals(1_000_000, m.path("disk").path("bytes").asLong(), "disk from shard 0");
        assertFalse(m.has("shard"));
        assertEquals("run-7", m.path("runId").asText());

        // values 1,1,1,2,3,3,3,3: JMH's percentile puts p50 between the 4th and 5th value
        JsonNode q = Fixtures.JSON.readTree(out.resolve("mysql-query.json").toFile()).get(0);
        JsonNode pm = q.path("primaryMetric");
        assertEquals("q2.avg.p100", q.path("params").path("queryId").asText());
        assertEquals(2.5, pm.path("scorePercentiles").path("50.0").asDouble(), 1e-12);
        assertEquals(3.0, pm.path("scorePercentiles").path("90.0").asDouble(), 1e-12);
        assertEquals(2.125, pm.path("score").asDouble(), 1e-12);
        // t(0.9995, 7 df) = 5.4079 x sample sd 0.99103 / sqrt(8)
        assertEquals(1.8949, pm.path("scoreError").asDouble(), 2e-3);
        assertEquals(2, pm.path("rawDataHistogram").size(), "both shards' forks kept");
        assertEquals(2, q.path("forks").asInt());
        assertTrue(m.path("merged").path("notes").get(0).asText().startsWith("q1.g0: not measured by shard 1"), m.path("merged").toString());

        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| best write, rows/s | - | 13,333 (R/R 1000, 4 clients) |"), md);
        assertTrue(md.contains("| 1000 | 13,333 (cpu 80.0 %) |"), md);
        assertTrue(md.contains("| 100 | FAILED |"), md);
        assertTrue(md.contains("Merged from 2 shards of run run-7"), md);
        assertTrue(md.contains("common wall-clock window"), md);
        assertTrue(md.contains("| avg over all rows (q2.avg.p100), ms | - | 2.50 |"), md);
        assertTrue(md.contains("## MySQL 10.11.6-MariaDB - FAILED: no results from shard 1"), md);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("<td>13,333 (R/R 1000, 4 clients)</td>"), "html summary");
        assertTrue(html.contains("Merged from 2 shards of run run-7"), "html merge note");
    }

    @Test
    void aCellWithoutItsMeasuredWindowIsNotMergedButMarkedFailed() throws IOException {
        Path a = shard("a", "run-7", 0, 2, 100_000, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path b = shard("b", "run-7", 1, 2, 60_000, "2026-11-22T10:00:01Z", "2026-11-22T10:00:12Z", new double[] {1.0, 1});
        ObjectNode m = (ObjectNode) Fixtures.JSON.readTree(b.resolve("mysql-manifest.json").toFile());
        ((ObjectNode) m.path("write").get(0)).remove("startedAt");
        Fixtures.write(b.resolve("mysql-manifest.json"), m);
        Path out = dir.resolve("merged");
        assertEquals(0, report("--merge", a.toString(), b.toString(), "-o", out.toString()).exit());
        JsonNode cell = Fixtures.JSON.readTree(out.resolve("mysql-manifest.json").toFile()).path("write").get(0);
        assertTrue(cell.path("failure").asText().startsWith("shard 1: no rowsAcked, startedAt and endedAt"), cell.toString());
        assertTrue(Double.isNaN(cell.path("rowsPerSecond").asDouble()));
    }

    private void assertRefused(Result r, String message, Path out) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertTrue(r.err().startsWith("error: ") && r.err().contains(message), r.err());
        assertFalse(Files.exists(out), "nothing merged");
    }

    @Test
    void shardsOfDifferentRunsAreRefused() throws IOException {
        Path a = shard("a", "run-7", 0, 2, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path b = shard("b", "run-8", 1, 2, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path out = dir.resolve("merged");
        assertRefused(report("--merge", a.toString(), b.toString(), "-o", out.toString()), "shards of different runs: " + a + " has runId run-7, "
                + b + " has runId run-8", out);
    }

    @Test
    void differentShardCountsAreRefused() throws IOException {
        Path a = shard("a", "run-7", 0, 2, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path b = shard("b", "run-7", 1, 3, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path out = dir.resolve("merged");
        assertRefused(report("--merge", a.toString(), b.toString(), "-o", out.toString()), "shard counts differ", out);
    }

    @Test
    void aMissingShardIsRefused() throws IOException {
        Path a = shard("a", "run-7", 0, 3, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path c = shard("c", "run-7", 2, 3, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path out = dir.resolve("merged");
        assertRefused(report("--merge", a.toString(), c.toString(), "-o", out.toString()), "shard 1 of run run-7 (3 shards, 0..2) missing; given: 0, 2", out);
    }

    @Test
    void aShardGivenTwiceIsRefused() throws IOException {
        Path a = shard("a", "run-7", 1, 2, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path b = shard("b", "run-7", 1, 2, 1, "2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", new double[] {1.0, 1});
        Path out = dir.resolve("merged");
        assertRefused(report("--merge", a.toString(), b.toString(), "-o", out.toString()), "shard 1 given twice: " + a + " and " + b, out);
    }

    @Test
    void aFolderThatIsNoShardIsRefused() throws IOException {
        Path run = Fixtures.standardRun(dir.resolve("plain"), true);
        Path out = dir.resolve("merged");
        assertRefused(report("--merge", run.toString(), "-o", out.toString()), "no runId: not a shard's results", out);
    }
}
