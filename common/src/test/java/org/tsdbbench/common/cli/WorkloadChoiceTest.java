package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.workload.StandInWorkload;

/**
 * The workload a step runs, offline: a module asked for a workload it does not take, or for one
 * the suite does not have, fails in one line naming the module and the workload before any work
 * (the stand-in databases fail the test if anything opens a session); the help and
 * {@code describe} say which workloads a module takes, and a step takes the chosen one's flags.
 */
class WorkloadChoiceTest {

    static final List<String> STEPS = List.of("write", "load", "query", "disk", "range", "volume", "mixed", "schema", "verify", "fault");

    /** Takes the devices, as every module written before workloads does. */
    private static final Database DEVICES_ONLY = new OfflineDatabase(new DatabaseDescriptor("devonly", "DevOnly", 1, "bench", "DEVONLY_PASSWORD"));
    /** Takes only the stand-in: asked for the devices, it must refuse. */
    private static final Database STAND_IN_ONLY = new OfflineDatabase(new DatabaseDescriptor("standonly", "StandOnly", 1, "bench", "STANDONLY_PASSWORD")
            .withWorkloads(StandInWorkload.INSTANCE));

    @TempDir
    Path tmp;

    /** The step of the module with these arguments is bad input: the one line expected, and no work. */
    private void assertRefused(String expected, Database db, String step, String... args) {
        OfflineCli.assertUsage(tmp, expected, OfflineCli.run(tmp, db, step, args));
    }

    @Test
    void everyStepOfAModuleAskedForAWorkloadItDoesNotTakeFailsInOneLineBeforeAnyWork() {
        for (String step : STEPS) {
            for (List<String> devices : List.of(List.of("--workload", "devices"), List.of("--workload=devices"), List.of("-workload", "devices"))) {
                assertRefused("--workload: StandOnly does not take the devices workload (it takes standin)", STAND_IN_ONLY, step,
                        devices.toArray(String[]::new));
            }
        }
    }

    @Test
    void aWorkloadTheSuiteDoesNotHaveIsNamedWithTheOnesItHas() {
        assertRefused("--workload: no workload 'trucks'; the suite has devices, iot, cpu-only", DEVICES_ONLY, "load", "--workload", "trucks");
        assertRefused("--workload: no workload 'trucks'; the suite has devices, iot, cpu-only", DEVICES_ONLY, "query", "-workload", "trucks");
    }

    /** The step's own check, whatever chose the workload: the module must take it. */
    @Test
    void theCommonOptionsCheckTheModuleTakesTheirWorkload() {
        CommonOptions standIn = new CommonOptions(StandInWorkload.INSTANCE);
        UsageException e = assertThrows(UsageException.class, () -> standIn.validate(DEVICES_ONLY.descriptor()));
        assertEquals("DevOnly does not take the standin workload (it takes devices)", e.getMessage());
    }

    /** The help lists the workloads the module takes and the default one's flags; a module's default workload is its first. */
    @Test
    void theHelpShowsTheWorkloadsAndTheChosenWorkloadsFlags() {
        CliCapture.Result devices = CliCapture.run(DEVICES_ONLY, List.of("load", "--help"));
        assertEquals(BenchCli.OK, devices.exit(), devices.output());
        assertTrue(devices.output().contains("DevOnly takes the workloads (--workload NAME"), devices.output());
        assertTrue(devices.output().contains("  devices (default)\n      the 2018 reports' devices:"), devices.output());
        assertTrue(devices.output().contains("-numOfDevices") && !devices.output().contains("--stand-in-scale"), devices.output());
        CliCapture.Result standIn = CliCapture.run(STAND_IN_ONLY, List.of("query", "--help"));
        assertEquals(BenchCli.OK, standIn.exit(), standIn.output());
        assertTrue(standIn.output().contains("--stand-in-scale") && !standIn.output().contains("-numOfDevices"), standIn.output());
        assertTrue(standIn.output().contains("  standin (default)\n      a stand-in"), standIn.output());
    }

    @Test
    void describeListsTheWorkloadsTheModuleTakes() throws Exception {
        CliCapture.Result r = CliCapture.run(STAND_IN_ONLY, List.of("describe"));
        assertEquals(BenchCli.OK, r.exit(), r.output());
        JsonNode about = new ObjectMapper().readTree(r.output().strip());
        assertEquals("standin", about.get("workloads").get(0).asText());
        assertEquals(1, about.get("workloads").size());
        JsonNode devices = new ObjectMapper().readTree(CliCapture.run(DEVICES_ONLY, List.of("describe")).output().strip());
        assertEquals("[\"devices\"]", devices.get("workloads").toString());
    }
}
