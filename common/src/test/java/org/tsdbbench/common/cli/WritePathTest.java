package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.results.WriteCellRecord;

/**
 * A module's declared write paths, offline: the descriptor refuses a path it cannot take, the
 * options select a path, {@code --write-path} sets its options (and refuses a contradiction or an
 * unknown name in one line, before any work), {@code describe} lists them, and a write step keeps
 * the cells of the other paths already in the folder.
 */
class WritePathTest {

    enum Mode { SQL, STMT, LINE }

    static final ModuleOption<Mode> MODE = ModuleOption.choice("writeMode", Mode.class, Mode.SQL, "How rows are sent.");
    static final ModuleOption<Integer> LEVEL = ModuleOption.integer("level", 3, 1, 9, "How hard it tries.");

    static final DatabaseDescriptor TWO_PATHS = new DatabaseDescriptor("paths", "Paths", 1, "bench", "PATHS_PASSWORD", MODE, LEVEL)
            .withWritePaths(WritePath.published("sql", Map.of("writeMode", "sql"), "devices"), WritePath.other("stmt", Map.of("writeMode", "stmt")));

    @TempDir
    Path tmp;

    @Test
    void theDescriptorRefusesAPathItCannotTake() {
        DatabaseDescriptor base = new DatabaseDescriptor("paths", "Paths", 1, "bench", "PATHS_PASSWORD", MODE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> base.withWritePaths(WritePath.published("x", Map.of("mode", "sql"), "devices")));
        assertEquals("Paths write path x: no option mode", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> base.withWritePaths(WritePath.published("x", Map.of("writeMode", "bulk"), "devices")));
        assertTrue(e.getMessage().startsWith("--option writeMode=bulk: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> base.withWritePaths(WritePath.published("a", Map.of(), "devices", "iot"), WritePath.published("b", Map.of(), "iot")));
        assertEquals("Paths declares more than one published write path for iot", e.getMessage());
        // one published path per workload: the devices' reports wrote through one, report C through another
        DatabaseDescriptor perWorkload = base.withWritePaths(WritePath.published("a", Map.of(), "devices"), WritePath.published("b", Map.of(), "iot"));
        assertTrue(perWorkload.writePath("a").orElseThrow().publishedFor("devices"));
        assertFalse(perWorkload.writePath("a").orElseThrow().publishedFor("iot"));
        assertTrue(perWorkload.writePath("b").orElseThrow().publishedFor("iot"));
        e = assertThrows(IllegalArgumentException.class, () -> WritePath.published("a", Map.of()));
        assertEquals("write path a: published for which workloads?", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> base.withWritePaths(WritePath.published("a", Map.of(), "devices"), WritePath.other("a", Map.of())));
        assertEquals("Paths declares write path a twice", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WritePath.other("Stmt", Map.of()));
        // the other withers keep the paths
        assertEquals(2, TWO_PATHS.withServerScript("other").withClusterScript("c").withPublishedWriteMatrix("1", "1").writePaths().size());
    }

    @Test
    void theOptionsSelectAPathByValueOrDefault() {
        assertEquals("sql", TWO_PATHS.writePathOf(Map.of()).orElseThrow().name(), "writeMode's default is sql");
        assertEquals("sql", TWO_PATHS.writePathOf(Map.of("level", "5")).orElseThrow().name());
        assertEquals("stmt", TWO_PATHS.writePathOf(Map.of("writeMode", "Stmt")).orElseThrow().name(), "compared as parsed");
        assertTrue(TWO_PATHS.writePathOf(Map.of("writeMode", "line")).isEmpty(), "line is no declared path");
        assertTrue(new DatabaseDescriptor("one", "One", 1, "bench", "ONE_PASSWORD", MODE).writePathOf(Map.of()).isEmpty());
    }

    @Test
    void writePathSetsItsOptionsAndRefusesAContradiction() throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("level", "5"));
        WritePath stmt = WriteStep.writePath(TWO_PATHS, "stmt", options);
        assertEquals("stmt", stmt.name());
        assertFalse(stmt.publishedFor("devices"));
        assertEquals(Map.of("level", "5", "writeMode", "stmt"), options);
        // the same value given again is no contradiction
        assertEquals("stmt", WriteStep.writePath(TWO_PATHS, "stmt", new LinkedHashMap<>(Map.of("writeMode", "STMT"))).name());
        UsageException e = assertThrows(UsageException.class, () -> WriteStep.writePath(TWO_PATHS, "stmt", new LinkedHashMap<>(Map.of("writeMode", "sql"))));
        assertEquals("--write-path stmt sets --option writeMode=stmt; --option writeMode=sql says otherwise", e.getMessage());
        e = assertThrows(UsageException.class, () -> WriteStep.writePath(TWO_PATHS, "bulk", new LinkedHashMap<>()));
        assertEquals("--write-path bulk: Paths has no write path bulk; it has sql, stmt", e.getMessage());
        // no name: the path the options select, or none
        assertEquals("sql", WriteStep.writePath(TWO_PATHS, null, new LinkedHashMap<>()).name());
        assertNull(WriteStep.writePath(TWO_PATHS, null, new LinkedHashMap<>(Map.of("writeMode", "line"))));
    }

