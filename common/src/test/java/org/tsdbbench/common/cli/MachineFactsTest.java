package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.DatabaseDescriptor;
import picocli.CommandLine;

class MachineFactsTest {

    @Test
    void cpuListsAreCounted() {
        assertEquals(1, MachineFacts.cpuCount("0"));
        assertEquals(2, MachineFacts.cpuCount("0-1"));
        assertEquals(3, MachineFacts.cpuCount("0-1,3"));
        assertEquals(5, MachineFacts.cpuCount("0,2,4-6"));
    }

    @Test
    void theCpusAProcessMayUseAreRead() {
        long me = ProcessHandle.current().pid();
        String cpus = MachineFacts.serverCpus(List.of(me)).orElseThrow();
        assertTrue(cpus.endsWith(" (pid " + me + ")"), cpus);
        assertEquals(Runtime.getRuntime().availableProcessors(), MachineFacts.cpuCount(cpus.substring(0, cpus.indexOf(" (pid"))), cpus);
        assertTrue(MachineFacts.serverCpus(List.of(Long.MAX_VALUE)).isEmpty(), "a pid that is not there says nothing");
    }

    @Test
    void serverCoresIsAPositiveWholeNumber() throws Exception {
        CommonOptions ok = new CommonOptions(DevicesWorkload.INSTANCE);
        new CommandLine(ok).parseArgs("--server-cores", "1");
        assertEquals(1, ok.serverCores());
        CommonOptions bad = new CommonOptions(DevicesWorkload.INSTANCE);
        new CommandLine(bad).parseArgs("--server-cores", "0");
        UsageException e = assertThrows(UsageException.class, () -> bad.validate(new DatabaseDescriptor("stub", "Stub", 1, "bench", "STUB_PASSWORD")));
        assertEquals("--server-cores 0: must be at least 1", e.getMessage());
    }
}
