package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Real run folders (captured against MariaDB with the code before the results model: a
 * {@code compare.sh --databases mysql --further} run and one with {@code --server-cores 1}, their
 * query JSON cut to 23 queries, and the shards of a 2-shard write and load) give the report and the
 * merge captured beside them: report.md byte for byte, report.html's text (its charts aside, whose
 * SVG depends on the fonts at hand), and the merged manifest, JMH write JSON and run.json as JSON
 * trees. Their manifests were brought to what the steps write now by transcribing, from the JMH
 * JSON of the same run, the figures the manifest holds since (each query's latency, each write
 * cell's server memory and disk writes); the reports were then regenerated and read against the
 * manifests (issue 27: every write cell now shows its CPU, memory and CLIENT-BOUND as the manifest
 * has them, and the one-core run's "+-NaN%" became the manifest's interval).
 */
class CapturedRunTest {

    @TempDir
    Path tmp;

    private String err;

    private int report(String... args) {
        StringWriter e = new StringWriter();
        CommandLine cl = ReportMain.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(e));
        int exit = cl.execute(args);
        err = e.toString();
        return exit;
    }

    private static Path captured(String name) throws URISyntaxException {
        return Path.of(CapturedRunTest.class.getResource("/captured/" + name).toURI());
    }

    /** A copy of a captured folder's files in {@code tmp}, to be reported or merged there. */
    private Path copy(String name) throws IOException, URISyntaxException {
        Path to = Files.createDirectories(tmp.resolve(name));
        try (Stream<Path> files = Files.list(captured(name))) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }

    @Test
    void aCapturedRunGivesTheSameReports() throws Exception {
        sameReports("compare");
    }

    /** The same with the server on 1 of 2 cores ({@code --server-cores 1}): the core limit in the manifest and run.json. */
    @Test
    void aCapturedOneCoreRunGivesTheSameReports() throws Exception {
        sameReports("compare-cores");
    }

    private void sameReports(String name) throws Exception {
        Path run = copy(name + "/run");
        assertEquals(0, report(run.toString()), err);
        recapture(name, run);
        assertEquals(Files.readString(captured(name).resolve("report.md")), Files.readString(run.resolve("report.md")));
        assertEquals(Files.readString(captured(name).resolve("report-text.html")), text(run.resolve("report.html")));
    }

    /**
     * With {@code -Dtsbench.recapture=true}, the reports just made replace the captured ones in the
     * module's sources (after a change the reports should show): read the diff before committing it.
     */
    private static void recapture(String name, Path made) throws IOException {
        if (!Boolean.getBoolean("tsbench.recapture")) return;
        Path to = Path.of("src/test/resources/captured", name);
        Files.writeString(to.resolve("report.md"), Files.readString(made.resolve("report.md")));
        Files.writeString(to.resolve("report-text.html"), text(made.resolve("report.html")));
    }

    @Test
    void capturedWriteShardsMergeAsBefore() throws Exception {
        Path out = merged("shards-write");
        assertEquals(json(captured("shards-write/merged").resolve("mysql-write.json")), json(out.resolve("mysql-write.json")));
    }

    @Test
    void capturedLoadShardsMergeAsBefore() throws Exception {
        merged("shards-load");
    }

    /** Merges the captured shards 0 and 1 and checks the manifest, run.json and both reports against the captured merge. */
    private Path merged(String name) throws Exception {
        Path a = copy(name + "/shard-0");
        Path b = copy(name + "/shard-1");
        Path out = tmp.resolve(name + "/merged");
        assertEquals(0, report("--merge", a.toString(), b.toString(), "-o", out.toString()), err);
        Path expected = captured(name + "/merged");
        ObjectNode manifest = (ObjectNode) json(expected.resolve("mysql-manifest.json"));
        // The captured merge named the shard folders where they were then; this one, where they are now.
        ArrayNode folders = ((ObjectNode) manifest.get("merged")).putArray("shardFolders");
        for (Path shard : List.of(a, b)) folders.add(shard.toAbsolutePath().normalize().toString());
        assertEquals(manifest, json(out.resolve("mysql-manifest.json")));
        assertEquals(json(expected.resolve("run.json")), json(out.resolve("run.json")));
        recapture(name + "/merged", out);
        assertEquals(Files.readString(expected.resolve("report.md")), Files.readString(out.resolve("report.md")));
        assertEquals(Files.readString(expected.resolve("report-text.html")), text(out.resolve("report.html")));
        return out;
    }

    private static JsonNode json(Path file) throws IOException {
        return RunResults.JSON.readTree(file.toFile());
    }

    /** report.html with each chart's SVG left out: the text, tables and facts. */
    private static String text(Path html) throws IOException {
        return Files.readString(html).replaceAll("(?s)<svg.*?</svg>", "<svg/>");
    }
}