    @Test
    void aBadWritePathIsOneLineBeforeAnyWork() {
        Path results = tmp.resolve("results");
        CliCapture.Result r = CliCapture.run(new OfflineDatabase(TWO_PATHS), List.of("write", "-results", results.toString(), "-port", "1", "--write-path", "stmt",
                "--option", "writeMode=sql"));
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        assertEquals(List.of("error: --write-path stmt sets --option writeMode=stmt; --option writeMode=sql says otherwise"), r.output().strip().lines().toList());
        assertFalse(Files.exists(results), "no work before the check");
        assertTrue(CliCapture.run(new OfflineDatabase(TWO_PATHS), List.of("write", "--help")).output().contains("--write-path"));
    }

    @Test
    void describeListsThePathsPublishedFirst() throws Exception {
        CliCapture.Result r = CliCapture.run(new OfflineDatabase(TWO_PATHS), List.of("describe"));
        assertEquals(BenchCli.OK, r.exit(), r.output());
        JsonNode paths = new ObjectMapper().readTree(r.output().strip()).get("writePaths");
        assertEquals(2, paths.size(), r.output());
        assertEquals("sql", paths.get(0).get("name").asText());
        assertEquals("[\"devices\"]", paths.get(0).get("publishedWorkloads").toString());
        assertEquals("stmt", paths.get(0 + 1).get("options").get("writeMode").asText());
        assertEquals(0, paths.get(1).get("publishedWorkloads").size());
    }

    private static WriteCellRecord cell(int rows, int clients, String writePath, String name) {
        return new WriteCellRecord(rows, clients, null, writePath, name, name == null ? null : name.equals("sql"), 1.0, 0.0, null, null, null, null, null,
                null, null, null, null, null, null, null, null);
    }

    @Test
    void aWriteStepKeepsTheCellsOfTheOtherPaths() {
        WritePath sql = TWO_PATHS.writePath("sql").orElseThrow();
        List<WriteCellRecord> earlier = List.of(cell(100, 1, "mode=sql", "sql"), cell(1000, 1, "mode=sql", "sql"), cell(100, 1, "mode=stmt", "stmt"),
                cell(100, 1, "mode=line", null));
        // a sql step replaces the sql cells and keeps stmt's and the unnamed line cells
        assertEquals(List.of(earlier.get(2), earlier.get(3)), WriteStep.kept(earlier, sql, "mode=sql", null));
        // an unnamed path is told by the module's words
        assertEquals(List.of(earlier.get(0), earlier.get(1), earlier.get(2)), WriteStep.kept(earlier, null, "mode=line", null));
        // a cell of a folder written before paths were named is the same path when the module's words are
        List<WriteCellRecord> older = List.of(cell(100, 1, "mode=sql", null));
        assertEquals(List.of(), WriteStep.kept(older, sql, "mode=sql", null));
        // a shard runs one cell: the other cells of its own path stay too
        assertEquals(List.of(earlier.get(1), earlier.get(2), earlier.get(3)), WriteStep.kept(earlier, sql, "mode=sql", new int[] {100, 1}));
        assertEquals(List.of(), WriteStep.kept(null, sql, "mode=sql", null));
    }
}
