package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;

/**
 * A module declares the write cells the published reports ran for it per workload, and {@code describe}
 * prints them for the orchestrator, which names no report's databases itself.
 */
class PublishedCellsTest {

    private static DatabaseDescriptor taking(org.tsdbbench.common.workload.Workload... workloads) {
        return new DatabaseDescriptor("cells", "Cells", 1, "bench", "CELLS_PASSWORD").withWorkloads(workloads);
    }

    @Test
    void describePrintsEachWorkloadsCellsAndTheirSource() throws Exception {
        DatabaseDescriptor influx = taking(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportsDAndC());
        CliCapture.Result r = CliCapture.run(new OfflineDatabase(influx), List.of("describe"));
        assertEquals(BenchCli.OK, r.exit(), r.output());
        JsonNode cells = new ObjectMapper().readTree(r.output().strip()).get("publishedCells");
        assertEquals(1, cells.size(), r.output());
        assertEquals("iot", cells.get(0).get("workload").asText());
        assertEquals("1000x30,3000x30,3000x10,5000x8,20000x8,10000x12", cells.get(0).get("cells").asText());
        assertEquals("as the published reports ran it", cells.get(0).get("source").asText());
        CliCapture.Result none = CliCapture.run(new OfflineDatabase(taking(DevicesWorkload.INSTANCE)),
                List.of("describe"));
        assertEquals(null, new ObjectMapper().readTree(none.output().strip()).get("publishedCells"),
                "none declared, none printed");
    }

    @Test
    void theReportsCellsAreTheirPairsAndReportDsThirtyWorkersTheMost() {
        assertEquals("10000x12", IotPublishedCells.reportC().cells());
        assertEquals("1000x30,3000x30,3000x10,5000x8,20000x8", IotPublishedCells.reportD().cells());
        assertEquals(30, IotPublishedCells.reportsDAndC().mostClients());
        assertEquals(12, IotPublishedCells.nearest().mostClients());
        assertEquals("in neither IoT report, report C's load cell, TDengine's", IotPublishedCells.nearest().source());
    }

    @Test
    void cellsForAWorkloadNotTakenOrTwiceAreRefusedByName() {
        IllegalArgumentException notTaken = assertThrows(IllegalArgumentException.class,
                () -> taking(DevicesWorkload.INSTANCE).withPublishedCells(IotPublishedCells.reportC()));
        assertEquals("Cells declares published cells for iot, a workload it does not take", notTaken.getMessage());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> taking(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportC(), IotPublishedCells.reportD()));
        assertEquals("Cells declares published cells for iot twice", twice.getMessage());
    }
}
