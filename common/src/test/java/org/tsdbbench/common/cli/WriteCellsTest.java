package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;

/**
 * The write step's {@code --cells}: the pairs a report ran (report D's batch x workers) instead of
 * the matrix, in order, read offline; a malformed pair, a pair beside the matrix's flags and a
 * pair with more clients than the data set has are one line before any work.
 */
class WriteCellsTest {

    private static final Database OFFLINE = new OfflineDatabase(new DatabaseDescriptor("cells", "Cells", 1, "bench", "CELLS_PASSWORD"));

    @TempDir
    Path tmp;

    @Test
    void pairsAreReadInOrderDuplicatesDropped() throws Exception {
        List<int[]> pairs = WriteStep.pairs("1000x30, 3000x30,3000x10,5000x8,20000x8,1000x30");
        assertEquals(List.of("1000x30", "3000x30", "3000x10", "5000x8", "20000x8"), pairs.stream().map(p -> p[0] + "x" + p[1]).toList());
    }

    @Test
    void aMalformedPairIsOneLineNamingIt() {
        for (String bad : new String[] {"1000", "1000x", "x30", "1000x30x2", "0x5", "1000x0", "1000x30,", "ax3"}) {
            UsageException e = assertThrows(UsageException.class, () -> WriteStep.pairs(bad), bad);
            assertEquals("--cells " + bad + ": ", e.getMessage().substring(0, ("--cells " + bad + ": ").length()), e.getMessage());
        }
    }

    @Test
    void cellsBesideTheMatrixFlagsOrTooManyClientsAreRefusedBeforeAnyWork() {
        OfflineCli.assertUsage(tmp, "--cells 1000x2 and -rowsPerRequest: the cells are the pairs, give one or the other",
                OfflineCli.run(tmp, OFFLINE, "write", "--cells", "1000x2", "-rowsPerRequest", "100"));
        OfflineCli.assertUsage(tmp, "--cells 1000x2 and -writeClients: the cells are the pairs, give one or the other",
                OfflineCli.run(tmp, OFFLINE, "write", "--cells", "1000x2", "--write-clients", "2"));
        OfflineCli.assertUsage(tmp, "--cells 1000x2,3000x5000x1: '3000x5000x1' is not rows-per-request x clients (a list such as 1000x30,3000x10)",
                OfflineCli.run(tmp, OFFLINE, "write", "--cells", "1000x2,3000x5000x1"));
        OfflineCli.assertUsage(tmp, "--cells 1000x5000: must be 1..3 (each client owns whole devices)",
                OfflineCli.run(tmp, OFFLINE, "write", "--cells", "100x2,1000x5000", "-numOfDevices", "3"));
    }
}
