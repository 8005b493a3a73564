package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each workload's part of a comparison run: the cells a module writes, the phases, the steps' data-set flags. */
class WorkloadRunTest {

    private static final Module TDENGINE = parse("{\"name\":\"tdengine\",\"workloads\":[\"devices\",\"iot\"],"
            + "\"publishedWriteMatrix\":{\"rowsPerRequest\":\"1,100\",\"clients\":\"1-7\"},"
            + "\"publishedCells\":[{\"workload\":\"iot\",\"cells\":\"10000x12\","
            + "\"source\":\"as the published reports ran it\"}]}");
    private static final Module PLAIN = parse("{\"name\":\"plain\",\"workloads\":[\"devices\",\"iot\"]}");

    private static Module parse(String json) {
        try {
            return Module.parse(Path.of("m.jar"), json);
        } catch (UsageException e) {
            throw new AssertionError(e);
        }
    }

    private static DevicesRun devices(String matrix, String rowsPerRequest, String clients) {
        return new DevicesRun(100, 1000, 4, "default", matrix, rowsPerRequest, clients,
                Path.of("g.jar"), List.of("java"), Path.of("r"));
    }

    private static IotRun iot(String matrix, String rowsPerRequest, String clients) {
        return new IotRun("default", null, null, null, false, matrix, rowsPerRequest, clients);
    }

    @Test
    void theDevicesWriteTheMatrixGivenOrEachModulesPublishedOne() {
        List<String> said = new ArrayList<>();
        assertEquals(List.of("-rowsPerRequest", "100,1000", "-writeClients", "1,2"),
                devices("default", "100,1000", "1,2").writeCells(TDENGINE, said::add));
        assertEquals(List.of("-rowsPerRequest", "1,100", "-writeClients", "1-7"),
                devices("published", null, null).writeCells(TDENGINE, said::add));
        assertEquals(List.of("-rowsPerRequest", CompareCommand.DEFAULT_ROWS_PER_REQUEST, "-writeClients", "1-7"),
                devices("published", null, null).writeCells(PLAIN, said::add), "a module without a published matrix");
        assertEquals(List.of("-rowsPerRequest", "5", "-writeClients", "1-7"),
                devices("published", "5", null).writeCells(TDENGINE, said::add));
        assertEquals(List.of(), said);
    }

    @Test
    void theTrucksWriteEachModulesPublishedCellsOnlyWhenNoMatrixIsGiven() {
        List<String> said = new ArrayList<>();
        assertEquals(List.of("--cells", "10000x12"), iot("published", null, null).writeCells(TDENGINE, said::add));
        assertEquals(List.of("tdengine: iot write cells (R/R x clients) 10000x12, as the published reports ran it"),
                said);
        assertEquals(List.of("-rowsPerRequest", "100,1000", "-writeClients", "1,2"),
                iot("published", null, null).writeCells(PLAIN, said::add),
                "a module that declares none: the default matrix");
        assertEquals(List.of("-rowsPerRequest", "500", "-writeClients", "1,2"),
                iot("published", "500", null).writeCells(TDENGINE, said::add));
        assertEquals(List.of("-rowsPerRequest", "100,1000", "-writeClients", "1,2"),
                iot("default", "100,1000", "1,2").writeCells(TDENGINE, said::add));
    }

    @Test
    void theFurtherTestsAreTheDevicesAlone() {
        assertTrue(devices("default", null, null).phases(true)
                .containsAll(List.of(Phase.RANGE, Phase.MIXED, Phase.VOLUME, Phase.FIXED_RATE)));
        assertFalse(devices("default", null, null).phases(false).contains(Phase.RANGE));
        assertEquals(iot("default", null, null).phases(false), iot("default", null, null).phases(true));
        assertEquals(List.of("--blocks", "5", "--block-rows", "2000"),
                devices("default", null, null).phaseFlags(Phase.VOLUME));
        assertEquals(List.of("--workload", "iot"), iot("default", null, null).dataSetFlags(Path.of("data")));
        assertEquals("100 devices x 1000 rows in 4 files (default)", devices("default", null, null).dataSetText());
    }
}
