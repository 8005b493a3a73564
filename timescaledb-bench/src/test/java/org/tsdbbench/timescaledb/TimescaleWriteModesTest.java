package org.tsdbbench.timescaledb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.DeviceRange;
import org.tsdbbench.common.data.GeneratedRows;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.results.StepFlags;

/**
 * The three write modes against the real server: each is verified by count through the CLI's
 * write step and named where its figures are (the manifest's server settings and write cells, the
 * write table), and each request is stored whole or not at all, which is what lets a mode count a
 * request's rows as acknowledged from the request's success.
 */
class TimescaleWriteModesTest {

    private static final WorkloadSpec SPEC = new WorkloadSpec(20, 100, WorkloadSpec.DEFAULT_START_TS, 3);

    @TempDir
    Path tmp;

    @BeforeAll
    static void serverCanBeHad() {
        assumeTrue(TimescaleServer.skipReason() == null, TimescaleServer.skipReason());
    }

    private static String option(WriteMode m) {
        return m.name().toLowerCase(Locale.ROOT);
    }

    /**
     * A warm-up iteration as in a comparison run: a cell starts on an empty table, and its first
     * requests create the chunk and compile the driver's code, which is slow beside the rest and
     * would make the measured window's latencies uneven between the two clients.
     */
    @Test
    void everyWriteModeIsNamedAndVerifiedByCount() throws Exception {
        for (WriteMode m : WriteMode.values()) {
            Path results = tmp.resolve(option(m));
            List<String> args = new ArrayList<>(List.of("write", "-numOfDevices", "20", "-rowsPerDevice", "200", "-seed", "4",
                    "-f", "0", "-wi", "1", "-w", "500ms", "-i", "1", "-r", "500ms", StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "100",
                    "--option", "writeMode=" + option(m), "-results", results.toString()));
            args.addAll(TimescaleServer.cliArgs());
            CliCapture.Result run = CliCapture.run(new TimescaleDatabase(), args);
            assertEquals(BenchCli.OK, run.exit(), run.output());
            assertTrue(run.output().contains("TimescaleDB (writeMode=" + option(m) + ")"), "the write table names the mode:\n" + run.output());
            JsonNode manifest = new ObjectMapper().readTree(results.resolve("timescaledb-manifest.json").toFile());
            assertEquals("writeMode=" + option(m), manifest.get("server").get("settings").get("writePath").asText());
            JsonNode cell = manifest.get("write").get(0);
            assertEquals("writeMode=" + option(m), cell.get("writePath").asText(), cell.toString());
            JsonNode v = cell.get("verified");
            assertTrue(v.get("rowsAcked").asLong() > 0, cell.toString());
            assertEquals(v.get("rowsAcked").asLong(), v.get("rowsStored").asLong(), cell.toString());
            assertEquals(0, v.get("failedRequests").asLong(), cell.toString());
        }
    }

    /**
     * A 1,000-row request whose last row the server refuses (a timestamp past PostgreSQL's range)
     * fails and stores none of its rows, in every mode: the batch mode's rewritten INSERTs (several:
     * the driver rewrites in blocks of a power of two of rows) included, which the driver sends as
     * one implicit transaction. The session then writes a good request whole.
     */
    @Test
    void aRequestTheServerRefusesStoresNoneOfItsRows() throws Exception {
        for (WriteMode m : WriteMode.values()) {
            try (Session s = new TimescaleDatabase().open(TimescaleServer.connection(Map.of(TimescaleDatabase.WRITE_MODE.name(), option(m))))) {
                SPEC.recreateSchema(s);
                RowBatch batch = new RowBatch(1000);
                new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, 10), false).fill(batch, 999);
                batch.add(11, "dev_11", 11, Long.MAX_VALUE / 2, 20, 50f);
                DatabaseException e = assertThrows(DatabaseException.class, () -> batch.write(s), option(m));
                assertTrue(e.getMessage().contains("out of range"), option(m) + ": " + e.getMessage());
                assertEquals(0, SPEC.countRows(s), option(m) + ": a refused request stored rows");
                batch.clear();
                new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, 10), false).fill(batch, 1000);
                assertEquals(1000, batch.write(s), option(m));
                assertEquals(1000, SPEC.countRows(s), option(m));
            }
        }
    }
}
