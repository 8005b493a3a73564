package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by the code before the results model (captured from real runs against MariaDB:
 * {@code scripts/compare.sh --databases mysql --further} at 20 devices x 200 rows, the same with
 * {@code --server-cores 1} and without the further tests, a 2-shard load
 * and a 2-shard write with {@code scripts/shards.sh}, their merges) read into the records and
 * written back give the same JSON tree: every field name, nesting, value and null is kept.
 */
class RoundTripTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();

    @TempDir
    Path tmp;

    private static Path captured() throws URISyntaxException {
        return Path.of(RoundTripTest.class.getResource("/captured").toURI());
    }

    private static List<Path> capturedFolders() throws IOException, URISyntaxException {
        try (Stream<Path> files = Files.walk(captured())) {
            return files.filter(p -> p.getFileName().toString().equals(RunFolder.RUN_FILE)
                    || p.getFileName().toString().endsWith(RunFolder.MANIFEST_SUFFIX)).map(Path::getParent).distinct().sorted().toList();
        }
    }

    @Test
    void everyCapturedManifestAndRunJsonIsWrittenBackAsItWasRead() throws Exception {
        List<Path> folders = capturedFolders();
        assertEquals(12, folders.size(), folders.toString());
        int files = 0;
        for (Path dir : folders) {
            RunFolder in = new RunFolder(dir);
            RunFolder out = new RunFolder(Files.createDirectories(tmp.resolve(captured().relativize(dir).toString())));
            for (String db : in.manifestNames()) {
                out.writeManifest(db, in.manifest(db).orElseThrow());
                assertEquals(tree(in.manifestFile(db)), tree(out.manifestFile(db)), in.manifestFile(db).toString());
                files++;
            }
            if (in.run().isPresent()) {
                out.writeRun(in.run().orElseThrow());
                assertEquals(tree(in.runFile()), tree(out.runFile()), in.runFile().toString());
                files++;
            }
        }
        assertEquals(17, files);
    }

    /** The fields whose null (or absence) means something are kept as they were: a null stays a null, an absent field stays absent. */
    @Test
    void nullsAndAbsentFieldsStayAsTheWritersLeftThem() throws Exception {
        RunFolder compare = new RunFolder(captured().resolve("compare"));
        JsonNode run = PLAIN.valueToTree(compare.run().orElseThrow());
        assertTrue(run.has("serverCores") && run.get("serverCores").isNull(), "compare.sh writes serverCores null: every core");
        assertEquals(1, new RunFolder(captured().resolve("compare-cores")).run().orElseThrow().settings().serverCores());
        JsonNode merged = tree(tmpCopy(captured().resolve("shards-write/merged"), "merged-run").runFile());
        assertFalse(merged.has("serverCores"), "a merge does not know the core limit");

        Manifest shard = new RunFolder(captured().resolve("shards-write/shard-0")).manifest("mysql").orElseThrow();
        assertEquals(List.of(), shard.write().stream().filter(c -> c.verification() == null).toList(), "a step's cell has its verification");
        Manifest mergedManifest = new RunFolder(captured().resolve("shards-write/merged")).manifest("mysql").orElseThrow();
        WriteCellRecord cell = mergedManifest.write().get(0);
        assertTrue(cell.merged() && cell.verification() == null, "a merged cell has none of its own");
        assertEquals(2, cell.shards().size());
        assertTrue(Double.isNaN(cell.error()), "JMH's error of a merged cell is NaN, written as \"NaN\"");
        assertEquals(cell.rowsAcked() / cell.windowSeconds(), cell.rowsPerSecond(), 1e-6);
    }

    @Test
    void aFailedCellWithoutForksKeepsItsNullVerification() throws IOException {
        WriteCellRecord failed = new WriteCellRecord(100, 1, null, null, null, null, Double.NaN, Double.NaN, null, null, VerificationRecord.of(List.of()), null,
                null, null, null, null, null, null, null, "no verification record (the trial did not finish)", null);
        JsonNode node = PLAIN.readTree(ResultsJson.fileWriter().writeValueAsString(failed));
        assertTrue(node.has("verified") && node.get("verified").isNull(), node.toString());
        assertFalse(node.has("forks") || node.has("rowsAcked") || node.has("iterations"), node.toString());
        assertEquals("NaN", node.get("rowsPerSecond").asText());
    }

    @Test
    void aConnectionsModuleSettingsSitBesideItsFields() throws IOException {
        ConnectionRecord c = ConnectionRecord.of("127.0.0.1", 6030, "root", null, "from file /x", java.util.Map.of("connection", "native"));
        JsonNode node = PLAIN.readTree(ResultsJson.fileWriter().writeValueAsString(c));
        assertEquals("native", node.get("option.connection").asText(), node.toString());
        assertTrue(node.has("database") && node.get("database").isNull(), "a field the module has none of is null, as always written");
        ConnectionRecord back = ResultsJson.reader(ConnectionRecord.class).readValue(node.toString().replace("}", ", \"other\": 1}"));
        assertEquals(c, back, "read back, an unknown field ignored");
    }

    @Test
    void unknownFieldsAreIgnoredOnRead() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("newer"));
        Files.writeString(dir.resolve("db-manifest.json"), "{\"database\": \"X\", \"someday\": {\"a\": 1}, \"load\": {\"rowsSent\": 5, \"extra\": true,"
                + " \"verified\": true}}");
        Files.writeString(dir.resolve("run.json"), "{\"runId\": \"r\", \"complete\": false, \"next\": 1, \"databases\": [{\"name\": \"db\", \"status\": \"failed\","
                + " \"reason\": \"x\", \"more\": 2}]}");
        RunFolder folder = new RunFolder(dir);
        Manifest m = folder.manifest("db").orElseThrow();
        assertEquals("X", m.database());
        assertEquals(5, m.load().rowsSent());
        assertTrue(m.load().verified());
        RunRecord run = folder.run().orElseThrow();
        assertEquals(Boolean.FALSE, run.complete());
        assertEquals(new RunRecord.DatabaseStatus("db", "failed", "x"), run.databases().get(0));
        assertEquals(List.of("db"), folder.manifestNames());
    }

    @Test
    void aFileThatIsNotJsonIsNamed() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dir.resolve("db-manifest.json"), "{\"database\": ");
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> new RunFolder(dir).manifest("db"));
        assertTrue(e.getMessage().startsWith(dir.resolve("db-manifest.json") + ": not valid JSON"), e.getMessage());
        assertTrue(new RunFolder(dir).run().isEmpty(), "no run.json: nothing said");
    }

    private RunFolder tmpCopy(Path dir, String name) throws IOException {
        Path copy = Files.createDirectories(tmp.resolve(name));
        RunFolder in = new RunFolder(dir);
        RunFolder out = new RunFolder(copy);
        out.writeRun(in.run().orElseThrow());
        return out;
    }

    private static JsonNode tree(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return PLAIN.readTree(in);
        }
    }
}
