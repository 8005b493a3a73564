package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.workload.StandInWorkload;

/** A benchmark whose module does not take the settings' workload fails in its settings, before any session is opened. */
class RunSettingsWorkloadTest {

    @Test
    void aBenchmarkOfAWorkloadTheModuleDoesNotTakeFailsInOneLineBeforeAnyWork() {
        InMemoryDatabase standInOnly = new InMemoryDatabase(new DatabaseDescriptor("memory", "Memory", 1, "bench", "MEMORY_PASSWORD")
                .withWorkloads(StandInWorkload.INSTANCE));
        BenchSettings devices = new BenchSettings("memory", "127.0.0.1", 1, "bench", "bench", "MEMORY_PASSWORD", null, Map.of(),
                DeviceDataSet.generated(new WorkloadSpec(2, 3, WorkloadSpec.DEFAULT_START_TS, 1)), null, null, null, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RunSettings(standInOnly, devices));
        assertEquals("Memory does not take the devices workload (it takes standin)", e.getMessage());
        assertEquals(0, standInOnly.opened.get(), "no session opened");
        // The same module taking the devices runs them.
        new RunSettings(new InMemoryDatabase(), devices);
    }
}
